import { and, desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "~/server/load-context";
import type { AccountSession } from "~/domain/account-session";
import type { Executor } from "../db/database";
import { sessions } from "../db/schema";

/** The id of the session this request is signed in with (better-auth checks the signed cookie). */
export async function currentSessionId(context: AppLoadContext, request: Request): Promise<string | null> {
  const session = await context.auth.api.getSession({ headers: request.headers });
  return session?.session.id ?? null;
}

/** The member's open sessions, most recently used first; never their tokens. */
export async function listAccountSessions(db: Executor, userId: string, currentId: string | null): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.id === currentId,
  }));
}

/**
 * Ends one of the member's sessions. The condition on the owner makes another
 * member's session id (forged form) a no-op: false is returned, nothing changes.
 */
export async function revokeAccountSession(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}
