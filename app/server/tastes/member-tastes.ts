import { sql } from "drizzle-orm";
import { PROFILE_SUGGESTIONS, type RideSuggestionView, type TasteNeighbourView } from "~/domain/member-tastes";
import { queryRows, type Executor } from "../db/database";

/**
 * The member's closest members as the tastes job last found them (decision 0078), those still shown (a member
 * suspended since is left out): one walk of member_taste_neighbours_position_idx.
 */
export async function readTasteNeighbours(db: Executor, userId: string): Promise<TasteNeighbourView[]> {
  const rows = await queryRows<TasteNeighbourView>(
    db,
    sql`SELECT p.id AS "userId", p.username, n.overlap AS "sharedRides"
      FROM member_taste_neighbours n JOIN profiles p ON p.id = n.neighbour_id
      WHERE n.user_id = ${userId} AND NOT p.is_suspended
      ORDER BY n.position`,
  );
  return rows.map((row) => ({ ...row, sharedRides: Number(row.sharedRides) }));
}

/**
 * "Pour vous": the member's kept suggestions in their order, all parks or one, still published and operating, and not
 * rated since the job ran (the member's rating hides a ride at once): at most `limit`, from the member's kept fifty.
 */
export async function readRideSuggestions(db: Executor, userId: string, parkId: string | null, limit: number): Promise<RideSuggestionView[]> {
  const parkCondition = parkId === null ? sql`` : sql`AND a.park_id = ${parkId}`;
  const rows = await queryRows<RideSuggestionView>(
    db,
    sql`SELECT a.name, a.slug, p.name AS "parkName", p.slug AS "parkSlug", s.supporters
      FROM member_ride_suggestions s JOIN attractions a ON a.id = s.attraction_id JOIN parks p ON p.id = a.park_id
      WHERE s.user_id = ${userId} ${parkCondition}
        AND a.moderation_status = 'approved' AND a.status = 'operating' AND p.moderation_status = 'approved'
        AND NOT EXISTS (SELECT 1 FROM attraction_ratings r WHERE r.user_id = ${userId} AND r.attraction_id = a.id)
      ORDER BY s.position
      LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...row, supporters: Number(row.supporters) }));
}

/**
 * The own profile's "Pour vous" and its members of close taste, in one statement: the two reads above, side by side
 * (a page runs a handful of statements, docs/rules/quality.md).
 */
export async function readForYou(db: Executor, userId: string): Promise<{ suggestions: RideSuggestionView[]; neighbours: TasteNeighbourView[] }> {
  const rows = await queryRows<{ kind: "ride" | "member"; name: string; slug: string; parkName: string | null; parkSlug: string | null; count: number }>(
    db,
    sql`(SELECT 'ride' AS kind, a.name, a.slug, p.name AS "parkName", p.slug AS "parkSlug", s.supporters AS count, s.position
        FROM member_ride_suggestions s JOIN attractions a ON a.id = s.attraction_id JOIN parks p ON p.id = a.park_id
        WHERE s.user_id = ${userId} AND a.moderation_status = 'approved' AND a.status = 'operating' AND p.moderation_status = 'approved'
          AND NOT EXISTS (SELECT 1 FROM attraction_ratings r WHERE r.user_id = ${userId} AND r.attraction_id = a.id)
        ORDER BY s.position LIMIT ${PROFILE_SUGGESTIONS})
      UNION ALL
      (SELECT 'member', m.username, m.id, NULL, NULL, n.overlap, n.position
        FROM member_taste_neighbours n JOIN profiles m ON m.id = n.neighbour_id
        WHERE n.user_id = ${userId} AND NOT m.is_suspended
        ORDER BY n.position)
      ORDER BY kind DESC, position`,
  );
  return {
    suggestions: rows
      .filter((row) => row.kind === "ride")
      .map((row) => ({ name: row.name, slug: row.slug, parkName: row.parkName!, parkSlug: row.parkSlug!, supporters: Number(row.count) })),
    neighbours: rows.filter((row) => row.kind === "member").map((row) => ({ userId: row.slug, username: row.name, sharedRides: Number(row.count) })),
  };
}
