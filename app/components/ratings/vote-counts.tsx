import { Link } from "react-router";
import type { ReviewVotes } from "~/domain/rating-rules";
import { useTranslation } from "~/i18n/translation-context";
import { useLoginHref } from "../login-prompt";

/**
 * A review's helpful and unhelpful counts, with 'Connectez-vous pour voter' for
 * visitors, which brings them back to the reviews (`anchor`, their section's title).
 */
export function VoteCounts({ votes, signedIn, anchor }: { votes: ReviewVotes; signedIn: boolean; anchor: string }) {
  const { t } = useTranslation();
  const loginHref = useLoginHref(anchor);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-stone-600">
      <span>{t("ratings.reviews.helpfulCount", { count: votes.helpfulCount })}</span>
      <span>{t("ratings.reviews.unhelpfulCount", { count: votes.unhelpfulCount })}</span>
      {!signedIn ? (
        <Link to={loginHref} className="font-medium text-teal-800 underline">
          {t("ratings.errors.voteLoginRequired")}
        </Link>
      ) : null}
    </div>
  );
}
