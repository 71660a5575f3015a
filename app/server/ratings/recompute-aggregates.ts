import { sql, type SQL } from "drizzle-orm";
import { RIDE_TYPES, rideTypeId } from "~/domain/ride-types";
import { INFLUENCE_LEVELS } from "~/domain/influence";
import type { Executor } from "../db/database";
import { approvedRide } from "../catalog/visibility";
import { parkRatingScore } from "../db/park-rating-score";
import { idArray } from "../db/id-array";
import { histogramOf, NO_RATINGS } from "./star-histograms";

/** Each park category's rating column and the columns summing, counting and histogramming it on parks (decision 0035). */
const CATEGORIES = ["kids_friendly", "family_friendly", "thrill", "theming", "operations", "value"].map((column) => ({
  rating: sql.raw(`${column}_rating`),
  sum: sql.raw(`${column}_sum`),
  count: sql.raw(`${column}_count`),
  histogram: sql.raw(`${column}_histogram`),
}));

/** The two kinds of review, whose helpful votes are told apart by rating_votes.rating_type. */
const RATING_TABLES = [
  { table: sql.raw("park_ratings"), ratingType: "park" },
  { table: sql.raw("attraction_ratings"), ratingType: "attraction" },
];

/** A rating's month: the UTC calendar month of its creation, as member_month_add (app/server/db/triggers/) counts it. */
const ratingMonth = sql`date_trunc('month', created_at AT TIME ZONE 'UTC')::date`;

/**
 * Recomputes every maintained aggregate from the rows themselves. Requests
 * never call this: each write keeps its own aggregates, or recomputes its scope
 * with recomputeAggregates. It exists for bulk loads (demo content, benchmark
 * data) and for checking that the incremental updates agree with the truth.
 */
export async function recomputeAllAggregates(db: Executor): Promise<void> {
  await recomputeAggregates(db, {});
}

/**
 * Which rows to recompute: each list limits one family of aggregates to those
 * ids (an empty list skips it); a missing list means every row.
 * - reviewIds: helpful/unhelpful counts of park and attraction ratings
 * - attractionIds: rating count, sum, star histogram and audience counts of attractions, their duel wins and losses,
 *   and their typical waits (ride_typical_waits)
 * - parkIds: rating counts, sums, star histograms, visit durations and attraction figures of parks
 *   (computed after the attractions, whose averages they read)
 * - userIds: user_rating_stats (the profile's figures included), user_rating_months and contributor_stats of members
 *   (only those who still have a profile); without the list, the site's count of accounts too (site_counts)
 *
 * Duel counts, typical waits, reviewers' score sums, contributor counts, the profile's figures
 * and the ratings by month are kept on every write by row triggers
 * (app/server/db/triggers/), the others by the writes' services; this is the
 * definition of all of them (docs/architecture.md, "Stored totals: who keeps what").
 */
export type AggregateScope = {
  reviewIds?: readonly string[];
  rideIds?: readonly string[];
  parkIds?: readonly string[];
  userIds?: readonly string[];
};

/**
 * The one definition of every maintained aggregate, for all rows or for a
 * scope (account deletion recomputes just what the deleted rows touched).
 */
