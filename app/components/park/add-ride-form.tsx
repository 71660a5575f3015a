import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { LoginPrompt } from "../login-prompt";

// The form and its rules (fields, image and description inputs) are a separate
// chunk: it stays out of the park page's first-load JavaScript for visitors.
const AddRideMemberForm = lazy(() => import("./add-ride-member-form"));

/**
 * The park page's add-attraction form (docs/rules/catalogue.md#adding-a-ride).
 * Members only: visitors get a prompt to log in that brings them back here (#add-attraction-form).
 */
export function AddRideForm({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div id="add-attraction-form">
      {signedIn ? (
        <Suspense fallback={null}>
          <AddRideMemberForm />
        </Suspense>
      ) : (
        <LoginPrompt anchor="add-attraction-form">{t("contribute.attraction.loginPrompt")}</LoginPrompt>
      )}
    </div>
  );
}
