import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { localizedPath } from "~/domain/languages";
import { mapSearch, type MapView } from "~/domain/map-view";
import { useLanguage } from "../root-data";

const linkClass =
  "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50 aria-[current=page]:border-teal-700 aria-[current=page]:bg-teal-700 aria-[current=page]:text-white";

/**
 * The map's areas as plain links (Europe, world) and the home list's country filter as a plain GET form: both work
 * before the page's script runs, or without it.
 */
export function MapViews({ view, countries }: { view: MapView; countries: string[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const path = localizedPath(language, "/map");
  const areas = [{ kind: "europe" }, { kind: "world" }] as const;
  return (
    <div className="mt-6 flex flex-wrap items-end gap-4">
      <nav aria-label={t("map.viewsLabel")}>
        <ul className="flex gap-2">
          {areas.map((area) => (
            <li key={area.kind}>
              <Link to={`${path}${mapSearch(area)}`} aria-current={view.kind === area.kind ? "page" : undefined} className={linkClass}>
                {t(`map.${area.kind}`)}
              </Link>
            </li>
          ))}
          {view.kind === "area" ? (
            <li>
              <span aria-current="page" className={linkClass}>
                {t("map.area")}
              </span>
            </li>
          ) : null}
        </ul>
      </nav>
      {/* The select is as wide as its longest country: it may shrink to the screen's width (360 px, a long name). */}
      <form method="get" action={path} className="flex max-w-full items-end gap-2">
        <label className="flex min-w-0 flex-col text-sm font-medium text-stone-700">
          {t("map.countryLabel")}
          <select
            name="country"
            defaultValue={view.kind === "country" ? view.country : ""}
            className="mt-1 max-w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-stone-900"
          >
            <option value="">{t("map.allCountries")}</option>
            {countries.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800">
          {t("map.show")}
        </button>
      </form>
    </div>
  );
}
