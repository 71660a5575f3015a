import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { useLocalizedHref } from "~/components/root-data";
import type { RideSuggestionView, TasteNeighbourView } from "~/domain/member-tastes";
import { RideSuggestionList } from "~/components/tastes/ride-suggestion-list";

/**
 * The own profile's "Pour vous" and "Ils ont les mêmes goûts que vous" (docs/rules/profiles.md#for-you): what the
 * tastes job last found for the member (decision 0078).
 */
export function ForYouSection({ suggestions, neighbours }: { suggestions: readonly RideSuggestionView[]; neighbours: readonly TasteNeighbourView[] }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <section aria-labelledby="for-you" className="taste-box">
      <h2 id="for-you" className="text-xl font-bold">
        {t("forYou.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("forYou.intro")}</p>
      {suggestions.length > 0 ? <RideSuggestionList suggestions={suggestions} withPark /> : <p className="mt-3 text-stone-600">{t("forYou.empty")}</p>}
      <h3 id="same-taste" className="mt-5 font-semibold">
        {t("forYou.sameTaste")}
      </h3>
      {neighbours.length > 0 ? (
        <ul aria-labelledby="same-taste" className="taste-list">
          {neighbours.map((neighbour) => (
            <li key={neighbour.userId}>
              <Link to={href(`/profile/${neighbour.userId}`)}>{neighbour.username}</Link>
              <span> — {t("forYou.sharedRides", { count: neighbour.sharedRides })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-stone-600">{t("forYou.sameTasteEmpty")}</p>
      )}
    </section>
  );
}
