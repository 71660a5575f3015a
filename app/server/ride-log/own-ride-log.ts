import { and, desc, eq, sql } from "drizzle-orm";
import type { OwnRideLog } from "~/domain/ride-log";
import type { Executor } from "../db/database";
import { rideLogEntries, rideWishes } from "../db/schema";

/** The member's entries of one ride, newest first (an unknown date last), and whether they wish to ride it: two index reads. */
export async function readOwnRideLog(db: Executor, userId: string, rideId: string): Promise<OwnRideLog> {
  const [entries, wishes] = await Promise.all([
    db
      .select({ id: rideLogEntries.id, riddenOn: rideLogEntries.riddenOn, times: rideLogEntries.times, note: rideLogEntries.note })
      .from(rideLogEntries)
      .where(and(eq(rideLogEntries.userId, userId), eq(rideLogEntries.rideId, rideId)))
      .orderBy(sql`${rideLogEntries.riddenOn} DESC NULLS LAST`, desc(rideLogEntries.createdAt)),
    db.select({ one: sql`1` }).from(rideWishes).where(and(eq(rideWishes.userId, userId), eq(rideWishes.rideId, rideId))),
  ]);
  const times = entries.reduce((sum, entry) => sum + entry.times, 0);
  const lastOn = entries.find((entry) => entry.riddenOn !== null)?.riddenOn ?? null;
  return { entries, times, lastOn, wished: wishes.length > 0 };
}
