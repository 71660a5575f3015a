import { Link, data } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { AverageRating } from "~/components/average-rating";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { useLanguage } from "~/components/root-data";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { localizedPath } from "~/domain/languages";
import { MANUFACTURER_RIDES_PER_PAGE, readManufacturerPage, type ManufacturerRide } from "~/domain/ride-manufacturers";
import { findManufacturer, listManufacturerRides } from "~/server/catalog/manufacturer-rides";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/manufacturer";
import { routeMessages } from "~/i18n/route-messages";

/**
 * /manufacturers/{slug} (decision 0052): a maker of the reference list and its published rides, best rated
 * first, a page at a time (`?page=`, a view of one page: the canonical address has no query). Kept for
 * anonymous visitors like every public page, and dropped by any write (decision 0030).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const maker = await findManufacturer(context.db, params.manufacturerSlug);
  if (!maker) throw data(requestT(request)("manufacturer.notFound"), { status: 404 });
  const page = readManufacturerPage(new URL(request.url).searchParams);
  const { rides, total } = await listManufacturerRides(context.db, maker.id, page);
  const language = requestLanguage(request);
  return {
    manufacturer: {
      name: maker.name,
      slug: maker.slug,
      country: new Intl.DisplayNames([language], { type: "region" }).of(maker.countryCode) ?? maker.countryCode,
    },
    // What the list shows, not the API's extra columns.
    rides: rides.map(
      ({ id, name, slug, type, status, model, parkName, parkSlug, averageRating, ratingCount }): ManufacturerRide => ({
        id,
        name,
        slug,
        type,
        status,
        model,
        parkName,
        parkSlug,
        averageRating,
        ratingCount,
      }),
    ),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / MANUFACTURER_RIDES_PER_PAGE)),
    messages: routeMessages(language, ["manufacturer", "attractionTypes", "attraction.status"]),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  const { name, country } = loaderData.manufacturer;
  return pageMeta(
    `${t("manufacturer.metaTitle", { name })} — ${t("common.appName")}`,
    t("manufacturer.metaDescription", { name, country }),
    pageIdentity(matches),
  );
}

export default function Manufacturer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { manufacturer, rides, total, page, pages } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{manufacturer.name}</h1>
      <p className="mt-1 text-stone-600">{t("manufacturer.basedIn", { country: manufacturer.country })}</p>
      <h2 className="mt-8 text-xl font-bold">{t("manufacturer.rides")}</h2>
      {total === 0 ? (
        <p className="mt-3 rounded-xl bg-white p-6 text-stone-600 shadow-sm">{t("manufacturer.empty")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600">{t("manufacturer.ridesCount", { count: total })}</p>
          <ul className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm">
            {rides.map((ride) => (
              <RideRow key={ride.id} ride={ride} />
            ))}
          </ul>
          {pages > 1 ? <Pager page={page} pages={pages} /> : null}
        </>
      )}
    </section>
  );
}

function RideRow({ ride }: { ride: ManufacturerRide }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const details = [t(`attractionTypes.${ride.type}`), ride.model, ride.status === "removed" ? t("attraction.status.removed") : null];
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4">
      <div className="min-w-0">
        <Link to={localizedPath(language, `/${ride.parkSlug}/${ride.slug}`)} className="font-semibold text-teal-800 hover:underline">
          {ride.name}
        </Link>
        <p className="text-sm text-stone-600">
          <Link to={localizedPath(language, `/${ride.parkSlug}`)} className="hover:underline">
            {ride.parkName}
          </Link>
          {" · "}
          {details.filter(Boolean).join(" · ")}
        </p>
      </div>
      {ride.averageRating !== null ? (
        <AverageRating value={ride.averageRating} count={ride.ratingCount} />
      ) : (
        <span className="text-sm text-stone-500">{t("common.notRatedYet")}</span>
      )}
    </li>
  );
}

function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const link = "rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-50";
  return (
    <nav aria-label={t("manufacturer.pagination.label")} className="mt-6 flex items-center justify-between">
      {page > 1 ? (
        <Link to={page === 2 ? "?" : `?page=${page - 1}`} className={link}>
          {t("manufacturer.pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600">{t("manufacturer.pagination.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={`?page=${page + 1}`} className={link}>
          {t("manufacturer.pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export const ErrorBoundary = routeErrorBoundary("manufacturer.loadError");
