import { Suspense, lazy, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { ADD_RIDE_FORM_PARAM, ADD_RIDE_INTENT } from "~/domain/page-intents";
import type { AddRideAnswer } from "~/domain/page-answers";
import { LoginPrompt } from "../login-prompt";
import { useDocumentAnswer } from "../use-page-form-fetcher";

// The form and its rules (fields, image and description inputs) are a separate chunk, fetched when a member opens it.
const AddRideMemberForm = lazy(() => import("./add-ride-member-form"));

/**
 * The park page's add-attraction form (docs/rules/catalogue.md#adding-a-ride).
 * Members only: visitors get a prompt to log in that brings them back here (#add-attraction-form).
 */
export function AddRideForm({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return signedIn ? (
    <AddRideSection />
  ) : (
    <div id="add-attraction-form">
      <LoginPrompt anchor="add-attraction-form">{t("contribute.attraction.loginPrompt")}</LoginPrompt>
    </div>
  );
}

/**
 * The form is folded behind a link (decision 0072): most members' visits add no ride, and its thirty fields
 * and fifty makers weighed 7.6 KB of every member's park page. The link opens it in place; before the page's
 * script runs, the browser follows it to the same page with the form open (ADD_RIDE_FORM_PARAM). A form
 * posted without script comes back open with its answer.
 */
function AddRideSection() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const postedAnswer = useDocumentAnswer<AddRideAnswer>({ intent: ADD_RIDE_INTENT });
  const [openedHere, setOpenedHere] = useState(false);
  const open = openedHere || searchParams.has(ADD_RIDE_FORM_PARAM) || postedAnswer !== undefined;
  return (
    <section id="add-attraction-form" aria-labelledby="add-attraction" className="mt-10 rounded-2xl border border-stone-200 bg-white p-6">
      <h2 id="add-attraction" className="text-xl font-bold">
        {t("contribute.attraction.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("contribute.attraction.intro")}</p>
      {open ? (
        <Suspense fallback={null}>
          <AddRideMemberForm focusFirstField={openedHere} />
        </Suspense>
      ) : (
        <a
          href={`?${ADD_RIDE_FORM_PARAM}#add-attraction-form`}
          onClick={(event) => {
            event.preventDefault();
            setOpenedHere(true);
          }}
          className="mt-4 inline-block rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800"
        >
          {t("contribute.attraction.open")}
        </a>
      )}
    </section>
  );
}
