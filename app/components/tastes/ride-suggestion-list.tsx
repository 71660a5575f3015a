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
    // Styled once for the list (taste-list in app/app.css, decision 0063): the items carry no class.
    <ol className="taste-list">
      {suggestions.map((ride) => (
        <li key={`${ride.parkSlug}/${ride.slug}`}>
          <Link to={href(`/${ride.parkSlug}/${ride.slug}`)}>{ride.name}</Link>
          {withPark ? <span> · {ride.parkName}</span> : null}
          <small>{ride.supporters > 0 ? t("forYou.lovedBy", { count: ride.supporters }) : t("forYou.wellRanked")}</small>
        </li>
      ))}
    </ol>
  );
}
