import { sql, type SQL } from "drizzle-orm";
import type { FieldMessage } from "~/domain/form-values";
import { suspensionOfUser } from "../auth/suspension";
import type { Executor } from "../db/database";
import { profiles } from "../db/schema";

/**
 * Why this member may not write, or null. Suspension ends a member's sessions
 * and the request's user is resolved as signed out, but a request already
 * under way (or a session that survived somehow) must still not write: one
 * primary-key read per write settles it.
 */
export async function writeBarredMessage(db: Executor, userId: string): Promise<FieldMessage | null> {
  const suspension = await suspensionOfUser(db, userId);
  return suspension ? barredMessage(suspension.reason) : null;
}

/**
 * The same primary-key read as a column of a write's own first statement
 * (the frequent writes count their statements, docs/rules/quality.md#member-writes): the member's
 * suspension reason, '' for a suspension without one, null when they may write.
 */
export function suspensionColumn(userId: string): SQL<string | null> {
  return sql<string | null>`(SELECT CASE WHEN ${profiles.isSuspended} THEN coalesce(${profiles.suspensionReason}, '') END
    FROM ${profiles} WHERE ${profiles.id} = ${userId})`;
}

/** The refusal a suspended member's write gets, from suspensionColumn's value. */
export function barredMessage(suspensionReason: string | null): FieldMessage | null {
  return suspensionReason === null ? null : { key: "auth.errors.suspended", values: { reason: suspensionReason } };
}
