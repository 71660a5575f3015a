import type { RideStatus, RideTypeName } from "./ride-types";

/**
 * Ride manufacturers (decision 0052): the reference list is rows of the `manufacturers` table, seeded by
 * a migration; a ride may name one, and its model (free text, bounded here and by a CHECK in the schema).
 */

/** A ride's model as its maker sells it ("Dive Coaster", "Mega-Lite"): short text. */
export const RIDE_MODEL_MAX_LENGTH = 80;

/** A manufacturer as pages and the API name it: its page is /manufacturers/{slug}. */
export type ManufacturerRef = { name: string; slug: string };

/** What a manufacturer's page shows of it. */
export type ManufacturerSummary = ManufacturerRef & { countryCode: string };

/** A manufacturer's page lists its rides this many at a time. */
export const MANUFACTURER_RIDES_PER_PAGE = 30;

/** The address of a manufacturer's page, without its language prefix. */
export function manufacturerPath(slug: string): string {
  return `/manufacturers/${slug}`;
}

/** A ride on its manufacturer's page: its park, its type and model, its rating. */
export type ManufacturerRide = {
  id: string;
  name: string;
  slug: string;
  type: RideTypeName;
  status: RideStatus;
  model: string | null;
  parkName: string;
  parkSlug: string;
  averageRating: number | null;
  ratingCount: number;
};

/** The page number an address asks for: a positive integer within reason, else the first page. */
export function readManufacturerPage(search: URLSearchParams): number {
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
