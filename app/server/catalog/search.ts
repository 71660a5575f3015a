import { sql, type SQL } from "drizzle-orm";
import { SEARCH_LIMIT_PER_KIND, SEARCH_MIN_LENGTH, searchKey, type SearchSuggestions } from "~/domain/search";
import { queryRows, type Executor } from "../db/database";
import { publicRide, publicPark } from "./visibility";

/** Which half of the statement a row comes from (0: the name starts with the text), and whether its name does. */
type Halves = { half: number; starts: boolean };
type ParkRow = SearchSuggestions["parks"][number] & Halves;
type RideRow = SearchSuggestions["attractions"][number] & Halves;

/**
 * Search suggestions (docs/rules/catalogue.md#search-suggestions): from 2 characters, up to 5 approved
 * parks and 5 approved attractions whose name contains the text, ignoring case
 * and accents. Names starting with it come first, then the most rated, then by
 * name.
 *
 * Sorting every match with "starts with" first costs as many rows as match: a
 * common text read thousands of rides on the large dataset. So each kind is
 * one statement of two halves that each read at most 5 rows in (rating count,
 * name) order — the names starting with the text (a range of the
 * text_pattern_ops index) and the names containing it (the trigram index for
 * a rare text, the (rating count, name) index walked until 5 match for a
 * common one) — and `firstFive` merges them (decision 0031).
 */
export async function searchSuggestions(db: Executor, text: string): Promise<SearchSuggestions> {
  const key = searchKey(text);
  if (key.length < SEARCH_MIN_LENGTH) return { parks: [], attractions: [] };
  const escaped = key.replace(/[\\%_]/g, (character) => `\\${character}`);
  const startsWith = `${escaped}%`;
  const halves = (select: (pattern: string) => SQL, order: SQL) => sql`
    SELECT * FROM (
      (${select(startsWith)} ORDER BY ${order} LIMIT ${SEARCH_LIMIT_PER_KIND})
      UNION ALL
      (${select(`%${escaped}%`)} ORDER BY ${order} LIMIT ${SEARCH_LIMIT_PER_KIND})
    ) found
    ORDER BY half, rating_count DESC, name`;

  const [parkRows, rideRows] = await Promise.all([
    queryRows<ParkRow>(
      db,
      halves(
        (pattern) => sql`
          SELECT parks.id, parks.name, parks.slug, parks.region, parks.country, parks.rating_count,
            ${sql.raw(pattern === startsWith ? "0" : "1")} AS half, parks.search_name LIKE ${startsWith} AS starts
          FROM parks
          WHERE ${publicPark()} AND parks.search_name LIKE ${pattern}`,
        sql`parks.rating_count DESC, parks.name`,
      ),
    ),
    queryRows<RideRow>(
      db,
      halves(
        (pattern) => sql`
          SELECT attractions.id, attractions.name, attractions.slug, parks.name AS "parkName", parks.slug AS "parkSlug",
            attractions.rating_count, ${sql.raw(pattern === startsWith ? "0" : "1")} AS half, attractions.search_name LIKE ${startsWith} AS starts
          FROM attractions
          JOIN parks ON parks.id = attractions.park_id
          WHERE ${publicRide()} AND attractions.search_name LIKE ${pattern}`,
        sql`attractions.rating_count DESC, attractions.name`,
      ),
    ),
  ]);
  return {
    parks: firstFive(parkRows).map(({ id, name, slug, region, country }) => ({ id, name, slug, region, country })),
    attractions: firstFive(rideRows).map(({ id, name, slug, parkName, parkSlug }) => ({ id, name, slug, parkName, parkSlug })),
  };
}

/**
 * The first 5 by (starts with the text, rating count, name): the first half's
 * rows, then the second half's names that do not start with the text. A name
 * starting with it that only the second half holds cannot be among the 5: the
 * first half then had 5 that come before it.
 */
function firstFive<Row extends Halves>(rows: Row[]): Row[] {
  return rows.filter((row) => row.half === 0 || !row.starts).slice(0, SEARCH_LIMIT_PER_KIND);
}
