import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { OwnRideRating } from "~/domain/reviews";
import { LoginPrompt } from "../login-prompt";

// The form, its star inputs and its rules are a separate chunk, loaded for
// members only: visitors, most of the page's readers, never download it.
const RideRatingMemberForm = lazy(() => import("./ride-rating-member-form"));

/** The member's own rating of a ride (see RideRatingMemberForm); visitors get a prompt to log in that brings them back here (#review-form). */
export function RideRatingForm({ own, signedIn }: { own: OwnRideRating | null; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div id="review-form">
      {signedIn ? (
        <Suspense fallback={null}>
          <RideRatingMemberForm own={own} />
        </Suspense>
      ) : (
        <LoginPrompt anchor="review-form">{t("ratings.attractionForm.loginPrompt")}</LoginPrompt>
      )}
    </div>
  );
}
