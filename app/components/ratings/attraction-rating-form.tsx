import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { OwnAttractionRating } from "~/domain/reviews";
import { LoginPrompt } from "../login-prompt";

// The form, its star inputs and its rules are a separate chunk, loaded for
// members only: visitors, most of the page's readers, never download it.
const AttractionRatingMemberForm = lazy(() => import("./attraction-rating-member-form"));

/** The member's own rating of a ride (see AttractionRatingMemberForm); visitors get a prompt to log in that brings them back here (#review-form). */
export function AttractionRatingForm({ own, signedIn }: { own: OwnAttractionRating | null; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div id="review-form">
      {signedIn ? (
        <Suspense fallback={null}>
          <AttractionRatingMemberForm own={own} />
        </Suspense>
      ) : (
        <LoginPrompt anchor="review-form">{t("ratings.attractionForm.loginPrompt")}</LoginPrompt>
      )}
    </div>
  );
}
