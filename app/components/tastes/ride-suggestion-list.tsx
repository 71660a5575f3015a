import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { useLocalizedHref } from "~/components/root-data";
import type { RideSuggestionView } from "~/domain/member-tastes";

/**
 * Rides for the member ("Pour vous", decision 0078): each links to its page, with its park (`withPark`, where the
 * list spans parks) and the reason in one line.
 */
export function RideSuggestionList({ suggestions, withPark }: { suggestions: readonly RideSuggestionView[]; withPark: boolean }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <ol className="mt-3 space-y-2" data-for-you>
      {suggestions.map((ride) => (
        <li key={`${ride.parkSlug}/${ride.slug}`}>
          <Link to={href(`/${ride.parkSlug}/${ride.slug}`)} className="font-medium text-teal-800 underline-offset-2 hover:underline">
            {ride.name}
          </Link>
          {withPark ? <span className="text-stone-600"> · {ride.parkName}</span> : null}
          <span className="block text-sm text-stone-600">
            {ride.supporters > 0 ? t("forYou.lovedBy", { count: ride.supporters }) : t("forYou.wellRanked")}
          </span>
        </li>
      ))}
    </ol>
  );
}
