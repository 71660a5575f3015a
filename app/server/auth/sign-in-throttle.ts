import crypto from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../db/database";
import { countInFixedWindow, NOW_MS } from "../db/fixed-window-counter";
import { rateLimits } from "../db/schema";
import { requestT } from "../i18n";

/**
 * Password sign-ins per account (decision 0040): at most 10 attempts that do not end in a session
 * per address in a fixed 15-minute window, whatever client address they come from — better-auth's
 * own limit counts per client address only, so many addresses could try one account's passwords
 * without end. The count is kept per address typed, whether or not an account has it, so a
 * refusal says nothing about the account.
 */
const SIGN_IN_ATTEMPTS = { max: 10, windowSeconds: 15 * 60 };

/** Error code of a sign-in refused because the address had too many attempts. */
const SIGN_IN_THROTTLED = "SIGN_IN_THROTTLED";

const KEY_PREFIX = "sign-in|";
const SIGN_IN_PATH = "/sign-in/email";

/**
 * The counter is a row of better-auth's `rate_limit` table (any process of the site
 * sees it), as the public API's (decision 0036), under `sign-in|<sha-256 of the address>`: no key
 * of better-auth's or of the API's takes that form, and the table holds no address in clear.
 */
function keyOf(email: string): string {
  return KEY_PREFIX + crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/**
 * Counts one attempt for the address, in one statement (a new window when the last one is over),
 * and says how many seconds are left when it is one too many, else null. Counted before the
 * password is checked, so parallel attempts cannot slip past the limit together.
 */
async function countSignInAttempt(db: Executor, email: string): Promise<number | null> {
  const { count, resetSeconds } = await countInFixedWindow(db, keyOf(email), SIGN_IN_ATTEMPTS.windowSeconds);
  return count <= SIGN_IN_ATTEMPTS.max ? null : resetSeconds;
}

/**
 * A session was opened: the address's attempts are forgotten, and so are other addresses' whose
 * window is over (one statement; their rows would otherwise stay, one per address ever typed).
 */
async function forgetSignInAttempts(db: Executor, email: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM ${rateLimits} WHERE key = ${keyOf(email)}
      OR (key LIKE ${`${KEY_PREFIX}%`} AND last_request <= ${NOW_MS} - ${SIGN_IN_ATTEMPTS.windowSeconds * 1000})`,
  );
}

/** better-auth's hooks around its password sign-in: the attempt counted before, forgotten after a success. */
export function signInThrottle(db: Database) {
  const emailOf = (body: unknown) => {
    const email = (body as { email?: unknown } | undefined)?.email;
    return typeof email === "string" ? email : "";
  };
  return {
    id: "sign-in-throttle",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const seconds = await countSignInAttempt(db, emailOf(ctx.body));
            if (seconds === null) return;
            const message = ctx.request ? requestT(ctx.request)("auth.errors.tooManyRequests") : undefined;
            throw new APIError("TOO_MANY_REQUESTS", { code: SIGN_IN_THROTTLED, message }, { "Retry-After": String(seconds) });
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof Error) return;
            await forgetSignInAttempts(db, emailOf(ctx.body));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
