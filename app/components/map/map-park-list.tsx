import { useTranslation } from "~/i18n/translation-context";
import { formatDecimal } from "~/domain/format";
import { localizedPath } from "~/domain/languages";
import type { MapListPark, UnlocatedParks } from "~/domain/map-parks";
import { useLanguage } from "../root-data";

/**
 * What the map shows, as a list of links (for screen readers and keyboards, and for anyone who would rather
 * read): the best rated parks of the view, capped, and a link to the home list for the rest.
 */
export function MapParkList({ parks, total, homeSearch }: { parks: Omit<MapListPark, "id">[]; total: number; homeSearch: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section aria-labelledby="map-list" className="mt-8">
      <h2 id="map-list" className="text-xl font-bold">
        {t("map.listTitle")}
      </h2>
      {total === 0 ? (
        <p className="mt-2 text-stone-600">{t("map.listEmpty")}</p>
      ) : (
        <>
          <p className="mt-2 text-stone-600">
            {t("map.listCount", { count: total })} {total > parks.length ? t("map.listBest", { shown: parks.length }) : null}
          </p>
          <ol className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
            {parks.map((park) => (
              <li key={park.slug}>
                <a href={localizedPath(language, `/${park.slug}`)} className="map-list-park">
                  {park.name}
                </a>
                <span className="map-list-facts">
                  {" "}
                  · {park.country} ·{" "}
                  {park.averageRating === null ? t("map.unrated") : t("common.averageRatingOutOf5", { value: formatDecimal(park.averageRating, language, 1) })}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <p className="mt-3">
        <a href={`${localizedPath(language, "/")}${homeSearch}`} className="font-semibold text-teal-800 underline underline-offset-2">
          {t("map.listAll")}
        </a>
      </p>
    </section>
  );
}

/** "3 parcs sans position", and their names: they exist, they are just not on the map. */
export function UnlocatedParkList({ unlocated }: { unlocated: UnlocatedParks }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (unlocated.total === 0) return null;
  return (
    <section aria-labelledby="map-unlocated" className="mt-8">
      <h2 id="map-unlocated" className="text-lg font-bold">
        {t("map.unlocated", { count: unlocated.total })}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("map.unlocatedNote")}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {unlocated.parks.map((park) => (
          <li key={park.slug}>
            <a href={localizedPath(language, `/${park.slug}`)} className="text-teal-800 underline underline-offset-2">
              {park.name}
            </a>{" "}
            <span className="text-sm text-stone-600">({park.country})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
