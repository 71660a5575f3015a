import { nearParam, readNearParam, readTownParam, type GeoPoint } from "./distance";

/** The home page's park list filters (docs/rules/catalogue.md#park-list-filters), read from and written to the address. */
export const PARK_SORTS = [
  "rating",
  "kids_friendly",
  "family_friendly",
  "thrill",
  "theming",
  "operations",
  "value",
  "attractions",
  "attractions_count",
] as const;
type ParkSort = (typeof PARK_SORTS)[number];
/** Sorting by distance needs an origin (docs/rules/catalogue.md#near-me), so it is offered apart from the column sorts. */
export const DISTANCE_SORT = "distance";
type ParkListSort = ParkSort | typeof DISTANCE_SORT;
export const PARKS_PER_PAGE = 24;

/**
 * `near` (the browser's position, rounded) and `town` (typed, resolved on the server) are the distance's origin;
 * at most one is kept, the position winning, and `sort=distance` only stands with one of them. Both may be left
 * out by callers that build filters by hand (absent is none).
 */
export type ParkListFilters = {
  country: string | null;
  region: string | null;
  minRating: number;
  sort: ParkListSort;
  page: number;
  near?: GeoPoint | null;
  town?: string | null;
};

export function readParkListFilters(params: URLSearchParams): ParkListFilters {
  const sort = params.get("sort");
  const minRating = Number.parseInt(params.get("min") ?? "0", 10);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const country = params.get("country")?.trim() || null;
  const near = readNearParam(params.get("near"));
  const town = near ? null : readTownParam(params.get("town"));
  const sorts: readonly string[] = near || town ? [...PARK_SORTS, DISTANCE_SORT] : PARK_SORTS;
  return {
    country,
    // A region only means something within its country.
    region: country ? params.get("region")?.trim() || null : null,
    minRating: Number.isInteger(minRating) && minRating >= 1 && minRating <= 5 ? minRating : 0,
    sort: sorts.includes(sort ?? "") ? (sort as ParkListSort) : "rating",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    near,
    town,
  };
}

/** The star toggle: clicking the current minimum resets it to 0 (docs/rules/catalogue.md#park-list-filters). */
export function toggledMinRating(current: number, clicked: number): number {
  return clicked === current ? 0 : clicked;
}

/** Query string of a filter state, leaving defaults out so addresses stay short. */
export function parkListSearch(filters: ParkListFilters): string {
  const params = new URLSearchParams();
  if (filters.country) params.set("country", filters.country);
  if (filters.region) params.set("region", filters.region);
  if (filters.minRating) params.set("min", String(filters.minRating));
  if (filters.near) params.set("near", nearParam(filters.near));
  else if (filters.town) params.set("town", filters.town);
  if (filters.sort !== "rating") params.set("sort", filters.sort);
  if (filters.page > 1) params.set("page", String(filters.page));
  // The comma of `near` reads better than %2C, and both parse alike.
  const query = params.toString().replace(/%2C/g, ",");
  return query ? `?${query}` : "";
}

/** The same list without a distance origin (the "clear" link), back to the default sort if it was by distance. */
export function withoutOrigin(filters: ParkListFilters): ParkListFilters {
  return { ...filters, near: null, town: null, sort: filters.sort === DISTANCE_SORT ? "rating" : filters.sort, page: 1 };
}
