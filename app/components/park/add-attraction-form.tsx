import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { ADD_ATTRACTION_INTENT } from "~/domain/page-intents";
import type { AttractionField } from "~/domain/attraction-form";
import type { FieldMessages } from "~/domain/form-values";
import { LoginPrompt } from "../login-prompt";

export type AddAttractionResult =
  | { intent: typeof ADD_ATTRACTION_INTENT; created: { name: string; moderationStatus: "pending" | "approved" } }
  | { intent: typeof ADD_ATTRACTION_INTENT; errors: FieldMessages<AttractionField> };

// The form and its rules (fields, image and description inputs) are a separate
// chunk: it stays out of the park page's first-load JavaScript for visitors.
const AddAttractionMemberForm = lazy(() => import("./add-attraction-member-form"));

/**
 * The park page's add-attraction form (public site §2, §5; community §5).
 * Members only: visitors get a prompt to log in.
 */
export function AddAttractionForm({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  if (!signedIn) return <LoginPrompt>{t("contribute.attraction.loginPrompt")}</LoginPrompt>;
  return (
    <Suspense fallback={null}>
      <AddAttractionMemberForm />
    </Suspense>
  );
}
