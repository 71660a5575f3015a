import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { profiles, sessions, users } from "../db/schema";

export type Suspension = { reason: string };

export async function suspensionOfUser(db: Executor, userId: string): Promise<Suspension | null> {
  const [row] = await db
    .select({ isSuspended: profiles.isSuspended, reason: profiles.suspensionReason })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.isSuspended ? { reason: row.reason ?? "" } : null;
}

export async function suspensionOfEmail(db: Executor, email: string): Promise<Suspension | null> {
  const [row] = await db
    .select({ isSuspended: profiles.isSuspended, reason: profiles.suspensionReason })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row?.isSuspended ? { reason: row.reason ?? "" } : null;
}

/**
 * Suspends a member (the reason is required, also by a database check) and
 * ends all their sessions at once, in one transaction. The admin screens call this.
 */
export async function suspendMember(db: Executor, userId: string, reason: string): Promise<void> {
  const trimmed = reason.trim();
  if (!trimmed) throw new Error("A suspension needs a reason");
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ isSuspended: true, suspensionReason: trimmed }).where(eq(profiles.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

export async function reactivateMember(db: Executor, userId: string): Promise<void> {
  await db.update(profiles).set({ isSuspended: false, suspensionReason: null }).where(eq(profiles.id, userId));
}
