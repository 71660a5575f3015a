import { data } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { MapViews } from "~/components/map/map-views";
import { MapParkList, UnlocatedParkList } from "~/components/map/map-park-list";
import { PannableMap } from "~/components/map/pannable-map";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { ServerSvg } from "~/components/server-svg";
import { formatDecimal } from "~/domain/format";
import { localizedPath } from "~/domain/languages";
import { mapSearch, readMapView, type MapView } from "~/domain/map-view";
import type { TFunction } from "~/i18n/translate";
import { listParkPlaces } from "~/server/catalog/park-queries";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import { loadMapPage } from "~/server/map/map-page";
import { PAGE_MAP_SIZE } from "~/server/map/map-projection";
import { packRows, unpackRows } from "~/domain/packed-rows";
import type { Route } from "./+types/map";
import { routeMessages } from "~/i18n/route-messages";
import { serverDrawn } from "~/server/server-drawn";

/**
 * /map (docs/rules/catalogue.md#map, decision 0033): the parks drawn on the server over a base map that is an image of its own
 * (`/maps/base/<frame>.svg`, cached), so this page carries only its marks and the list that stands for them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = readMapView(new URL(request.url).searchParams);
  const t = requestT(request);
  const language = requestLanguage(request);
  const heading = viewName(t, view);
  const [page, places] = await Promise.all([
    loadMapPage(context.db, view, t("map.mapLabel", { view: heading }), {
      t,
      parkHref: (slug) => localizedPath(language, `/${slug}`),
      areaHref: (bbox) => `${localizedPath(language, "/map")}?bbox=${bbox}`,
      formatRating: (rating) => formatDecimal(rating, language, 1),
    }),
    listParkPlaces(context.db, null),
  ]);
  if (view.kind === "country" && !places.countries.includes(view.country)) {
    // A country no public park is in: the page would be an empty map; a clear not-found says so.
    throw data(t("errors.notFoundTitle"), { status: 404 });
  }
  // The list as rows of values and without ids, keyed and linked by slug (decision 0063): thirty parks.
  const list = packRows(page.list.map(({ name, slug, country, averageRating }) => ({ name, slug, country, averageRating })));
  // The marks' markup is written once in a document, named in its data (decision 0068).
  const marks = serverDrawn(context, "map-marks", page.marks);
  return { view, heading, ...page, marks, list, countries: places.countries, size: PAGE_MAP_SIZE, messages: routeMessages(language, ["map"]) };
}

function viewName(t: TFunction, view: MapView): string {
  if (view.kind === "country") return view.country;
  return t(`map.${view.kind}`);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  return pageMeta(`${t("map.title")} : ${loaderData.heading} — ${t("common.appName")}`, t("map.metaDescription"), pageIdentity(matches));
}

export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, heading, size } = loaderData;
  const homeList = view.kind === "country" ? mapSearch(view) : "";
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("map.title")}</h1>
      <p className="mt-2 text-stone-600">{t("map.intro")}</p>
      <MapViews view={view} countries={loaderData.countries} />
      {/* 962: the picture at its own size inside the box's border. */}
      <figure className="mt-4 max-w-[962px]">
        {/* A new view starts centred, at the default zoom. */}
        <PannableMap key={loaderData.frameKey} mapWidth={size.width}>
          <img src={`/maps/base/${loaderData.frameKey}.svg`} alt="" width={size.width} height={size.height} draggable={false} className="block h-auto w-full" />
          <ServerSvg markup={loaderData.marks} className="absolute inset-0" />
        </PannableMap>
        <figcaption className="mt-2 flex flex-wrap justify-between gap-2 text-sm text-stone-600">
          <span>{t("map.mapLabel", { view: heading })}</span>
          <span>{t("map.credit")}</span>
        </figcaption>
      </figure>
      <MapParkList parks={unpackRows(loaderData.list)} total={loaderData.parkCount} homeSearch={homeList} />
      <UnlocatedParkList unlocated={loaderData.unlocated} />
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary("map.loadError");
