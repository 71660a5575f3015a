import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { OwnParkRating } from "~/domain/reviews";
import { LoginPrompt } from "../login-prompt";

// The form, its star inputs and its rules are a separate chunk, loaded for
// members only: visitors, most of the page's readers, never download it.
const ParkRatingMemberForm = lazy(() => import("./park-rating-member-form"));

/** The member's own park review (see ParkRatingMemberForm); visitors get a prompt to log in that brings them back here (#review-form). */
export function ParkRatingForm({ own, signedIn }: { own: OwnParkRating | null; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div id="review-form">
      {signedIn ? (
        <Suspense fallback={null}>
          <ParkRatingMemberForm own={own} />
        </Suspense>
      ) : (
        <LoginPrompt anchor="review-form">{t("ratings.parkForm.loginPrompt")}</LoginPrompt>
      )}
    </div>
  );
}
