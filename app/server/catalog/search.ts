import { and, asc, desc, eq, sql } from "drizzle-orm";
import { SEARCH_LIMIT_PER_KIND, SEARCH_MIN_LENGTH, searchKey, type SearchSuggestions } from "~/domain/search";
import type { Executor } from "../db/database";
import { attractions, parks } from "../db/schema";
import { publicAttraction, publicPark } from "./visibility";

/**
 * Search suggestions (public site §2): from 2 characters, up to 5 approved
 * parks and 5 approved attractions whose name contains the text, ignoring case
 * and accents. Names starting with it come first, then the most rated.
 * The trigram indexes on search_name serve the "contains" match.
 */
export async function searchSuggestions(db: Executor, text: string): Promise<SearchSuggestions> {
  const key = searchKey(text);
  if (key.length < SEARCH_MIN_LENGTH) return { parks: [], attractions: [] };
  const pattern = `%${key.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const prefix = `${key.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

  const [parkRows, attractionRows] = await Promise.all([
    db
      .select({ id: parks.id, name: parks.name, slug: parks.slug, region: parks.region, country: parks.country })
      .from(parks)
      .where(and(publicPark(), sql`${parks.searchName} LIKE ${pattern}`))
      .orderBy(sql`${parks.searchName} LIKE ${prefix} DESC`, desc(parks.ratingCount), asc(parks.name))
      .limit(SEARCH_LIMIT_PER_KIND),
    db
      .select({
        id: attractions.id,
        name: attractions.name,
        slug: attractions.slug,
        parkName: parks.name,
        parkSlug: parks.slug,
      })
      .from(attractions)
      .innerJoin(parks, eq(parks.id, attractions.parkId))
      .where(
        and(publicAttraction(), sql`${attractions.searchName} LIKE ${pattern}`),
      )
      .orderBy(sql`${attractions.searchName} LIKE ${prefix} DESC`, desc(attractions.ratingCount), asc(attractions.name))
      .limit(SEARCH_LIMIT_PER_KIND),
  ]);
  return { parks: parkRows, attractions: attractionRows };
}