export async function recomputeAggregates(db: Executor, scope: AggregateScope): Promise<void> {
  const reviews = within(scope.reviewIds, "uuid");
  const ridesIn = within(scope.rideIds, "uuid");
  const parksIn = within(scope.parkIds, "uuid");
  const usersIn = within(scope.userIds, "text");

  if (reviews) await recomputeVoteCounts(db, reviews);

  // The accounts counted again only for the whole database: a scope (an account's deletion) would otherwise pay
  // the very count over every account that the kept figure exists to avoid (decision 0059).
  if (scope.userIds === undefined) await db.execute(sql`UPDATE site_counts SET members = (SELECT count(*) FROM "user")::int`);

  if (ridesIn) await db.execute(sql`
    UPDATE attractions a SET
      rating_count = s.rating_count,
      rating_sum = s.rating_sum,
      audience_thrill_count = s.thrill,
      audience_kids_count = s.kids,
      audience_general_count = s.general,
      rating_histogram = s.histogram
    FROM (
      SELECT at.id,
        count(r.id)::int AS rating_count,
        coalesce(sum(r.rating), 0)::int AS rating_sum,
        count(*) FILTER (WHERE r.audience_type = 'thrill')::int AS thrill,
        count(*) FILTER (WHERE r.audience_type = 'kids')::int AS kids,
        count(*) FILTER (WHERE r.audience_type = 'general')::int AS general,
        ${histogramOf(sql`r.rating`)} AS histogram
      FROM attractions at
      LEFT JOIN attraction_ratings r ON r.attraction_id = at.id
      WHERE ${ridesIn(sql`at.id`)}
      GROUP BY at.id
    ) s
    WHERE s.id = a.id`);

  if (ridesIn) await db.execute(sql`
    UPDATE attractions a SET
      duel_wins = (SELECT count(*) FROM attraction_duels d WHERE d.winner_id = a.id)::int,
      duel_losses = (SELECT count(*) FROM attraction_duels d WHERE d.loser_id = a.id)::int
    WHERE ${ridesIn(sql`a.id`)}`);

  // The rides' typical waits (docs/rules/waits.md#typical-waits), built again from their reports: the cells replaced by
  // the reports grouped by day type and local hour, as the trigger ride_wait_reports_count counts them.
  if (ridesIn) {
    await db.execute(sql`DELETE FROM ride_typical_waits WHERE ${ridesIn(sql`attraction_id`)}`);
    await db.execute(sql`
      INSERT INTO ride_typical_waits (attraction_id, day_type, hour, reports, minutes_sum)
      SELECT attraction_id, CASE WHEN extract(isodow FROM local_hour) >= 6 THEN 'weekend' ELSE 'weekday' END,
        extract(hour FROM local_hour)::smallint, count(*)::int, sum(wait_minutes)::int
      FROM ride_wait_reports
      WHERE ${ridesIn(sql`attraction_id`)}
      GROUP BY 1, 2, 3`);
  }

  // Park score: each rating's mean of its given sub-ratings, summed (docs/rules/catalogue.md#park-scores).
  if (parksIn) await db.execute(sql`
    UPDATE parks p SET
      rating_count = coalesce(s.rating_count, 0),
      score_sum = coalesce(s.score_sum, 0),
      ${sql.join(CATEGORIES.map(({ sum, count }) => sql`${sum} = coalesce(s.${sum}, 0), ${count} = coalesce(s.${count}, 0)`), sql`, `)},
      ${sql.join(CATEGORIES.map(({ histogram }) => sql`${histogram} = coalesce(s.${histogram}, ${NO_RATINGS})`), sql`, `)},
      visit_half_day_count = coalesce(s.half_day, 0),
      visit_full_day_count = coalesce(s.full_day, 0),
      visit_two_days_count = coalesce(s.two_days, 0),
      rated_attractions_count = coalesce(a.rated, 0),
      attractions_average_sum = coalesce(a.average_sum, 0),
      attractions_count = coalesce(a.operating, 0)
    FROM parks p2
    LEFT JOIN (
      SELECT park_id,
        count(*)::int AS rating_count,
        sum(${parkRatingScore()}) AS score_sum,
        ${sql.join(CATEGORIES.map(({ rating, sum, count }) => sql`sum(${rating})::int AS ${sum}, count(${rating})::int AS ${count}`), sql`, `)},
        ${sql.join(CATEGORIES.map(({ rating, histogram }) => sql`${histogramOf(rating)} AS ${histogram}`), sql`, `)},
        count(*) FILTER (WHERE visit_duration = 'half_day')::int AS half_day,
        count(*) FILTER (WHERE visit_duration = 'full_day')::int AS full_day,
        count(*) FILTER (WHERE visit_duration = 'two_days')::int AS two_days
      FROM park_ratings
      WHERE ${parksIn(sql`park_id`)}
      GROUP BY park_id
    ) s ON s.park_id = p2.id
    LEFT JOIN (
      SELECT park_id,
        count(*) FILTER (WHERE rating_count > 0)::int AS rated,
        sum(rating_sum::numeric / rating_count) FILTER (WHERE rating_count > 0) AS average_sum,
        count(*) FILTER (WHERE status = 'operating')::int AS operating
      FROM attractions
      WHERE ${approvedRide()} AND ${parksIn(sql`park_id`)}
      GROUP BY park_id
    ) a ON a.park_id = p2.id
    WHERE p.id = p2.id AND ${parksIn(sql`p2.id`)}`);

  if (!usersIn) return;
  // The profile's figures (decision 0031) over the member's ratings and their rides' facts as they are now.
  // Each side is one grouped pass over the ratings, joined to the profiles: a lateral subquery per member let the
  // planner, on tables not analyzed yet (a bulk load), scan every ride once per member (200,000 × 40,000 on large).
  // Every type: the profile's grid shows eight, its chart all ten (decision 0035).
  const typeColumns = RIDE_TYPES.map((type) => sql.raw(`${type}_count`));
  const typeCounts = RIDE_TYPES.map((type) => sql`count(*) FILTER (WHERE a.type_id = ${rideTypeId(type)})::int`);
  const zeroIfNone = (column: SQL) => sql`coalesce(${column}, 0)`;
  await db.execute(sql`
    INSERT INTO user_rating_stats (user_id, total_park_ratings, total_attraction_ratings, current_weight, park_score_sum,
      attraction_rating_sum, ride_track_metres, ride_inversions, ride_seconds, ride_height_metres, ${sql.join(typeColumns, sql`, `)},
      helpful_votes_received, hidden_reviews, review_photos, updated_at)
    SELECT pr.id, ${zeroIfNone(sql`pk.ratings`)}, ${zeroIfNone(sql`ar.ratings`)}, 1, ${zeroIfNone(sql`pk.score_sum`)},
      ${sql.join(["rating_sum", "track", "inversions", "seconds", "height"].map((column) => zeroIfNone(sql`ar.${sql.raw(column)}`)), sql`, `)},
      ${sql.join(typeColumns.map((column) => zeroIfNone(sql`ar.${column}`)), sql`, `)},
      ${zeroIfNone(sql`ar.helpful`)} + ${zeroIfNone(sql`pk.helpful`)}, ${zeroIfNone(sql`ar.hidden`)} + ${zeroIfNone(sql`pk.hidden`)},
      ${zeroIfNone(sql`pk.photos`)}, now()
    FROM profiles pr
    LEFT JOIN (
      SELECT r.user_id, count(*)::int AS ratings, coalesce(sum(${parkRatingScore("r")}), 0) AS score_sum,
        coalesce(sum(r.helpful_count), 0)::int AS helpful, count(r.hidden_at)::int AS hidden,
        coalesce(sum(cardinality(r.images)), 0)::int AS photos
      FROM park_ratings r WHERE ${usersIn(sql`r.user_id`)}
      GROUP BY r.user_id
    ) pk ON pk.user_id = pr.id
    LEFT JOIN (
      SELECT r.user_id, count(*)::int AS ratings, coalesce(sum(r.rating), 0)::int AS rating_sum,
        coalesce(sum(a.track_length), 0)::int AS track, coalesce(sum(a.inversions), 0)::int AS inversions,
        coalesce(sum(a.duration), 0)::int AS seconds, coalesce(sum(a.height), 0) AS height,
        ${sql.join(typeCounts.map((count, i) => sql`${count} AS ${typeColumns[i]}`), sql`, `)},
        coalesce(sum(r.helpful_count), 0)::int AS helpful, count(r.hidden_at)::int AS hidden
      FROM attraction_ratings r JOIN attractions a ON a.id = r.attraction_id WHERE ${usersIn(sql`r.user_id`)}
      GROUP BY r.user_id
    ) ar ON ar.user_id = pr.id
    WHERE ${usersIn(sql`pr.id`)}
    ON CONFLICT (user_id) DO UPDATE SET
      total_park_ratings = excluded.total_park_ratings,
      total_attraction_ratings = excluded.total_attraction_ratings,
      park_score_sum = excluded.park_score_sum,
      attraction_rating_sum = excluded.attraction_rating_sum,
      ride_track_metres = excluded.ride_track_metres,
      ride_inversions = excluded.ride_inversions,
      ride_seconds = excluded.ride_seconds,
      ride_height_metres = excluded.ride_height_metres,
      ${sql.join(typeColumns.map((column) => sql`${column} = excluded.${column}`), sql`, `)},
      helpful_votes_received = excluded.helpful_votes_received,
      hidden_reviews = excluded.hidden_reviews,
      review_photos = excluded.review_photos,
      updated_at = now()`);
  await db.execute(
    sql`UPDATE user_rating_stats SET current_weight = ${influenceWeightSql(sql.raw("total_park_ratings"))}
      WHERE ${usersIn(sql`user_id`)}`,
  );

  // The ratings by month (decision 0035), built again for these members: their rows replaced by the grouped ratings.
  await db.execute(sql`DELETE FROM user_rating_months WHERE ${usersIn(sql`user_id`)}`);
  await db.execute(sql`
    INSERT INTO user_rating_months (user_id, month, park_ratings, attraction_ratings)
    SELECT r.user_id, r.month, sum(r.parks)::int, sum(r.rides)::int
    FROM (
      SELECT user_id, ${ratingMonth} AS month, 1 AS parks, 0 AS rides FROM park_ratings WHERE ${usersIn(sql`user_id`)}
      UNION ALL
      SELECT user_id, ${ratingMonth}, 0, 1 FROM attraction_ratings WHERE ${usersIn(sql`user_id`)}
    ) r
    JOIN profiles pr ON pr.id = r.user_id
    GROUP BY r.user_id, r.month`);

  const approvedRows = (target: string, action: string) =>
    sql`(SELECT count(*) FROM content_modifications c WHERE c.user_id = pr.id AND c.status = 'approved'
      AND c.target_type = ${target} AND c.action = ${action})::int`;
  await db.execute(sql`
    INSERT INTO contributor_stats (user_id, parks_created, parks_updated, attractions_created, attractions_updated, suggestions_count)
    SELECT pr.id, ${approvedRows("park", "create")}, ${approvedRows("park", "update")},
      ${approvedRows("attraction", "create")}, ${approvedRows("attraction", "update")},
      ((SELECT count(*) FROM park_suggestions s WHERE s.suggested_by = pr.id)
        + (SELECT count(*) FROM attraction_suggestions s WHERE s.suggested_by = pr.id))::int
    FROM profiles pr
    WHERE ${usersIn(sql`pr.id`)}
    ON CONFLICT (user_id) DO UPDATE SET
      parks_created = excluded.parks_created, parks_updated = excluded.parks_updated,
      attractions_created = excluded.attractions_created, attractions_updated = excluded.attractions_updated,
      suggestions_count = excluded.suggestions_count`);
}

