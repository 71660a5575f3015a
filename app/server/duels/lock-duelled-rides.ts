import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/database";

/**
 * Locks, in id order, every ride of the duels `where` selects, before they are
 * deleted. The trigger of migration 0016 updates both rides of each deleted
 * duel, row after row, in no particular order; another member's duel locks its
 * two rides in id order. Taking all the locks first, in that same order, is
 * what keeps a reset (or an account's deletion) from deadlocking with them;
 * NO KEY UPDATE, as the trigger's, so that foreign-key checks of rankings
 * pointing at these rides (KEY SHARE) are not blocked.
 */
export async function lockDuelledRides(tx: Executor, where: SQL): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM attractions WHERE id IN (
      SELECT winner_id FROM attraction_duels WHERE ${where}
      UNION SELECT loser_id FROM attraction_duels WHERE ${where})
    ORDER BY id FOR NO KEY UPDATE`);
}
