import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/server/db/database";

/** Every maintained aggregate column, as text so that numerics compare to the last decimal. */
export async function aggregateSnapshot(db: Executor) {
  const parks = await queryRows(
    db,
    sql`SELECT id, rating_count, score_sum::text, kids_friendly_sum, kids_friendly_count, family_friendly_sum,
      family_friendly_count, thrill_sum, thrill_count, theming_sum, theming_count, operations_sum, operations_count,
      value_sum, value_count, visit_half_day_count, visit_full_day_count, visit_two_days_count,
      rated_attractions_count, attractions_average_sum::text, attractions_count,
      kids_friendly_histogram::text, family_friendly_histogram::text, thrill_histogram::text, theming_histogram::text,
      operations_histogram::text, value_histogram::text
      FROM parks ORDER BY id`,
  );
  const rides = await queryRows(
    db,
    sql`SELECT id, rating_count, rating_sum, audience_thrill_count, audience_kids_count, audience_general_count,
      duel_wins, duel_losses, rating_histogram::text
      FROM attractions ORDER BY id`,
  );
  const votes = await queryRows(
    db,
    sql`SELECT id, helpful_count, unhelpful_count FROM park_ratings
      UNION ALL SELECT id, helpful_count, unhelpful_count FROM attraction_ratings ORDER BY id`,
  );
  // recomputeAllAggregates gives every profile a row; a member who never rated has none until then.
  const members = await queryRows(
    db,
    sql`SELECT p.id, coalesce(s.total_park_ratings, 0) AS parks, coalesce(s.total_attraction_ratings, 0) AS attractions,
      coalesce(s.current_weight, 1)::text AS weight, coalesce(s.park_score_sum, 0)::numeric(12, 6)::text AS score_sum,
      coalesce(s.attraction_rating_sum, 0) AS rating_sum, coalesce(s.ride_track_metres, 0) AS track,
      coalesce(s.ride_inversions, 0) AS inversions, coalesce(s.ride_seconds, 0) AS seconds,
      coalesce(s.ride_height_metres, 0)::numeric(14, 1)::text AS height,
      CASE WHEN s.user_id IS NULL THEN '0,0,0,0,0,0,0,0,0,0' ELSE concat_ws(',', s.roller_coaster_count, s.water_ride_count,
        s.dark_ride_count, s.kids_ride_count, s.virtual_reality_count, s.interactive_ride_count, s.transport_count,
        s.walk_through_count, s.flat_ride_count, s.show_count) END AS types,
      coalesce(s.helpful_votes_received, 0) AS helpful, coalesce(s.hidden_reviews, 0) AS hidden,
      coalesce(s.review_photos, 0) AS photos
      FROM profiles p LEFT JOIN user_rating_stats s ON s.user_id = p.id ORDER BY p.id`,
  );
  const contributors = await queryRows(
    db,
    sql`SELECT p.id, coalesce(c.parks_created, 0) AS pc, coalesce(c.parks_updated, 0) AS pu,
      coalesce(c.attractions_created, 0) AS ac, coalesce(c.attractions_updated, 0) AS au,
      coalesce(c.suggestions_count, 0) AS sg
      FROM profiles p LEFT JOIN contributor_stats c ON c.user_id = p.id ORDER BY p.id`,
  );
  // Keyed by an id like the other tables' rows (the durability verifier matches rows by id).
  const months = await queryRows(
    db,
    sql`SELECT user_id || ' ' || month::text AS id, park_ratings, attraction_ratings FROM user_rating_months ORDER BY user_id, month`,
  );
  const site = await queryRows(db, sql`SELECT 'members' AS id, members FROM site_counts`);
  const typicalWaits = await queryRows(
    db,
    sql`SELECT attraction_id || ' ' || day_type || ' ' || hour AS id, reports, minutes_sum FROM ride_typical_waits ORDER BY attraction_id, day_type, hour`,
  );
  return { parks, attractions: rides, votes, members, contributors, months, site, typicalWaits };
}
