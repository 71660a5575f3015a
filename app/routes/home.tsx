import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AverageRating } from "~/components/average-rating";
import { metaT, pageMeta } from "~/components/page-meta";
import { SearchBox } from "~/components/search-box";
import { useLanguage } from "~/components/root-data";
import { localizedPath } from "~/domain/languages";
import { listFeaturedParks, type ParkCard } from "~/server/catalog/park-queries";
import type { Route } from "./+types/home";

/** Parks shown until the filtered, paged list arrives (parks issue). */
const FEATURED_PARKS_LIMIT = 60;

export async function loader({ context }: Route.LoaderArgs) {
  return { parks: await listFeaturedParks(context.db, FEATURED_PARKS_LIMIT) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return t ? pageMeta(t("home.title"), t("meta.defaultDescription")) : [];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <section className="bg-gradient-to-br from-teal-800 to-teal-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t("home.heroTitle")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-teal-50">{t("home.heroSubtitle")}</p>
          <SearchBox />
        </div>
      </section>
      <section aria-labelledby="featured-parks" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="featured-parks" className="text-2xl font-bold">
          {t("home.featuredParks.title")}
        </h2>
        {loaderData.parks.length === 0 ? (
          <p className="mt-6 text-stone-600">{t("home.featuredParks.noParks")}</p>
        ) : (
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {loaderData.parks.map((park) => (
              <li key={park.id}>
                <ParkCardView park={park} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ParkCardView({ park }: { park: ParkCard }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Link
      to={localizedPath(language, `/${park.slug}`)}
      className="block h-full rounded-xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-teal-600 hover:shadow"
    >
      <h3 className="text-lg font-semibold text-stone-900">{park.name}</h3>
      <p className="mt-1 text-sm text-stone-600">{t("park.location", { region: park.region, country: park.country })}</p>
      <div className="mt-4 flex items-center justify-between text-sm">
        {park.averageRating === null ? (
          <span className="text-stone-500">{t("common.notRatedYet")}</span>
        ) : (
          <AverageRating value={park.averageRating} count={park.ratingCount} />
        )}
        <span className="text-stone-600">{t("home.featuredParks.attractionsCount", { count: park.attractionsCount })}</span>
      </div>
    </Link>
  );
}
