import { useTranslation } from "react-i18next";
import { Link, data } from "react-router";
import { AverageRating } from "~/components/average-rating";
import { metaT, pageMeta } from "~/components/page-meta";
import { JsonLd, aggregateRating } from "~/components/json-ld";
import { useLanguage, useRootData } from "~/components/root-data";
import { localizedDescription } from "~/domain/descriptions";
import { formatPrice } from "~/domain/format";
import { localizedPath } from "~/domain/languages";
import {
  findApprovedParkBySlug,
  listApprovedAttractionsOfPark,
  type AttractionListItem,
} from "~/server/catalog/park-queries";
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
    },
    attractions,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  const { park } = loaderData;
  return pageMeta(`${park.name} — ${t("common.appName")}`, park.description ?? t("meta.defaultDescription"));
}

export default function Park({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { park, attractions } = loaderData;
  const operating = attractions.filter((attraction) => attraction.status === "operating");
  const removed = attractions.filter((attraction) => attraction.status === "removed");
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

      <section aria-labelledby="attractions" className="mt-10">
        <h2 id="attractions" className="text-xl font-bold">
          {t("park.attractions")}
        </h2>
        {operating.length === 0 ? (
          <p className="mt-4 text-stone-600">{t("park.noAttractions")}</p>
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

function AttractionGrid({ parkSlug, attractions }: { parkSlug: string; attractions: AttractionListItem[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {attractions.map((attraction) => (
        <li key={attraction.id}>
          <Link
            to={localizedPath(language, `/${parkSlug}/${attraction.slug}`)}
            className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 hover:border-teal-600"
          >
            <span className="font-semibold text-stone-900">{attraction.name}</span>
            <span className="mt-1 text-sm text-stone-600">{t(`attractionTypes.${attraction.type}`)}</span>
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
