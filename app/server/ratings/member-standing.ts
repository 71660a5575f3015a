import type { FieldMessage } from "~/domain/form-values";
import { suspensionOfUser } from "../auth/suspension";
import type { Executor } from "../db/database";

/**
 * Why this member may not write, or null. Suspension ends a member's sessions
 * and the request's user is resolved as signed out, but a request already
 * under way (or a session that survived somehow) must still not write: one
 * primary-key read per write settles it.
 */
export async function writeBarredMessage(db: Executor, userId: string): Promise<FieldMessage | null> {
  const suspension = await suspensionOfUser(db, userId);
  return suspension ? { key: "auth.errors.suspended", values: { reason: suspension.reason } } : null;
}
