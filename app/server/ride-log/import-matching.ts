import { sql } from "drizzle-orm";
import type { RideLogCsvLine } from "~/domain/ride-log-csv";
import { lessSure, type MatchDoubt, type PreviewLine, type RideMatch } from "~/domain/ride-log-import";
import { searchKey } from "~/domain/search";
import { slugify } from "~/domain/slug";
import { queryRows, type Executor } from "../db/database";
import { approvedRide, publicPark } from "../catalog/visibility";

/**
 * The least trigram similarity (pg_trgm's `similarity`, on the folded names) at which a name is a close match,
 * measured on the demo catalogue with scripts/ride-log-match-rate.ts (300 lines, a third of them misspelt): at 0.4,
 * 71 of the 79 ride names with a letter swapped or dropped are found and no line is matched with another ride than
 * the one meant; at 0.3 (pg_trgm's default) a made-up ride name already finds an unrelated ride, at 0.5 14 of the 79
 * are lost. Different rides of one park can be as alike as 0.5 ('Les Orgues de Feu' and 'Les Noces de Feu'):
 * a close match is a guess, which the preview asks the member to check. The parks' `%` operator, which lets their
 * trigram index serve, filters at pg_trgm's 0.3 first: this bound must stay above it.
 */
const CLOSE_MATCH_MIN_SIMILARITY = 0.4;

/** The doubt of a match found by each branch of the statements below (their `rank`). */
const RANK_DOUBT: readonly MatchDoubt[] = ["exact", "renamed", "close"];

/** A name as the statements compare it: folded as the search_name columns are, and as a slug. */
const nameKey = (name: string) => ({ key: searchKey(name), slug: slugify(name) });

/**
 * The public park each distinct name stands for, surest first: a park of that folded name or slug (exact), one whose
 * old slug it is (renamed: the park has been renamed since), or the most similar name above the threshold (close).
 * One statement for every name of the file.
 */
async function matchParks(db: Executor, names: readonly string[]): Promise<Map<string, { id: string; rank: number }>> {
  const wanted = JSON.stringify(names.map((name, i) => ({ i, ...nameKey(name) })));
  const rows = await queryRows<{ i: number; id: string; rank: number }>(
    db,
    sql`SELECT q.i, m.id, m.rank
      FROM jsonb_to_recordset(${wanted}::jsonb) AS q(i int, key text, slug text)
      CROSS JOIN LATERAL (
        SELECT c.id, c.rank FROM (
          SELECT parks.id, 0 AS rank, 1::real AS score, parks.name FROM parks
            WHERE ${publicPark()} AND (parks.search_name = q.key OR parks.slug = q.slug)
          UNION ALL
          SELECT parks.id, 1, 1::real, parks.name FROM park_slug_redirects r JOIN parks ON parks.id = r.park_id
            WHERE r.slug = q.slug AND ${publicPark()}
          UNION ALL
          SELECT parks.id, 2, similarity(parks.search_name, q.key), parks.name FROM parks
            WHERE ${publicPark()} AND parks.search_name % q.key AND similarity(parks.search_name, q.key) >= ${CLOSE_MATCH_MIN_SIMILARITY}
        ) c
        ORDER BY c.rank, c.score DESC, c.name, c.id
        LIMIT 1
      ) m`,
  );
  return new Map(rows.map((row) => [names[row.i]!, { id: row.id, rank: row.rank }]));
}

type RideRow = { i: number; id: string; name: string; slug: string; park_name: string; park_slug: string; rank: number };

/**
 * The public ride each (park, ride name) pair stands for, within that park, surest first in the same three ways as
 * the parks (an old slug being one of attraction_slug_redirects' for that park). One statement for every pair: a
 * park's rides are a few dozen, so each pair compares the name with all of them.
 */
async function matchRides(db: Executor, pairs: ReadonlyArray<{ parkId: string; name: string }>): Promise<RideRow[]> {
  const wanted = JSON.stringify(pairs.map((pair, i) => ({ i, park_id: pair.parkId, ...nameKey(pair.name) })));
  return queryRows<RideRow>(
    db,
    sql`SELECT q.i, m.id, m.name, m.slug, parks.name AS park_name, parks.slug AS park_slug, m.rank
      FROM jsonb_to_recordset(${wanted}::jsonb) AS q(i int, park_id uuid, key text, slug text)
      CROSS JOIN LATERAL (
        SELECT attractions.id, attractions.name, attractions.slug,
          CASE WHEN attractions.search_name = q.key OR attractions.slug = q.slug THEN 0
            WHEN EXISTS (SELECT 1 FROM attraction_slug_redirects r
              WHERE r.park_id = q.park_id AND r.slug = q.slug AND r.attraction_id = attractions.id) THEN 1
            ELSE 2 END AS rank,
          similarity(attractions.search_name, q.key) AS score
        FROM attractions
        WHERE attractions.park_id = q.park_id AND ${approvedRide()}
        ORDER BY rank, score DESC, attractions.name, attractions.id
        LIMIT 1
      ) m
      JOIN parks ON parks.id = q.park_id
      WHERE m.rank < 2 OR m.score >= ${CLOSE_MATCH_MIN_SIMILARITY}`,
  );
}

/**
 * Matches each line of an import with a ride everyone sees (docs/rules/ride-log.md#import-and-export), in two
 * statements whatever the file's length: the distinct park names, then the distinct ride names of each park found.
 * A line is as sure as the less sure of its park's match and its ride's.
 */
export async function matchRideLogLines(db: Executor, lines: readonly RideLogCsvLine[]): Promise<PreviewLine[]> {
  const parkNames = [...new Set(lines.map((line) => searchKey(line.park)))];
  const parks = parkNames.length > 0 ? await matchParks(db, parkNames) : new Map<string, { id: string; rank: number }>();
  const pairKey = (parkId: string, ride: string) => `${parkId} ${searchKey(ride)}`;
  const pairs = new Map<string, { parkId: string; name: string }>();
  for (const line of lines) {
    const park = parks.get(searchKey(line.park));
    if (park) pairs.set(pairKey(park.id, line.ride), { parkId: park.id, name: searchKey(line.ride) });
  }
  const wanted = [...pairs.values()];
  const rides = new Map<string, { match: RideMatch; rank: number }>();
  for (const row of wanted.length > 0 ? await matchRides(db, wanted) : []) {
    const match = { rideId: row.id, rideName: row.name, rideSlug: row.slug, parkName: row.park_name, parkSlug: row.park_slug };
    rides.set(pairKey(wanted[row.i]!.parkId, wanted[row.i]!.name), { match, rank: row.rank });
  }
  return lines.map((line): PreviewLine => {
    const park = parks.get(searchKey(line.park));
    const ride = park && rides.get(pairKey(park.id, line.ride));
    if (!park || !ride) return { ...line, doubt: "unmatched", match: null };
    return { ...line, doubt: lessSure(RANK_DOUBT[park.rank]!, RANK_DOUBT[ride.rank]!), match: ride.match };
  });
}
