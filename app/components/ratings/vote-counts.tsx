import { Link } from "react-router";
import type { ReviewVotes } from "~/domain/rating-rules";
import { useTranslation } from "~/i18n/translation-context";
import { useLocalizedHref } from "../root-data";

/** A review's helpful and unhelpful counts, with 'Connectez-vous pour voter' for visitors (public site §4). */
export function VoteCounts({ votes, signedIn }: { votes: ReviewVotes; signedIn: boolean }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-stone-600">
      <span>{t("ratings.reviews.helpfulCount", { count: votes.helpfulCount })}</span>
      <span>{t("ratings.reviews.unhelpfulCount", { count: votes.unhelpfulCount })}</span>
      {!signedIn ? (
        <Link to={href("/login")} className="font-medium text-teal-800 underline">
          {t("ratings.errors.voteLoginRequired")}
        </Link>
      ) : null}
    </div>
  );
}
