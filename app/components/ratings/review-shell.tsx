import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Link } from "react-router";
import { formatDate } from "~/domain/format";
import type { RideReview, ParkReview } from "~/domain/reviews";
import { useLanguage, useLocalizedHref } from "../root-data";
import { VoteCounts } from "./vote-counts";

// Voting and reporting (fetchers, the report form) are a separate chunk: visitors,
// who only see the counts, do without it.
const MemberReviewActions = lazy(() => import("./member-review-actions"));

/** What every review shows, a park's or a ride's: its author, date, moderation notice, comment, votes. */
export function ReviewShell({
  review,
  signedIn,
  ratingType,
  children,
}: {
  review: ParkReview | RideReview;
  signedIn: boolean;
  ratingType: "park" | "attraction";
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const href = useLocalizedHref();
  const helpful = review.helpfulCount > 0;
  const votes = { helpfulCount: review.helpfulCount, unhelpfulCount: review.unhelpfulCount, myVote: review.myVote };
  return (
    <li
      data-review-id={review.id}
      className={`rounded-xl border p-4 ${helpful ? "border-green-300 bg-green-50" : "border-stone-200 bg-white"}`}
    >
      <p className="text-sm text-stone-700">
        <Link to={href(`/profile/${review.userId}`)} className="font-semibold text-teal-900 underline-offset-2 hover:underline">
          {review.username}
        </Link>
        {review.isMine ? <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">{t("ratings.reviews.yourReview")}</span> : null}
        <time dateTime={review.createdAt} className="ml-2 text-stone-500">
          {formatDate(review.createdAt, language)}
        </time>
      </p>
      {review.hidden ? (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900">{t("ratings.reviews.hiddenNotice")}</p>
      ) : null}
      {children}
      {/* Rendered as text: React escapes it, so HTML in a comment shows as typed. */}
      {review.comment ? <p className="mt-2 whitespace-pre-line text-stone-800">{review.comment}</p> : null}
      {signedIn && !review.isMine ? (
        <Suspense fallback={<VoteCounts votes={votes} signedIn anchor={`${ratingType}-reviews`} />}>
          <MemberReviewActions ratingType={ratingType} ratingId={review.id} votes={votes} reported={review.reportedByMe} />
        </Suspense>
      ) : (
        <VoteCounts votes={votes} signedIn={signedIn} anchor={`${ratingType}-reviews`} />
      )}
    </li>
  );
}
