import { sql } from "drizzle-orm";
import { type CreditFigures, type CreditRide, type CreditRules, type CreditSummary, MOST_RIDDEN_SHOWN, PARKS_SHOWN } from "~/domain/ride-log";
import { RIDE_TYPES, rideTypeName, type RideTypeName } from "~/domain/ride-types";
import { queryRows, type Executor } from "../db/database";

type FigureRow = { dimension: "type" | "park" | "country" | "year" | "parks"; key: string; credits: number; rides: number; park_name: string | null; park_slug: string | null; park_country: string | null };

type RideRow = { role: "first" | "latest" | "most"; ride_id: string; name: string; slug: string; park_name: string; park_slug: string; times: number; first_on: string | null; last_on: string | null };

/** Largest first, then by name: the order every figure list keeps. */
function byCreditsThenName<Row extends { credits: number }>(nameOf: (row: Row) => string) {
  return (a: Row, b: Row) => b.credits - a.credits || nameOf(a).localeCompare(nameOf(b));
}

/** The type names of the kept type rows (their key is the type's id), the unknown ids left out. */
function typeFigures(rows: ReadonlyArray<{ key: string; credits: number }>): Array<{ type: RideTypeName; credits: number }> {
  return rows
    .filter((row) => Number(row.key) >= 1 && Number(row.key) <= RIDE_TYPES.length)
    .map((row) => ({ type: rideTypeName(Number(row.key)), credits: row.credits }))
    .sort(byCreditsThenName((row) => row.type));
}

/**
 * The member's figures as the triggers keep them (ride_credit_figures, decision 0075): one statement over their own
 * rows, read by its primary key — every row but the parks', the PARKS_SHOWN parks with the most credits (ties by id)
 * with their names, and the number of parks (a row of dimension 'parks'). A keen rider's hundreds of parks are counted,
 * not read: the map reads them apart (visitedParksMap).
 */
function keptFigures(db: Executor, userId: string) {
  return queryRows<FigureRow>(
    db,
    sql`(SELECT f.dimension, f.key, f.credits, f.rides, NULL AS park_name, NULL AS park_slug, NULL AS park_country
        FROM ride_credit_figures f WHERE f.user_id = ${userId} AND f.dimension <> 'park')
      UNION ALL
      (SELECT 'park', top.key, top.credits, 0, p.name, p.slug, p.country
        FROM (SELECT f.key, f.credits FROM ride_credit_figures f WHERE f.user_id = ${userId} AND f.dimension = 'park'
          ORDER BY f.credits DESC, f.key LIMIT ${PARKS_SHOWN}) top
        JOIN parks p ON p.id = top.key::uuid)
      UNION ALL
      (SELECT 'parks', '', count(*)::int, 0, NULL, NULL, NULL FROM ride_credit_figures f WHERE f.user_id = ${userId} AND f.dimension = 'park')`,
  );
}

/**
 * The first, the latest and the most ridden of the member's rides that count under their rules: each read from the
 * top of its index of the tallies (ride_log_tallies_first_idx, _latest_idx, _times_idx) in the index's order, ties by
 * ride, so that the scan stops at its limit; the rides that do not count are skipped (ride_credit_keys, the rules' one
 * source). One statement.
 */
