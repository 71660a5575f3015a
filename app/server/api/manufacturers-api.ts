import type * as z from "zod";
import { manufacturerPath, type ManufacturerSummary } from "~/domain/ride-manufacturers";
import type { Executor } from "../db/database";
import { findManufacturer, listManufacturerRides, listManufacturers } from "../catalog/manufacturer-rides";
import { rideSummaryOf } from "./catalog-api";
import type { manufacturerList, manufacturerRidePage, manufacturerSummary } from "./api-schemas";
import type { ApiUrls } from "./api-urls";

/**
 * The public API's manufacturers (decision 0052): the reference list, and one maker's approved rides of
 * approved parks a page at a time, read by the manufacturer page's own query (best rated first).
 */

/** A maker's rides per page of the API: the most a page of the park list may hold. */
const API_MANUFACTURER_RIDES_PER_PAGE = 100;

function manufacturerSummaryOf(maker: ManufacturerSummary, urls: ApiUrls): z.input<typeof manufacturerSummary> {
  return {
    slug: maker.slug,
    name: maker.name,
    countryCode: maker.countryCode,
    pageUrls: urls.page(manufacturerPath(maker.slug)),
    links: { rides: urls.api(`/manufacturers/${maker.slug}/rides`) },
  };
}

export async function manufacturerListApi(db: Executor, urls: ApiUrls): Promise<z.input<typeof manufacturerList>> {
  const makers = await listManufacturers(db);
  return { data: makers.map((maker) => manufacturerSummaryOf(maker, urls)), links: { self: urls.api("/manufacturers") } };
}

/** Page `page` of the maker's rides, or null for a slug no maker has. */
export async function manufacturerRidesApi(
  db: Executor,
  slug: string,
  page: number,
  urls: ApiUrls,
): Promise<z.input<typeof manufacturerRidePage> | null> {
  const maker = await findManufacturer(db, slug);
  if (!maker) return null;
  const { rides, total } = await listManufacturerRides(db, maker.id, page, API_MANUFACTURER_RIDES_PER_PAGE);
  const path = `/manufacturers/${maker.slug}/rides`;
  const more = page * API_MANUFACTURER_RIDES_PER_PAGE < total;
  return {
    manufacturer: manufacturerSummaryOf(maker, urls),
    data: rides.map((ride) => ({
      ...rideSummaryOf({ ...ride, manufacturer: { slug: maker.slug, name: maker.name } }, ride.parkSlug, urls),
      park: { id: ride.parkId, name: ride.parkName, slug: ride.parkSlug, links: { self: urls.api(`/parks/${ride.parkId}`) } },
    })),
    links: { self: urls.api(page > 1 ? `${path}?page=${page}` : path), next: more ? urls.api(`${path}?page=${page + 1}`) : null },
  };
}
