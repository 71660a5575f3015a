import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";

/**
 * better-auth's endpoints that end sessions or change what the session lookup answers for a member: the e-mail and
 * its confirmation (the administrator's standing, decision 0038), the password (other sessions end), two-factor.
 */
const SESSION_CHANGING_PATHS = new Set([
  "/sign-out",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/change-password",
  "/set-password",
  "/reset-password",
  "/verify-email",
  "/change-email",
  "/update-user",
  "/delete-user",
  "/delete-user/callback",
]);
const TWO_FACTOR_PATHS = "/two-factor/";

/**
 * Tells this process's session cache (decision 0058), as soon as such an endpoint has answered (its writes are
 * done), whose sessions changed: the member when the endpoint looked the session up, otherwise nobody in particular
 * (a sign-out reads only its cookie, a reset or a confirmation link comes with a token), and then the whole cache
 * goes — these are rare, and each member costs one lookup more. Other processes learn it from the database's
 * notices. Failed attempts drop too: harmless, and no guess about what a failure left written.
 */
export function sessionChanges(sessionsChanged: (userId: string | null) => void) {
  return {
    id: "session-changes",
    hooks: {
      after: [
        {
          matcher: (context) => SESSION_CHANGING_PATHS.has(context.path ?? "") || (context.path ?? "").startsWith(TWO_FACTOR_PATHS),
          handler: createAuthMiddleware(async (ctx) => {
            sessionsChanged(ctx.context.session?.user.id ?? null);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
