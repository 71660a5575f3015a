import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { Form, Link, data, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { AverageRating } from "~/components/average-rating";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { JsonLd, aggregateRating } from "~/components/json-ld";
import { useLanguage, useRootData } from "~/components/root-data";
import { localizedDescription } from "~/domain/descriptions";
import { AUDIENCES, dominantAudience, filterAttractions, readAttractionFilters, recommendedVisitDuration } from "~/domain/park-scores";
import { searchKey } from "~/domain/search";
import { formatDecimal, formatPrice } from "~/domain/format";
import { localizedPath } from "~/domain/languages";
import { findApprovedParkBySlug, listApprovedAttractionsOfPark } from "~/server/catalog/park-queries";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/park";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const park = await findApprovedParkBySlug(context.db, params.parkSlug);
  if (!park) throw data(requestT(request)("park.notFound"), { status: 404 });
  const attractions = await listApprovedAttractionsOfPark(context.db, park.id);
  const language = requestLanguage(request);
  return {
    park: {
      id: park.id,
      name: park.name,
      slug: park.slug,
      region: park.region,
      country: park.country,
      openingHours: park.openingHours,
      adultPrice: park.adultPrice,
      childPrice: park.childPrice,
      openingYear: park.openingYear,
      imageUrl: park.imageUrl,
      description: localizedDescription(language, park),
      averageRating: park.averageRating,
      ratingCount: park.ratingCount,
      attractionsRating: park.attractionsRating,
      categories: {
        kidsFriendly: park.kidsFriendlyAverage,
        familyFriendly: park.familyFriendlyAverage,
        thrill: park.thrillAverage,
        theming: park.themingAverage,
        operations: park.operationsAverage,
        value: park.valueAverage,
      },
      recommendedVisit: recommendedVisitDuration({
        half_day: park.visitHalfDayCount,
        full_day: park.visitFullDayCount,
        two_days: park.visitTwoDaysCount,
      }),
    },
    attractions: attractions.map(({ audienceCounts, ...attraction }) => ({
      ...attraction,
      audience: dominantAudience(audienceCounts),
    })),
  };
}

