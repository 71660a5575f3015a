import { useTranslation } from "~/i18n/translation-context";
import { Form, Link, useSubmit } from "react-router";
import { AverageRating } from "~/components/average-rating";
import { StarIcon } from "~/components/icons";
import { metaT, pageMeta } from "~/components/page-meta";
import { useLanguage } from "~/components/root-data";
import { SearchBox } from "~/components/search-box";
import { localizedPath } from "~/domain/languages";
import { packRows, unpackRows } from "~/domain/packed-rows";
import { formatDistanceKm, nearParam } from "~/domain/distance";
import {
  DISTANCE_SORT,
  PARKS_PER_PAGE,
  PARK_SORTS,
  parkListSearch,
  readParkListFilters,
  toggledMinRating,
  type ParkListFilters,
} from "~/domain/park-list";
import { PendingContributions } from "~/components/pending-contributions";
import { ResponsiveImage } from "~/components/responsive-image";
import { listParkPlaces, listParks, type ParkCard } from "~/server/catalog/park-queries";
import { listPendingContributions } from "~/server/contributions/pending-contributions";
import { listTopDuels } from "~/server/rankings/duel-ranking";
import { resolveDistanceOrigin } from "~/server/geo/distance-origin";
import { requestLanguage } from "~/server/language";
import { NearMePanel } from "~/components/near-me/near-me-panel";
import { TopDuelsCarousel } from "~/components/rankings/top-duels-carousel";
import type { Route } from "./+types/home";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { routeMessages } from "~/i18n/route-messages";
import { useMemberView } from "~/components/member-view";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.currentUser;
  // The typed town is looked up first: an unknown one leaves the list as it was without it.
  const { filters, point, origin, unknownTown } = await resolveDistanceOrigin(
    readParkListFilters(new URL(request.url).searchParams),
    requestLanguage(request),
    context.logger,
  );
  const [list, places, pending, topDuels] = await Promise.all([
    listParks(context.db, filters, point),
    listParkPlaces(context.db, filters.country),
    user ? listPendingContributions(context.db, user.id) : [],
    // The carousel failing leaves the parks list standing, with its own message in its place (docs/rules/catalogue.md#top-duels-carousel).
    listTopDuels(context.db).catch((error: unknown) => {
      context.logger.error({ err: error }, "top duels failed to load");
      return null;
    }),
  ]);
  // The cards and the Top Duels' rows as rows of values (decision 0063): the lists that weigh most in the page's data.
  return {
    filters,
    origin,
    unknownTown,
    total: list.total,
    parks: packRows(list.parks),
    ...places,
    pending,
    topDuels: topDuels?.map(({ type, leaders }) => ({ type, leaders: packRows(leaders) })) ?? null,
    messages: routeMessages(requestLanguage(request), ["home", "attractionTypes", "contribute.pending", "park.location"]),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return t ? pageMeta(t("home.title"), t("meta.defaultDescription")) : [];
}

export default function Home(props: Route.ComponentProps) {
  // On a member's shared page, their own fields in place of the visitor's (decision 0060).
  const loaderData = useMemberView(props.loaderData);
  const { t } = useTranslation();
  const { filters, total } = loaderData;
  const parks = unpackRows(loaderData.parks);
  const pages = Math.max(1, Math.ceil(total / PARKS_PER_PAGE));
  const filtered = Boolean(filters.country || filters.minRating);
  return (
    <>
      <section className="bg-gradient-to-br from-teal-800 to-teal-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t("home.heroTitle")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-teal-50">{t("home.heroSubtitle")}</p>
          <SearchBox />
        </div>
      </section>
      <PendingContributions items={loaderData.pending} />
      <TopDuelsCarousel blocks={loaderData.topDuels} />
      <section aria-labelledby="featured-parks" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="featured-parks" className="text-2xl font-bold">
          {t("home.featuredParks.title")}
        </h2>
        <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
          <div className="space-y-4 lg:self-start">
            <ParkFilters filters={filters} countries={loaderData.countries} regions={loaderData.regions} />
            <NearMePanel filters={filters} origin={loaderData.origin} unknownTown={loaderData.unknownTown} />
          </div>
          <div>
            <p role="status" className="text-sm text-stone-600">
              {t("home.featuredParks.count", { count: total })}
            </p>
            {parks.length === 0 ? (
              <p className="mt-6 text-stone-600">{filtered ? t("home.featuredParks.noMatch") : t("home.featuredParks.noParks")}</p>
            ) : (
              <ul className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                {parks.map((park) => (
                  <li key={park.slug}>
                    <ParkCardView park={park} />
                  </li>
                ))}
              </ul>
            )}
            {pages > 1 ? <Pagination filters={filters} pages={pages} /> : null}
          </div>
        </div>
      </section>
    </>
  );
}

