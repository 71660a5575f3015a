import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { attractionTypeId } from "~/domain/attraction-types";
import { isProfileId } from "~/domain/ids";
import { PROFILE_TYPE_GRID, type ProfileStatistics, type ProfileTypeName } from "~/domain/profile-statistics";
import { queryRows, type Executor } from "../db/database";
import { parkRatingScore } from "../ratings/park-rating-score";
import { publicReview } from "../catalog/review-visibility";
import { attractionRatings, parkRatings } from "../db/schema";

const attractionReview = alias(attractionRatings, "r");

export type ProfileSummary = {
  id: string;
  username: string;
  memberSince: string;
  statistics: ProfileStatistics;
};

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
  coasters: number;
  attraction_helpful: number;
  attraction_reviews_shown: number;
  parks_rated: number;
  park_score_sum: number;
  photos: number;
  park_helpful: number;
  park_reviews_shown: number;
  approved_contributions: number;
} & Record<`type_${ProfileTypeName}`, number>;

const countByType = sql.join(
  PROFILE_TYPE_GRID.map((type) => sql`count(*) FILTER (WHERE a.type_id = ${attractionTypeId(type)})::int AS ${sql.raw(`type_${type}`)}`),
  sql`, `,
);

/**
 * A member's profile and every figure it shows, in one statement: the sums run
 * over the member's own ratings through the (user, item) unique indexes, so the
 * cost follows one member's history (bounded by the catalogue), never the
 * table sizes. Ids are profile ids (better-auth user ids), not always UUIDs.
 */
export async function findProfileSummary(db: Executor, userId: string): Promise<ProfileSummary | null> {
  if (!isProfileId(userId)) return null;
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`
      SELECT p.id, p.username, p.created_at,
        ar.*, pr.*,
        (SELECT count(*)::int FROM content_modifications cm
          WHERE cm.user_id = p.id AND cm.status = 'approved') AS approved_contributions
      FROM profiles p
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS attractions_rated,
          coalesce(sum(r.rating), 0)::int AS attraction_rating_sum,
          coalesce(sum(a.track_length), 0)::float8 AS distance,
          coalesce(sum(a.inversions), 0)::int AS inversions,
          coalesce(sum(a.duration), 0)::int AS ride_seconds,
          coalesce(sum(a.height), 0)::float8 AS height,
          count(*) FILTER (WHERE a.type_id = ${attractionTypeId("roller_coaster")})::int AS coasters,
          coalesce(sum(r.helpful_count), 0)::int AS attraction_helpful,
          count(*) FILTER (WHERE ${publicReview(attractionReview)})::int AS attraction_reviews_shown,
          ${countByType}
        FROM attraction_ratings r
        JOIN attractions a ON a.id = r.attraction_id
        WHERE r.user_id = p.id
      ) ar
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS parks_rated,
          coalesce(sum(${parkRatingScore()}), 0)::float8 AS park_score_sum,
          coalesce(sum(cardinality(images)), 0)::int AS photos,
          coalesce(sum(helpful_count), 0)::int AS park_helpful,
          count(*) FILTER (WHERE ${publicReview(parkRatings)})::int AS park_reviews_shown
        FROM park_ratings
        WHERE user_id = p.id
      ) pr
      WHERE p.id = ${userId}`,
  );
  if (!row) return null;
  const ratingsGiven = row.attractions_rated + row.parks_rated;
  const attractionsByType = Object.fromEntries(
    PROFILE_TYPE_GRID.map((type) => [type, row[`type_${type}`]]),
  ) as Record<ProfileTypeName, number>;
  return {
    id: row.id,
    username: row.username,
    memberSince: new Date(row.created_at).toISOString(),
    statistics: {
      distanceMetres: row.distance,
      inversions: row.inversions,
      rideSeconds: row.ride_seconds,
      heightMetres: row.height,
      attractionsByType,
      testedAttractions: row.attractions_rated,
      visitedParks: row.parks_rated,
      averageRating: ratingsGiven === 0 ? null : (row.attraction_rating_sum + row.park_score_sum) / ratingsGiven,
      // The reviews the profile lists to everyone: one hidden by auto-moderation is not counted,
      // though its scores still count in the figures above (decision 0017).
      reviewsGiven: row.attraction_reviews_shown + row.park_reviews_shown,
      badgeValues: {
        explorer: row.parks_rated,
        coasterRider: row.coasters,
        rails: row.distance,
        inversions: row.inversions,
        time: row.ride_seconds,
        photos: row.photos,
        helpfulVotes: row.attraction_helpful + row.park_helpful,
        approvedSuggestions: row.approved_contributions,
      },
    },
  };
}