function notableRides(db: Executor, userId: string, rules: CreditRules) {
  const ride = (role: RideRow["role"], order: ReturnType<typeof sql>, limit: number, where = sql``) => sql`(SELECT ${role}::text AS role,
      a.id AS ride_id, a.name, a.slug, p.name AS park_name, p.slug AS park_slug, t.times, t.first_on::text AS first_on, t.last_on::text AS last_on
    FROM ride_log_tallies t
    JOIN attractions a ON a.id = t.attraction_id
    JOIN parks p ON p.id = a.park_id
    WHERE t.user_id = ${userId} ${where}
      AND EXISTS (SELECT 1 FROM ride_credit_keys(t.attraction_id, ${rules.coastersOnly}, ${rules.countRemoved}) k WHERE k.dimension = 'all')
    ORDER BY ${order} LIMIT ${limit})`;
  return queryRows<RideRow>(
    db,
    sql`${ride("first", sql`t.first_on, t.attraction_id`, 1, sql`AND t.first_on IS NOT NULL`)}
      UNION ALL ${ride("latest", sql`t.last_on DESC NULLS LAST, t.attraction_id`, 1, sql`AND t.last_on IS NOT NULL`)}
      UNION ALL ${ride("most", sql`t.times DESC NULLS LAST, t.attraction_id`, MOST_RIDDEN_SHOWN)}`,
  );
}

function creditRide(row: RideRow): CreditRide {
  return { rideId: row.ride_id, name: row.name, slug: row.slug, parkName: row.park_name, parkSlug: row.park_slug, times: row.times, firstOn: row.first_on, lastOn: row.last_on };
}

/**
 * A member's credit figures (docs/rules/ride-log.md#credits) under their rules: the total and the figures kept by the
 * triggers (decision 0075), and three rides read from the top of their indexes — two statements whose cost follows
 * the member's types, countries and years, not their rides nor their parks; one when the rides are not shown
 * (`withRides` false: a log shown as counts only).
 */
export async function readCreditFigures(db: Executor, userId: string, total: number, rules: CreditRules, withRides = true): Promise<CreditFigures> {
  const [rows, rides] = await Promise.all([keptFigures(db, userId), total === 0 || !withRides ? [] : notableRides(db, userId, rules)]);
  const of = (dimension: FigureRow["dimension"]) => rows.filter((row) => row.dimension === dimension);
  const first = rides.find((row) => row.role === "first");
  const latest = rides.find((row) => row.role === "latest");
  return {
    rules,
    total,
    byType: typeFigures(of("type")),
    byPark: of("park")
      .map((row) => ({ parkId: row.key, name: row.park_name!, slug: row.park_slug!, country: row.park_country!, credits: row.credits }))
      .sort(byCreditsThenName((row) => row.name)),
    parkCount: of("parks")[0]?.credits ?? 0,
    byCountry: of("country")
      .map((row) => ({ country: row.key, credits: row.credits }))
      .sort(byCreditsThenName((row) => row.country)),
    first: first ? creditRide(first) : null,
    latest: latest ? creditRide(latest) : null,
    mostRidden: rides.filter((row) => row.role === "most").map(creditRide),
    byYear: of("year")
      .map((row) => ({ year: Number(row.key), rides: row.rides, credits: row.credits }))
      .sort((a, b) => a.year - b.year),
  };
}

/**
 * What a profile shows of a member's log (docs/rules/ride-log.md#who-sees-it): their choice of who sees it, their
 * rules, the total and the credits per type — one statement over their profile's row and their kept type figures.
 * Null for an unknown member.
 */
export async function readCreditSummary(db: Executor, userId: string): Promise<CreditSummary | null> {
  const [row] = await queryRows<{ visibility: CreditSummary["visibility"]; coasters_only: boolean; count_removed: boolean; total: number; types: Array<{ key: string; credits: number }> | null }>(
    db,
    sql`SELECT p.ride_log_visibility AS visibility, p.credits_coasters_only AS coasters_only, p.credits_count_removed AS count_removed,
        p.ride_credits AS total,
        (SELECT json_agg(json_build_object('key', f.key, 'credits', f.credits)) FROM ride_credit_figures f
          WHERE f.user_id = p.id AND f.dimension = 'type') AS types
      FROM profiles p WHERE p.id = ${userId}`,
  );
  if (!row) return null;
  return {
    visibility: row.visibility,
    rules: { coastersOnly: row.coasters_only, countRemoved: row.count_removed },
    total: row.total,
    byType: typeFigures(row.types ?? []),
  };
}