/** Country, region, minimum rating and sort, all in the address; works without JavaScript too. */
function ParkFilters({ filters, countries, regions }: { filters: ParkListFilters; countries: string[]; regions: string[] }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const control = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2";
  const change = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form!;
    const data = new FormData(form);
    if (event.currentTarget.name === "country") data.delete("region");
    data.delete("page");
    // Each filter change is a history entry: Back returns to the previous list.
    submit(data, { method: "get", preventScrollReset: true });
  };
  const withMin = (min: number) => parkListSearch({ ...filters, minRating: toggledMinRating(filters.minRating, min), page: 1 });
  return (
    <Form method="get" preventScrollReset aria-label={t("home.filters.title")} className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
      <label className="block text-sm font-medium">
        {t("home.filters.country")}
        <select name="country" value={filters.country ?? ""} onChange={change} className={control}>
          <option value="">{t("home.filters.allCountries")}</option>
          {countries.map((country) => (
            <option key={country}>{country}</option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t("home.filters.region")}
        <select name="region" value={filters.region ?? ""} onChange={change} disabled={!filters.country} className={control}>
          <option value="">{t("home.filters.allRegions")}</option>
          {regions.map((region) => (
            <option key={region}>{region}</option>
          ))}
        </select>
      </label>
      {filters.minRating ? <input type="hidden" name="min" value={filters.minRating} /> : null}
      {/* The distance's origin survives a change of filter or sort. */}
      {filters.near ? <input type="hidden" name="near" value={nearParam(filters.near)} /> : null}
      {filters.town ? <input type="hidden" name="town" value={filters.town} /> : null}
      <fieldset>
        <legend className="text-sm font-medium">{t("home.filters.minRating")}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <Link
              key={stars}
              to={withMin(stars) || "?"}
              preventScrollReset
              aria-current={filters.minRating === stars ? "true" : undefined}
              aria-label={t("home.filters.atLeast", { count: stars })}
              className={`rounded p-1 ${stars <= filters.minRating ? "text-amber-500" : "text-stone-300"} hover:text-amber-400`}
            >
              <StarIcon className="h-6 w-6" />
            </Link>
          ))}
        </div>
      </fieldset>
      <label className="block text-sm font-medium">
        {t("home.filters.sort")}
        <select name="sort" value={filters.sort} onChange={change} className={control}>
          {PARK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`home.filters.sorts.${sort}`)}
            </option>
          ))}
          {filters.near || filters.town ? <option value={DISTANCE_SORT}>{t("home.near.sort")}</option> : null}
        </select>
      </label>
      <div className="flex gap-2">
        <noscript>
          <button type="submit" className="rounded-lg bg-teal-700 px-3 py-2 font-semibold text-white">
            {t("home.filters.apply")}
          </button>
        </noscript>
        <Link to="." preventScrollReset className="rounded-lg border border-stone-300 px-3 py-2 font-semibold text-stone-800 hover:bg-stone-50">
          {t("home.filters.reset")}
        </Link>
      </div>
    </Form>
  );
}

function Pagination({ filters, pages }: { filters: ParkListFilters; pages: number }) {
  const { t } = useTranslation();
  const link = "rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-50";
  return (
    <nav aria-label={t("home.pagination.label")} className="mt-6 flex items-center justify-between">
      {filters.page > 1 ? (
        <Link to={parkListSearch({ ...filters, page: filters.page - 1 }) || "?"} className={link}>
          {t("home.pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600">{t("home.pagination.page", { page: filters.page, pages })}</span>
      {filters.page < pages ? (
        <Link to={parkListSearch({ ...filters, page: filters.page + 1 })} className={link}>
          {t("home.pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function ParkCardView({ park }: { park: ParkCard }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    // Component classes (app/app.css, decisions 0061 and 0063): a page shows 24 cards; the name and place under
    // the picture are styled from the card (`.park-card h3`, `h3 + p`).
    <Link to={localizedPath(language, `/${park.slug}`)} className="park-card">
      <ResponsiveImage
        image={park.imageUrl}
        alt=""
        sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
        className="aspect-[3/2] h-auto w-full object-cover"
      />
      <div className="p-5">
        <h3>{park.name}</h3>
        <p>{t("park.location", { region: park.region, country: park.country })}</p>
        {park.distanceKm === null ? null : (
          <p className="mt-1 text-sm font-medium text-teal-800">{t("home.near.away", { distance: formatDistanceKm(park.distanceKm, language) })}</p>
        )}
        <div className="park-card-facts">
          {park.averageRating === null ? (
            <span className="text-stone-500">{t("common.notRatedYet")}</span>
          ) : (
            <AverageRating value={park.averageRating} count={park.ratingCount} />
          )}
          <span className="text-stone-600">{t("home.featuredParks.attractionsCount", { count: park.attractionsCount })}</span>
        </div>
      </div>
    </Link>
  );
}

export const ErrorBoundary = routeErrorBoundary("home.featuredParks.loadError");
