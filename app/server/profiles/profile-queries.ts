import { sql } from "drizzle-orm";
import { isProfileId } from "~/domain/ids";
import { RIDE_TYPES, type RideTypeName } from "~/domain/ride-types";
import type { ProfileStatistics } from "~/domain/profile-statistics";
import { queryRows, type Executor } from "../db/database";

export type ProfileSummary = {
  id: string;
  username: string;
  memberSince: string;
  statistics: ProfileStatistics;
  /** The last twelve calendar months (UTC), oldest first, this one last: the member's ratings created in each. */
  ratingMonths: RatingMonth[];
};

export type RatingMonth = { month: string; parkRatings: number; rideRatings: number };

type SummaryRow = {
  id: string;
  username: string;
  created_at: string | Date;
  attractions_rated: number;
  attraction_rating_sum: number;
  distance: number;
  inversions: number;
  ride_seconds: number;
  height: number;
  helpful: number;
  hidden: number;
  parks_rated: number;
  park_score_sum: number;
  photos: number;
  approved_contributions: number;
  months: Array<[string, number, number]>;
} & Record<`type_${RideTypeName}`, number>;

const countByType = sql.join(
  RIDE_TYPES.map((type) => sql`coalesce(s.${sql.raw(`${type}_count`)}, 0)::int AS ${sql.raw(`type_${type}`)}`),
  sql`, `,
);

/**
 * The member's ratings by month (decision 0035): twelve primary key reads of user_rating_months, kept by
 * the triggers of migration 0021, a month without ratings (no row) read as zeroes.
 */
const lastTwelveMonths = sql`(
  SELECT json_agg(json_build_array(to_char(g.m, 'YYYY-MM'), coalesce(u.park_ratings, 0), coalesce(u.attraction_ratings, 0)) ORDER BY g.m)
  FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months',
    date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') g(m)
  LEFT JOIN user_rating_months u ON u.user_id = p.id AND u.month = g.m::date
)`;

/**
 * A member's profile and every figure it shows, in one statement of primary
 * key reads: the figures are maintained per member (user_rating_stats, kept by
 * the triggers of decision 0031; contributor_stats, decision 0020), so the
 * heaviest member's profile costs what a newcomer's does. A member who never
 * rated has no stats row yet: zeroes. Ids are profile ids (better-auth user
 * ids), not always UUIDs.
 */
export async function findProfileSummary(db: Executor, userId: string): Promise<ProfileSummary | null> {
  if (!isProfileId(userId)) return null;
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`
      SELECT p.id, p.username, p.created_at,
        coalesce(s.total_attraction_ratings, 0)::int AS attractions_rated,
        coalesce(s.attraction_rating_sum, 0)::int AS attraction_rating_sum,
        coalesce(s.ride_track_metres, 0)::float8 AS distance,
        coalesce(s.ride_inversions, 0)::int AS inversions,
        coalesce(s.ride_seconds, 0)::int AS ride_seconds,
        coalesce(s.ride_height_metres, 0)::float8 AS height,
        ${countByType},
        coalesce(s.helpful_votes_received, 0)::int AS helpful,
        coalesce(s.hidden_reviews, 0)::int AS hidden,
        coalesce(s.total_park_ratings, 0)::int AS parks_rated,
        coalesce(s.park_score_sum, 0)::float8 AS park_score_sum,
        coalesce(s.review_photos, 0)::int AS photos,
        coalesce(c.total_contributions, 0)::int AS approved_contributions,
        ${lastTwelveMonths} AS months
      FROM profiles p
      LEFT JOIN user_rating_stats s ON s.user_id = p.id
      LEFT JOIN contributor_stats c ON c.user_id = p.id
      WHERE p.id = ${userId}`,
  );
  if (!row) return null;
  const ratingsGiven = row.attractions_rated + row.parks_rated;
  const ridesByType = Object.fromEntries(
    RIDE_TYPES.map((type) => [type, row[`type_${type}`]]),
  ) as Record<RideTypeName, number>;
  return {
    id: row.id,
    username: row.username,
    memberSince: new Date(row.created_at).toISOString(),
    ratingMonths: row.months.map(([month, parkRatings, rideRatings]) => ({ month, parkRatings, rideRatings })),
    statistics: {
      distanceMetres: row.distance,
      inversions: row.inversions,
      rideSeconds: row.ride_seconds,
      heightMetres: row.height,
      ridesByType,
      testedRides: row.attractions_rated,
      visitedParks: row.parks_rated,
      averageRating: ratingsGiven === 0 ? null : (row.attraction_rating_sum + row.park_score_sum) / ratingsGiven,
      // The reviews the profile lists to everyone: one hidden by auto-moderation is not counted,
      // though its scores still count in the figures above (decision 0017).
      reviewsGiven: ratingsGiven - row.hidden,
      badgeValues: {
        explorer: row.parks_rated,
        coasterRider: row.type_roller_coaster,
        rails: row.distance,
        inversions: row.inversions,
        time: row.ride_seconds,
        photos: row.photos,
        helpfulVotes: row.helpful,
        approvedSuggestions: row.approved_contributions,
      },
    },
  };
}
