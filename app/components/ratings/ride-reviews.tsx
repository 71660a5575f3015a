import { useTranslation } from "~/i18n/translation-context";
import type { ShownReviews } from "~/domain/review-paging";
import type { RideReview } from "~/domain/reviews";
import { MoreReviews } from "./more-reviews";
import { StarsShown } from "./rating-summary";
import { ReviewShell } from "./review-shell";

/** Ride reviews, newest first, with the audience each reviewer chose; a page at a time, the member's own first on the first (decision 0027). */
export function RideReviews({
  rideId,
  page,
  signedIn,
}: {
  rideId: string;
  page: ShownReviews<RideReview>;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const item = (review: RideReview) => <RideReviewItem key={review.id} review={review} signedIn={signedIn} />;
  return (
    <section aria-labelledby="attraction-reviews" className="mt-8">
      <h2 id="attraction-reviews" className="text-xl font-bold">
        {t("ratings.reviews.attractionTitle")}
      </h2>
      {page.reviews.length === 0 && page.firstPageAddress === null ? (
        <p className="mt-3 text-stone-600">{t("ratings.reviews.empty")}</p>
      ) : (
        <>
          <ul className="mt-3 space-y-3">{page.reviews.map(item)}</ul>
          <MoreReviews kind="attraction" targetId={rideId} page={page} renderReview={item} />
        </>
      )}
    </section>
  );
}

function RideReviewItem({ review, signedIn }: { review: RideReview; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <ReviewShell review={review} signedIn={signedIn} ratingType="attraction">
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <StarsShown value={review.rating} />
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">{t(`park.audiences.${review.audienceType}`)}</span>
      </p>
    </ReviewShell>
  );
}
