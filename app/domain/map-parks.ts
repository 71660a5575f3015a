/** The shapes the map page's queries hand to its components (components never import app/server, not even types). */
export type MapPark = {
  id: string;
  name: string;
  slug: string;
  region: string;
  country: string;
  averageRating: number | null;
  ratingCount: number;
  latitude: number;
  longitude: number;
};

/** A park of the list under the map: a link, its country and its rating. */
export type MapListPark = Pick<MapPark, "id" | "name" | "slug" | "country" | "averageRating">;

export type UnlocatedParks = { total: number; parks: { name: string; slug: string; country: string }[] };

/** How many parks the list under the map shows at most: the rest are one link away, on the home list. */
export const MAP_LIST_LIMIT = 30;
export const UNLOCATED_LIST_LIMIT = 20;