/** The ride filters only change the address's query: the park's data stays as loaded. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  const { park } = loaderData;
  // Without a description, a sentence naming the park and where it is still tells searchers what the page is.
  return pageMeta(
    `${park.name} — ${t("common.appName")}`,
    park.description ?? t("park.metaDescription", { name: park.name, region: park.region, country: park.country }),
    { ...pageIdentity(matches), image: park.imageUrl },
  );
}

export default function Park({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { park, attractions } = loaderData;
  const [searchParams] = useSearchParams();
  const filters = readAttractionFilters(searchParams);
  const operating = filterAttractions(
    attractions.filter((attraction) => attraction.status === "operating"),
    filters,
    searchKey,
  );
  const removed = attractions.filter((attraction) => attraction.status === "removed");
  useHighlightLastViewed();
  const { publicUrl } = useRootData();
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "AmusementPark",
          name: park.name,
          description: park.description ?? undefined,
          url: `${publicUrl}${localizedPath(language, `/${park.slug}`)}`,
          address: { "@type": "PostalAddress", addressRegion: park.region, addressCountry: park.country },
          aggregateRating: aggregateRating(park.averageRating, park.ratingCount),
        }}
      />
      <header className="rounded-2xl bg-gradient-to-br from-teal-800 to-teal-600 p-6 text-white sm:p-10">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{park.name}</h1>
        <p className="mt-2 text-teal-50">{t("park.location", { region: park.region, country: park.country })}</p>
        <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-teal-100">{t("park.openingHours")}</dt>
            <dd className="font-medium">{park.openingHours ?? t("park.unknown")}</dd>
          </div>
          <div>
            <dt className="text-teal-100">{t("park.adultPrice")}</dt>
            <dd className="font-medium">{park.adultPrice === null ? t("park.unknown") : formatPrice(park.adultPrice, language)}</dd>
          </div>
          <div>
            <dt className="text-teal-100">{t("park.childPrice")}</dt>
            <dd className="font-medium">{park.childPrice === null ? t("park.unknown") : formatPrice(park.childPrice, language)}</dd>
          </div>
        </dl>
      </header>

      <section aria-labelledby="about" className="mt-8 max-w-3xl">
        <h2 id="about" className="text-xl font-bold">
          {t("park.about")}
        </h2>
        {park.openingYear ? (
          <p className="mt-2 text-sm text-stone-600">
            {t("park.openingYearValue", { year: park.openingYear })}
          </p>
        ) : null}
        {park.description ? <p className="mt-3 leading-relaxed text-stone-800">{park.description}</p> : null}
      </section>

      <ParkRatings park={park} />

      <section aria-labelledby="attractions" className="mt-10">
        <h2 id="attractions" className="text-xl font-bold">
          {t("park.attractions")}
        </h2>
        <AttractionFiltersForm />
        {operating.length === 0 ? (
          <p className="mt-4 text-stone-600">
            {attractions.some((attraction) => attraction.status === "operating") ? t("park.filters.noMatch") : t("park.noAttractions")}
          </p>
        ) : (
          <AttractionGrid parkSlug={park.slug} attractions={operating} />
        )}
      </section>

      {removed.length > 0 ? (
        <section aria-labelledby="removed-attractions" className="mt-10">
          <h2 id="removed-attractions" className="text-xl font-bold">
            {t("park.removedAttractions")}
          </h2>
          <AttractionGrid parkSlug={park.slug} attractions={removed} />
        </section>
      ) : null}
    </article>
  );
}

type ParkView = Route.ComponentProps["loaderData"]["park"];
type AttractionView = Route.ComponentProps["loaderData"]["attractions"][number];

function ParkRatings({ park }: { park: ParkView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const score = (value: number | null) => (value === null ? "—" : t("park.ratings.outOf5", { value: formatDecimal(value, language, 1) }));
  const rows: Array<[string, number | null]> = [
    [t("park.ratings.overall"), park.averageRating],
    ...(Object.entries(park.categories) as Array<[keyof ParkView["categories"], number | null]>).map(
      ([key, value]) => [t(`park.ratings.categories.${key}`), value] as [string, number | null],
    ),
    [t("park.ratings.attractionsQuality"), park.attractionsRating],
  ];
  return (
    <section aria-labelledby="ratings" className="mt-10 grid gap-6 md:grid-cols-3">
      <div className="md:col-span-2">
        <h2 id="ratings" className="text-xl font-bold">
          {t("park.ratings.title")}
        </h2>
        {park.ratingCount === 0 ? (
          <p className="mt-3 text-stone-600">{t("park.ratings.none")}</p>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {rows.map(([label, value]) => (
              <div key={label} className="rounded-xl border border-stone-200 bg-white p-3">
                <dt className="text-sm text-stone-600">{label}</dt>
                <dd className="mt-1 font-semibold">{score(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div>
        <h2 className="text-xl font-bold">{t("park.visitDuration.title")}</h2>
        <p className="mt-3 rounded-xl border border-stone-200 bg-white p-3 font-semibold">
          {park.recommendedVisit ? t(`park.visitDuration.${park.recommendedVisit}`) : "—"}
        </p>
      </div>
    </section>
  );
}

/** Filters live in the address (shareable, back button works); the form also works without JavaScript. */
function AttractionFiltersForm() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAttractionFilters(searchParams);
  const update = (name: string, value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value && !(name === "sort" && value === "rating")) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  const control = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2";
  return (
    <Form method="get" preventScrollReset aria-label={t("park.filters.title")} className="mt-4 grid items-end gap-3 rounded-xl bg-stone-100 p-4 sm:grid-cols-4">
      <label className="text-sm font-medium sm:col-span-2">
        {t("park.filters.search")}
        <input type="search" name="q" value={filters.text} onChange={(event) => update("q", event.currentTarget.value)} className={control} />
      </label>
      <label className="text-sm font-medium">
        {t("park.filters.sort")}
        <select name="sort" value={filters.sort} onChange={(event) => update("sort", event.currentTarget.value)} className={control}>
          <option value="rating">{t("park.filters.sortRating")}</option>
          <option value="name">{t("park.filters.sortName")}</option>
        </select>
      </label>
      <label className="text-sm font-medium">
        {t("park.filters.audience")}
        <select name="audience" value={filters.audience ?? ""} onChange={(event) => update("audience", event.currentTarget.value)} className={control}>
          <option value="">{t("park.filters.allAudiences")}</option>
          {AUDIENCES.map((audience) => (
            <option key={audience} value={audience}>
              {t(`park.audiences.${audience}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-3 sm:col-span-4">
        <noscript>
          <button type="submit" className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white">
            {t("park.filters.apply")}
          </button>
        </noscript>
        <Link to="." replace preventScrollReset className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50">
          {t("park.filters.reset")}
        </Link>
      </div>
    </Form>
  );
}

const LAST_VIEWED_KEY = "parcours:last-viewed-attraction";
const HIGHLIGHT_MS = 2000;

/** Back from an attraction, its card is highlighted for 2 seconds (public site §2, §9); scroll is restored by the router. */
function useHighlightLastViewed() {
  useEffect(() => {
    const id = window.sessionStorage.getItem(LAST_VIEWED_KEY);
    if (!id) return;
    window.sessionStorage.removeItem(LAST_VIEWED_KEY);
    const card = document.querySelector<HTMLElement>(`[data-attraction-id="${CSS.escape(id)}"]`);
    if (!card) return;
    card.dataset.highlighted = "true";
    const timer = window.setTimeout(() => delete card.dataset.highlighted, HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

function AttractionGrid({ parkSlug, attractions }: { parkSlug: string; attractions: AttractionView[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {attractions.map((attraction) => (
        <li key={attraction.id}>
          <Link
            to={localizedPath(language, `/${parkSlug}/${attraction.slug}`)}
            data-attraction-id={attraction.id}
            onClick={() => window.sessionStorage.setItem(LAST_VIEWED_KEY, attraction.id)}
            className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 transition-colors hover:border-teal-600 data-[highlighted]:border-amber-500 data-[highlighted]:bg-amber-50 data-[highlighted]:ring-4 data-[highlighted]:ring-amber-200"
          >
            <span className="font-semibold text-stone-900">{attraction.name}</span>
            <span className="mt-1 text-sm text-stone-600">
              {t(`attractionTypes.${attraction.type}`)}
              {attraction.audience ? ` · ${t(`park.audiences.${attraction.audience}`)}` : ""}
            </span>
            {attraction.averageRating !== null ? (
              <span className="mt-2">
                <AverageRating value={attraction.averageRating} count={attraction.ratingCount} />
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
