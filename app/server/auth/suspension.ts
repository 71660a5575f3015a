import { and, eq } from "drizzle-orm";
import type { Executor, Transaction } from "../db/database";
import { profiles, sessions } from "../db/schema";

export type Suspension = { reason: string };

export async function suspensionOfUser(db: Executor, userId: string): Promise<Suspension | null> {
  const [row] = await db
    .select({ isSuspended: profiles.isSuspended, reason: profiles.suspensionReason })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.isSuspended ? { reason: row.reason ?? "" } : null;
}

/**
 * Suspends a member (the reason is required, also by a database check) and
 * ends all their sessions at once, in one transaction. Suspending a member
 * already suspended changes nothing.
 */
export async function suspendMember(db: Executor, userId: string, reason: string): Promise<void> {
  await db.transaction((tx) => suspendMemberIn(tx, userId, reason));
}

/**
 * The suspension's work inside a transaction the caller holds (the back office
 * writes its moderation log row in the same one). Only an active member is
 * suspended: false when there was none to suspend, and then nothing is written.
 */
export async function suspendMemberIn(tx: Transaction, userId: string, reason: string): Promise<boolean> {
  const trimmed = reason.trim();
  if (!trimmed) throw new Error("A suspension needs a reason");
  const suspended = await tx
    .update(profiles)
    .set({ isSuspended: true, suspensionReason: trimmed })
    .where(and(eq(profiles.id, userId), eq(profiles.isSuspended, false)))
    .returning({ id: profiles.id });
  if (suspended.length === 0) return false;
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  return true;
}

export async function reactivateMember(db: Executor, userId: string): Promise<void> {
  await reactivateMemberIn(db, userId);
}

/** Reactivation clears the reason; false when the member was not suspended (nothing written). */
export async function reactivateMemberIn(db: Executor, userId: string): Promise<boolean> {
  const reactivated = await db
    .update(profiles)
    .set({ isSuspended: false, suspensionReason: null })
    .where(and(eq(profiles.id, userId), eq(profiles.isSuspended, true)))
    .returning({ id: profiles.id });
  return reactivated.length > 0;
}
