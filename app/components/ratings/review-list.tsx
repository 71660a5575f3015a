import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Link } from "react-router";
import { formatDate } from "~/domain/format";
import { PARK_RATING_CATEGORIES } from "~/domain/park-rating-categories";
import type { AttractionReview, ParkReview } from "~/domain/reviews";
import { ResponsiveImage } from "../responsive-image";
import { useLanguage, useLocalizedHref } from "../root-data";
import { StarsShown } from "./rating-summary";
import { VoteCounts } from "./vote-counts";

// Voting and reporting (fetchers, the report form) are a separate chunk: visitors,
// who only see the counts, do without it.
const MemberReviewActions = lazy(() => import("./member-review-actions"));


/**
 * Park reviews (public site §2): already ordered by helpful votes then newest;
 * the top one is shown, the others fold out; a review with a helpful vote is
 * highlighted in green.
 */
export function ParkReviews({ reviews, signedIn }: { reviews: ParkReview[]; signedIn: boolean }) {
  const { t } = useTranslation();
  const [top, ...rest] = reviews;
  return (
    <section aria-labelledby="park-reviews" className="mt-8">
      <h2 id="park-reviews" className="text-xl font-bold">
        {t("ratings.reviews.parkTitle")}
      </h2>
      {!top ? (
        <p className="mt-3 text-stone-600">{t("ratings.reviews.empty")}</p>
      ) : (
        <>
          <ul className="mt-3 space-y-3">
            <ParkReviewItem review={top} signedIn={signedIn} />
          </ul>
          {rest.length > 0 ? (
            <details className="mt-3">
              <summary className="cursor-pointer font-medium text-teal-800">{t("ratings.reviews.showMore", { count: rest.length })}</summary>
              <ul className="mt-3 space-y-3">
                {rest.map((review) => (
                  <ParkReviewItem key={review.id} review={review} signedIn={signedIn} />
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

function ParkReviewItem({ review, signedIn }: { review: ParkReview; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <ReviewShell review={review} signedIn={signedIn} ratingType="park">
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {PARK_RATING_CATEGORIES.filter((category) => review.stars[category] !== null).map((category) => (
          <div key={category} className="flex items-center gap-1">
            <dt className="text-stone-600">{t(`park.ratings.categories.${category}`)}</dt>
            <dd>
              <StarsShown value={review.stars[category]!} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-sm text-stone-600">{t("ratings.reviews.visited", { duration: t(`park.visitDuration.${review.visitDuration}`) })}</p>
      {review.images.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {review.images.map((image) => (
            <li key={image} className="w-32">
              <ResponsiveImage image={image} alt={t("ratings.reviews.photoAlt", { username: review.username })} sizes="128px" className="h-auto w-full rounded-lg" />
            </li>
          ))}
        </ul>
      ) : null}
    </ReviewShell>
  );
}

/** Ride reviews, newest first, with the audience each reviewer chose. */
export function AttractionReviews({ reviews, signedIn }: { reviews: AttractionReview[]; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="attraction-reviews" className="mt-8">
      <h2 id="attraction-reviews" className="text-xl font-bold">
        {t("ratings.reviews.attractionTitle")}
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-3 text-stone-600">{t("ratings.reviews.empty")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {reviews.map((review) => (
            <ReviewShell key={review.id} review={review} signedIn={signedIn} ratingType="attraction">
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                <StarsShown value={review.rating} />
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">{t(`park.audiences.${review.audienceType}`)}</span>
              </p>
            </ReviewShell>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewShell({
  review,
  signedIn,
  ratingType,
  children,
}: {
  review: ParkReview | AttractionReview;
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
        <span className="ml-2 text-stone-500">
          <time dateTime={review.createdAt}>{formatDate(review.createdAt, language)}</time>
        </span>
      </p>
      {review.hidden ? (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900">{t("ratings.reviews.hiddenNotice")}</p>
      ) : null}
      {children}
      {/* Rendered as text: React escapes it, so HTML in a comment shows as typed. */}
      {review.comment ? <p className="mt-2 whitespace-pre-line text-stone-800">{review.comment}</p> : null}
      {signedIn && !review.isMine ? (
        <Suspense fallback={<VoteCounts votes={votes} signedIn />}>
          <MemberReviewActions ratingType={ratingType} ratingId={review.id} votes={votes} reported={review.reportedByMe} />
        </Suspense>
      ) : (
        <VoteCounts votes={votes} signedIn={signedIn} />
      )}
    </li>
  );
}
