/** The home page's park list filters (public site §2), read from and written to the address. */
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
export const PARKS_PER_PAGE = 24;

export type ParkListFilters = { country: string | null; region: string | null; minRating: number; sort: ParkSort; page: number };

export function readParkListFilters(params: URLSearchParams): ParkListFilters {
  const sort = params.get("sort");
  const minRating = Number.parseInt(params.get("min") ?? "0", 10);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const country = params.get("country")?.trim() || null;
  return {
    country,
    // A region only means something within its country.
    region: country ? params.get("region")?.trim() || null : null,
    minRating: Number.isInteger(minRating) && minRating >= 1 && minRating <= 5 ? minRating : 0,
    sort: (PARK_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ParkSort) : "rating",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The star toggle: clicking the current minimum resets it to 0 (public site §5). */
export function toggledMinRating(current: number, clicked: number): number {
  return clicked === current ? 0 : clicked;
}

/** Query string of a filter state, leaving defaults out so addresses stay short. */
export function parkListSearch(filters: ParkListFilters): string {
  const params = new URLSearchParams();
  if (filters.country) params.set("country", filters.country);
  if (filters.region) params.set("region", filters.region);
  if (filters.minRating) params.set("min", String(filters.minRating));
  if (filters.sort !== "rating") params.set("sort", filters.sort);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
