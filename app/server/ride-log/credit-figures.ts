import { sql } from "drizzle-orm";
import { type CreditFigures, type CreditRide, type CreditRules, MOST_RIDDEN_SHOWN, PARKS_SHOWN } from "~/domain/ride-log";
import { rideTypeName } from "~/domain/ride-types";
import { queryRows, type Executor } from "../db/database";

type TallyRow = {
  ride_id: string;
  credit_id: string;
  name: string;
  slug: string;
  type_id: number;
  park_id: string;
  park_name: string;
  park_slug: string;
  country: string;
  times: number;
  first_on: string | null;
  last_on: string | null;
};

/**
 * The member's tallies that count under their rules, with what the figures name: one row per ride they have ridden
 * (decision 0074), read by the tallies' primary key. The same conditions as ride_log_credits
 * (app/server/db/triggers/ride-log-credits.sql), which keeps the total.
 */
function countedTallies(db: Executor, userId: string, rules: CreditRules) {
  return queryRows<TallyRow>(
    db,
    sql`SELECT a.id AS ride_id, coalesce(a.continues_id, a.id) AS credit_id, a.name, a.slug, a.type_id,
        p.id AS park_id, p.name AS park_name, p.slug AS park_slug, p.country,
        t.times, t.first_on::text AS first_on, t.last_on::text AS last_on
      FROM ride_log_tallies t
      JOIN attractions a ON a.id = t.attraction_id
      JOIN parks p ON p.id = a.park_id
      WHERE t.user_id = ${userId} AND a.moderation_status = 'approved'
        AND (${!rules.coastersOnly} OR a.type_id = 1)
        AND (${rules.countRemoved} OR EXISTS (
          SELECT 1 FROM attractions line
          WHERE (line.id = coalesce(a.continues_id, a.id) OR line.continues_id = coalesce(a.continues_id, a.id))
            AND line.status = 'operating' AND line.moderation_status = 'approved'))`,
  );
}

/** The rides ridden and the credits of each year with dated entries, under the same rules. */
function yearsOf(db: Executor, userId: string, counted: readonly string[]) {
  return queryRows<{ year: number; rides: number; credits: number }>(
    db,
    sql`SELECT extract(year FROM e.ridden_on)::int AS year, sum(e.times)::int AS rides,
        count(DISTINCT coalesce(a.continues_id, a.id))::int AS credits
      FROM ride_log_entries e JOIN attractions a ON a.id = e.attraction_id
      WHERE e.user_id = ${userId} AND e.ridden_on IS NOT NULL AND e.attraction_id = ANY(${`{${counted.join(",")}}`}::uuid[])
      GROUP BY 1 ORDER BY 1`,
  );
}

/** Counts of distinct credits per key, largest first, then by key. */
function creditsPer<Key extends string>(rows: readonly TallyRow[], keyOf: (row: TallyRow) => Key): Array<[Key, number]> {
  const credits = new Map<Key, Set<string>>();
  for (const row of rows) {
    const key = keyOf(row);
    credits.set(key, (credits.get(key) ?? new Set()).add(row.credit_id));
  }
  return [...credits].map(([key, ids]): [Key, number] => [key, ids.size]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function creditRide(row: TallyRow): CreditRide {
  return { rideId: row.ride_id, name: row.name, slug: row.slug, parkName: row.park_name, parkSlug: row.park_slug, times: row.times, firstOn: row.first_on, lastOn: row.last_on };
}

/**
 * A member's credit figures (docs/rules/ride-log.md#credits), with the ids of every park they count in (for the map):
 * two statements over their own rows, whatever the size of the catalogue. The total is the one the trigger keeps (profiles.ride_credits), counted here the same way.
 */
export async function readCreditFigures(db: Executor, userId: string, rules: CreditRules): Promise<CreditFigures & { parkIds: string[] }> {
  const rows = await countedTallies(db, userId, rules);
  const byPark = creditsPer(rows, (row) => row.park_id);
  const byYear = rows.length === 0 ? [] : await yearsOf(db, userId, rows.map((row) => row.ride_id));
  const parks = new Map(rows.map((row) => [row.park_id, row]));
  const dated = rows.filter((row) => row.first_on !== null);
  const first = dated.reduce<TallyRow | null>((best, row) => (!best || row.first_on! < best.first_on! ? row : best), null);
  const latest = dated.reduce<TallyRow | null>((best, row) => (!best || row.last_on! > best.last_on! ? row : best), null);
  return {
    rules,
    total: new Set(rows.map((row) => row.credit_id)).size,
    byType: creditsPer(rows, (row) => rideTypeName(row.type_id)).map(([type, credits]) => ({ type, credits })),
    byPark: byPark.slice(0, PARKS_SHOWN).map(([parkId, credits]) => {
      const park = parks.get(parkId)!;
      return { parkId, name: park.park_name, slug: park.park_slug, country: park.country, credits };
    }),
    parkCount: byPark.length,
    parkIds: byPark.map(([parkId]) => parkId),
    byCountry: creditsPer(rows, (row) => row.country).map(([country, credits]) => ({ country, credits })),
    first: first && creditRide(first),
    latest: latest && creditRide(latest),
    mostRidden: [...rows].sort((a, b) => b.times - a.times || a.name.localeCompare(b.name)).slice(0, MOST_RIDDEN_SHOWN).map(creditRide),
    byYear,
  };
}
