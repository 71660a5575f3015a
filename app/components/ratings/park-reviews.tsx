import { useTranslation } from "~/i18n/translation-context";
import type { ParkRatingCategory } from "~/domain/park-rating-categories";
import type { ShownReviews } from "~/domain/review-paging";
import type { ParkReview } from "~/domain/reviews";
import { ResponsiveImage } from "../responsive-image";
import { MoreReviews } from "./more-reviews";
import { StarsShown } from "./rating-summary";
import { ReviewShell } from "./review-shell";

/**
 * Park reviews (docs/rules/ratings.md#park-reviews-order): ordered by helpful votes then newest, a
 * page at a time (decision 0027), on the first one after the member's own
 * review (the loader puts it there). The top one is shown and the others fold out; a review
 * with a helpful vote is highlighted in green. Later pages (`?avis=`, the
 * link's address without JavaScript) show theirs unfolded.
 */
export function ParkReviews({
  parkId,
  page,
  signedIn,
}: {
  parkId: string;
  page: ShownReviews<ParkReview>;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const item = (review: ParkReview) => <ParkReviewItem key={review.id} review={review} signedIn={signedIn} />;
  const more = <MoreReviews kind="park" targetId={parkId} page={page} renderReview={item} />;
  const [top, ...rest] = page.reviews;
  return (
    <section aria-labelledby="park-reviews" className="mt-8">
      <h2 id="park-reviews" className="text-xl font-bold">
        {t("ratings.reviews.parkTitle")}
      </h2>
      {top ? (
        <>
          <ul className="mt-3 space-y-3">{item(top)}</ul>
          {rest.length > 0 ? (
            // Open on a later page: its reader asked for these reviews.
            <details className="mt-3" open={page.firstPageAddress !== null}>
              <summary className="cursor-pointer font-medium text-teal-800">{t("ratings.reviews.showMore", { count: rest.length })}</summary>
              <ul className="mt-3 space-y-3">{rest.map(item)}</ul>
              {more}
            </details>
          ) : (
            more
          )}
        </>
      ) : page.firstPageAddress === null ? (
        <p className="mt-3 text-stone-600">{t("ratings.reviews.empty")}</p>
      ) : (
        more
      )}
    </section>
  );
}

function ParkReviewItem({ review, signedIn }: { review: ParkReview; signedIn: boolean }) {
  const { t } = useTranslation();
  // The scores come in display order (PARK_RATING_CATEGORIES): review-queries.ts writes them so. Reading that
  // list here would put it in a chunk of its own on the park page's first load, which is at its budget.
  const scores = Object.entries(review.stars) as [ParkRatingCategory, number | null][];
  return (
    <ReviewShell review={review} signedIn={signedIn} ratingType="park">
      <dl className="review-scores">
        {scores.map(([category, value]) =>
          value === null ? null : (
            <div key={category}>
              <dt>{t(`park.ratings.categories.${category}`)}</dt>
              <dd>
                <StarsShown value={value} />
              </dd>
            </div>
          ),
        )}
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
