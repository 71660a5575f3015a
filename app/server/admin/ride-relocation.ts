import { eq, or, sql } from "drizzle-orm";
import type { FieldMessage } from "~/domain/form-values";
import { isUuid } from "~/domain/ids";
import type { Database } from "../db/database";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { rides } from "../db/schema";
import { logModeration } from "./moderation-log";

export type RelocationOutcome = { ok: true } | { ok: false; reason: "invalid" | "notFound"; error: FieldMessage };

/**
 * The administrator says that a ride continues another one, the same physical ride moved to another park
 * (docs/rules/ride-log.md#relocated-rides: a ride of its own park is refused), or takes the link away (`continuesId` null). The link always points at the
 * first ride of the line: linking to a ride that continues one links to that one, and the rides that continued the
 * ride being linked follow it. One transaction with its moderation log row; the credits of every member who rode a
 * ride of the line move with it (trigger ride_credits_ride_changed).
 */
export async function setRideContinues(db: Database, moderatorId: string, rideId: string, continuesId: string | null): Promise<RelocationOutcome> {
  const notFound: RelocationOutcome = { ok: false, reason: "notFound", error: { key: "admin.errors.stale" } };
  if (!isUuid(rideId) || (continuesId !== null && !isUuid(continuesId))) return notFound;
  return transactionOrRefusal<RelocationOutcome, RelocationOutcome>(db, async (tx, refuse) => {
    const ids = continuesId === null ? [rideId] : [rideId, continuesId].sort();
    const locked = await tx.select({ id: rides.id, parkId: rides.parkId, continuesId: rides.continuesId }).from(rides).where(or(...ids.map((id) => eq(rides.id, id)))).orderBy(rides.id).for("update");
    if (locked.length !== ids.length) return refuse(notFound);
    if (continuesId === null) {
      await tx.update(rides).set({ continuesId: null, updatedAt: sql`now()` }).where(eq(rides.id, rideId));
    } else {
      const target = locked.find((ride) => ride.id === continuesId)!;
      // A relocation is the ride moved to another park: the ride chosen is of another park than the ride linked (the
      // line may come back to a park it left, so the first ride of the line may be of the ride's own park).
      if (target.parkId === locked.find((ride) => ride.id === rideId)!.parkId) {
        return refuse({ ok: false, reason: "invalid", error: { key: "admin.attractions.errors.continuesSamePark" } });
      }
      const first = target.continuesId ?? target.id;
      if (first === rideId) return refuse({ ok: false, reason: "invalid", error: { key: "admin.attractions.errors.continuesItself" } });
      await tx.update(rides).set({ continuesId: first, updatedAt: sql`now()` }).where(or(eq(rides.id, rideId), eq(rides.continuesId, rideId)));
    }
    await logModeration(tx, { action: "update", targetType: "attraction", targetId: rideId, moderatorId, details: continuesId === null ? null : `continues ${continuesId}` });
    return { ok: true };
  });
}
