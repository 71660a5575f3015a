import { useTranslation } from "react-i18next";
import { Link, data } from "react-router";
import { AverageRating } from "~/components/average-rating";
import { metaT, pageMeta } from "~/components/page-meta";
import { JsonLd, aggregateRating } from "~/components/json-ld";
import { useLanguage, useRootData } from "~/components/root-data";
import { localizedDescription } from "~/domain/descriptions";
import { formatDuration, formatNumber } from "~/domain/format";
import { localizedPath } from "~/domain/languages";
import { findApprovedAttraction } from "~/server/catalog/park-queries";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/attraction";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findApprovedAttraction(context.db, params.parkSlug, params.attractionSlug);
  if (!found) throw data(requestT(request)("attraction.notFound"), { status: 404 });
  const { attraction, type, park } = found;
  return {
    park,
    attraction: {
      id: attraction.id,
      name: attraction.name,
      slug: attraction.slug,
      type,
      status: attraction.status,
      description: localizedDescription(requestLanguage(request), attraction),
      height: attraction.height,
      maxSpeed: attraction.maxSpeed,
      trackLength: attraction.trackLength,
      inversions: attraction.inversions,
      duration: attraction.duration,
      capacityPerHour: attraction.capacityPerHour,
      openingYear: attraction.openingYear,
      averageRating: attraction.averageRating,
      ratingCount: attraction.ratingCount,
    },
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  const { attraction, park } = loaderData;
  return pageMeta(
    `${attraction.name} (${park.name}) — ${t("common.appName")}`,
    attraction.description ?? t("meta.defaultDescription"),
  );
}

export default function Attraction({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { attraction, park } = loaderData;
  const facts: Array<[string, string]> = [];
  if (attraction.height !== null) facts.push([t("attraction.height"), t("attraction.metres", { value: formatNumber(attraction.height, language) })]);
  if (attraction.maxSpeed !== null) facts.push([t("attraction.maxSpeed"), t("attraction.kmPerHour", { value: formatNumber(attraction.maxSpeed, language) })]);
  if (attraction.trackLength !== null) facts.push([t("attraction.trackLength"), t("attraction.metres", { value: formatNumber(attraction.trackLength, language) })]);
  if (attraction.inversions !== null) facts.push([t("attraction.inversions"), formatNumber(attraction.inversions, language)]);
  if (attraction.duration !== null) facts.push([t("attraction.duration"), formatDuration(attraction.duration)]);
  if (attraction.capacityPerHour !== null) facts.push([t("attraction.capacity"), t("attraction.perHour", { value: formatNumber(attraction.capacityPerHour, language) })]);
  if (attraction.openingYear !== null) facts.push([t("attraction.openingYear"), String(attraction.openingYear)]);
  const { publicUrl } = useRootData();
  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "TouristAttraction",
          name: attraction.name,
          description: attraction.description ?? undefined,
          url: `${publicUrl}${localizedPath(language, `/${park.slug}/${attraction.slug}`)}`,
          containedInPlace: {
            "@type": "AmusementPark",
            name: park.name,
            url: `${publicUrl}${localizedPath(language, `/${park.slug}`)}`,
          },
          aggregateRating: aggregateRating(attraction.averageRating, attraction.ratingCount),
        }}
      />
      <Link to={localizedPath(language, `/${park.slug}`)} className="text-sm font-medium text-teal-800 hover:underline">
        ← {t("attraction.backToPark", { park: park.name })}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold">{attraction.name}</h1>
      <p className="mt-1 text-stone-600">
        {park.name} · {t(`attractionTypes.${attraction.type}`)} · {t(`attraction.status.${attraction.status}`)}
      </p>
      {attraction.averageRating !== null ? (
        <p className="mt-3">
          <AverageRating value={attraction.averageRating} count={attraction.ratingCount} large />
        </p>
      ) : null}
      {attraction.description ? <p className="mt-6 leading-relaxed text-stone-800">{attraction.description}</p> : null}
      {facts.length > 0 ? (
        <section aria-labelledby="characteristics" className="mt-8">
          <h2 id="characteristics" className="text-xl font-bold">
            {t("attraction.characteristics")}
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {facts.map(([label, value]) => (
              <div key={label} className="rounded-xl border border-stone-200 bg-white p-4">
                <dt className="text-sm text-stone-600">{label}</dt>
                <dd className="mt-1 text-lg font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </article>
  );
}
