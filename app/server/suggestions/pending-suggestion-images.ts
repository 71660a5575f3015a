import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/database";
import { idArray } from "../db/id-array";

/**
 * The pictures proposed by pending suggestions that a deletion is about to
 * take with it (the member's, or those on the parks and rides deleted), so
 * that the deletion removes their files once committed. An approved
 * suggestion's picture became its target's own (counted with the target); a
 * rejected one's was removed at the rejection.
 */
export async function pendingSuggestionImages(
  tx: Executor,
  scope: { userId?: string; parkIds?: readonly string[]; rideIds?: readonly string[] },
): Promise<string[]> {
  const parkIds = idArray(scope.parkIds ?? []);
  const rideIds = idArray(scope.rideIds ?? []);
  const userId = scope.userId ?? null;
  const rows = await queryRows<{ image: string }>(
    tx,
    sql`SELECT s.suggested_changes->>'imageUrl' AS image FROM park_suggestions s
        WHERE s.status = 'pending' AND s.suggested_changes->>'imageUrl' IS NOT NULL
          AND (s.suggested_by = ${userId} OR s.park_id = ANY(${parkIds}::uuid[]))
      UNION ALL
      SELECT s.suggested_changes->>'imageUrl' FROM attraction_suggestions s JOIN attractions a ON a.id = s.attraction_id
        WHERE s.status = 'pending' AND s.suggested_changes->>'imageUrl' IS NOT NULL
          AND (s.suggested_by = ${userId} OR a.park_id = ANY(${parkIds}::uuid[]) OR s.attraction_id = ANY(${rideIds}::uuid[]))`,
  );
  return rows.map((row) => row.image);
}