/** The helpful and unhelpful counts of the reviews in scope, for both kinds of review. */
async function recomputeVoteCounts(db: Executor, reviews: (column: SQL) => SQL): Promise<void> {
  for (const { table, ratingType } of RATING_TABLES) {
    await db.execute(sql`
      UPDATE ${table} r SET
        helpful_count = coalesce(v.helpful, 0),
        unhelpful_count = coalesce(v.unhelpful, 0)
      FROM (
        SELECT rt.id,
          count(*) FILTER (WHERE rv.is_helpful) AS helpful,
          count(*) FILTER (WHERE NOT rv.is_helpful) AS unhelpful
        FROM ${table} rt
        LEFT JOIN rating_votes rv ON rv.rating_type = ${ratingType} AND rv.rating_id = rt.id
        WHERE ${reviews(sql`rt.id`)}
        GROUP BY rt.id
      ) v
      WHERE v.id = r.id`);
  }
}

/**
 * A condition builder for one scope list: `column = ANY(ids)` (one array
 * parameter, however many ids), TRUE for every row, or null when the list is
 * empty and the statement can be skipped.
 */
function within(ids: readonly string[] | undefined, type: "uuid" | "text"): ((column: SQL) => SQL) | null {
  if (ids === undefined) return () => sql`TRUE`;
  if (ids.length === 0) return null;
  const literal = idArray(new Set(ids));
  return (column) => sql`${column} = ANY(${literal}::${sql.raw(type)}[])`;
}

/** CASE expression giving the influence multiplier of a number of rated parks, from the domain table. */
function influenceWeightSql(parksRated: ReturnType<typeof sql.raw>) {
  const levels = [...INFLUENCE_LEVELS].reverse();
  const branches = levels.map((level) => sql` WHEN ${parksRated} >= ${level.minParks} THEN ${level.multiplier}::numeric`);
  return sql`CASE${sql.join(branches)} ELSE 1 END`;
}
