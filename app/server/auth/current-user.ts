import { eq } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import type { Config } from "../config";
import type { Executor } from "../db/database";
import { profiles, sessions } from "../db/schema";
import { administratorStanding } from "./administrator";
import type { Auth } from "./auth";

const SESSION_ABSOLUTE_MAXIMUM_MS = 30 * 24 * 3600 * 1000;

/**
 * A request's member, the cookies to send back, and until when that answer may be reused for the same cookies
 * (the session's expiry or its 30 days' limit, whichever comes first; session-cache.ts adds its own few seconds).
 */
export type ResolvedSession = { user: CurrentUser; setCookies: string[]; validUntil: number } | { user: null; setCookies: string[] };

/**
 * The signed-in member of a request, resolved once per request by the HTTP
 * server. better-auth validates the session cookie (and slides its expiry,
 * hence the cookies to send back); the administrator role is the account
 * whose e-mail is ADMIN_EMAIL and confirmed (administrator.ts), decided on the
 * server only.
 */
export async function resolveCurrentUser(
  auth: Auth,
  db: Executor,
  config: Config,
  headers: Headers,
): Promise<ResolvedSession> {
  const { headers: responseHeaders, response: session } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders.getSetCookie();
  if (!session) return { user: null, setCookies };
  // Sessions slide for 7 days while used, but never outlive 30 days from sign-in.
  const endOfLife = new Date(session.session.createdAt).getTime() + SESSION_ABSOLUTE_MAXIMUM_MS;
  if (Date.now() > endOfLife) {
    await db.delete(sessions).where(eq(sessions.id, session.session.id));
    return { user: null, setCookies };
  }
  const [profile] = await db
    .select({ username: profiles.username, isSuspended: profiles.isSuspended })
    .from(profiles)
    .where(eq(profiles.id, session.user.id))
    .limit(1);
  if (!profile || profile.isSuspended) return { user: null, setCookies };
  const standing = administratorStanding(config, session.user);
  return {
    user: {
      id: session.user.id,
      username: profile.username,
      isAdmin: standing === "administrator",
      adminAddressUnconfirmed: standing === "unconfirmed",
      twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    },
    setCookies,
    validUntil: Math.min(new Date(session.session.expiresAt).getTime(), endOfLife),
  };
}
