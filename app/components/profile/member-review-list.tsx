import { useTranslation } from "~/i18n/translation-context";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { formatDate, formatDecimal } from "~/domain/format";
import { MEMBER_REVIEW_SORTS, type MemberReviewPage, type MemberReviewSort } from "~/domain/member-reviews";
import { useLanguage, useLocalizedHref } from "../root-data";
import { ProfileSection } from "./profile-section";

type Props = { page: MemberReviewPage; sort: MemberReviewSort; title: string };

/**
 * The member's park and attraction reviews, sortable (docs/rules/profiles.md#member-reviews). Sorting
 * is a GET form, so it works before the scripts load; once they have, a change
 * of the select submits it at once.
 */
export function MemberReviewList({ page, sort, title }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const href = useLocalizedHref();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Another sort or page of the same profile is loading: the list is about to change.
  const busy = navigation.state === "loading" && navigation.location.pathname === pathname;
  // Keyset links (decision 0031): the page after the last review shown, or before the first one.
  const pageLink = (direction: "after" | "before", reviewId: string) =>
    `?${new URLSearchParams({ sort, [direction]: reviewId })}#profile-reviews`;
  return (
    <ProfileSection
      id="profile-reviews"
      title={title}
      action={
        <Form method="get" preventScrollReset className="flex items-center gap-2" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
          <label htmlFor="review-sort" className="text-sm font-medium">
            {t("profile.reviews.sortLabel")}
          </label>
          <select id="review-sort" name="sort" defaultValue={sort} className="rounded-lg border border-stone-300 bg-white px-2 py-1 text-sm">
            {MEMBER_REVIEW_SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`profile.reviews.sorts.${option}`)}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="rounded-lg border border-stone-300 px-2 py-1 text-sm">
              {t("profile.reviews.sortApply")}
            </button>
          </noscript>
        </Form>
      }
    >
      <div aria-busy={busy} className={busy ? "opacity-60" : undefined}>
        {page.reviews.length === 0 ? (
          <p className="text-stone-600">{t("profile.reviews.empty")}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {page.reviews.map((review) => (
              <li key={review.id} className="py-3">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="rounded bg-stone-100 px-1.5 text-xs font-semibold uppercase text-stone-700">
                    {t(`profile.reviews.kinds.${review.kind}`)}
                  </span>
                  <Link
                    to={href(review.kind === "park" ? `/parks/${review.targetId}` : `/attractions/${review.targetId}`)}
                    className="font-semibold text-teal-800 underline-offset-2 hover:underline"
                  >
                    {review.targetName}
                  </Link>
                  {review.parkName ? <span className="text-sm text-stone-600">{t("profile.reviews.inPark", { park: review.parkName })}</span> : null}
                </p>
                <p className="mt-1 text-sm text-stone-700">
                  <span className="font-medium">{t("profile.reviews.rating", { value: formatDecimal(review.rating, language, 1) })}</span>
                  {" · "}
                  <time dateTime={review.createdAt}>{formatDate(review.createdAt, language)}</time>
                </p>
                {review.hidden ? (
                  <p className="mt-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900">{t("ratings.reviews.hiddenNotice")}</p>
                ) : null}
                {review.comment ? <p className="mt-1 whitespace-pre-line text-stone-800">{review.comment}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {page.previous || page.next ? (
          <nav aria-label={t("profile.reviews.pagination")} className="mt-4 flex items-center justify-between text-sm">
            {page.previous ? (
              <Link to={pageLink("before", page.previous)} preventScrollReset className="font-medium text-teal-800 hover:underline">
                {t("profile.reviews.previous")}
              </Link>
            ) : (
              <span />
            )}
            {page.next ? (
              <Link to={pageLink("after", page.next)} preventScrollReset className="font-medium text-teal-800 hover:underline">
                {t("profile.reviews.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </ProfileSection>
  );
}
