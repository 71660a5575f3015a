import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { freeUsernameFor, isUsernameTaken, isWellFormedUsername } from "../accounts/usernames";
import { IPV6_CLIENT_PREFIX_BITS } from "../client-address-key";
import type { Config } from "../config";
import type { Database } from "../db/database";
import * as schema from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { CONFIRMATION_LINK_SECONDS, sendAddressConfirmation } from "./confirmation-email";
import { linkLanguage, sendPasswordResetEmail } from "./password-reset-email";
import { sessionChanges } from "./session-changes-plugin";
import { signInThrottle } from "./sign-in-throttle";
import { suspensionOfUser } from "./suspension";

/** The header our HTTP server writes with the client's address; any client-sent value is replaced. */
export const CLIENT_IP_HEADER = "x-parcours-client-ip";
export const AUTH_BASE_PATH = "/api/auth";
export const GOOGLE_PROVIDER_ID = "google";
/** Error code of a sign-in refused because the account is suspended; the message is the reason. */
export const ACCOUNT_SUSPENDED = "ACCOUNT_SUSPENDED";

const MINUTE = 60;
const DAY = 24 * 3600;

/**
 * better-auth over our Drizzle schema. All its HTTP endpoints are served by its
 * own request handler (routes/api.auth.tsx) — our form actions forward to that
 * handler too — so origin checks, rate limits and plugins always run.
 * `sessionsChanged` hears, in this process, when an endpoint has ended sessions or changed a member's standing: one
 * member, or null when the endpoint does not know whose (the session cache, decision 0058).
 */
export function createAuth(db: Database, config: Config, secret: string, mailer: Mailer, sessionsChanged: (userId: string | null) => void) {
  return betterAuth({
    appName: "Parcours",
    baseURL: config.publicUrl,
    // Its own origin check (sign-in, sign-up, callbacks) accepts what ours does (server/same-origin.ts).
    trustedOrigins: config.siteOrigins,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
        twoFactor: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // A reset link is valid one hour, once, and ends every other session of the account.
      resetPasswordTokenExpiresIn: 60 * MINUTE,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        await sendPasswordResetEmail(db, mailer, { userId: user.id, email: user.email, username: user.name, url }, request);
      },
    },
    // Every new account is sent a link confirming its address (docs/decisions/0025); the member
    // may use the site meanwhile. The link only confirms: it never opens a session.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: CONFIRMATION_LINK_SECONDS,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, token, url }, request) => {
        await sendAddressConfirmation(db, mailer, config.publicUrl, {
          userId: user.id,
          email: user.email,
          username: user.name,
          token,
          language: linkLanguage(url, request),
        });
      },
    },
    account: {
      // A Google identity joins an existing account only when Google says the e-mail is verified
      // AND the account's own address was confirmed: otherwise whoever signed up with someone
      // else's address would be handed that person's Google sign-ins (docs/rules/accounts.md#google-sign-in, decision 0025).
      // Stated, not left to the library's default, so that an upgrade cannot reopen that door.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    session: {
      expiresIn: 7 * DAY,
      updateAge: DAY,
      // A cookie cache would keep a revoked session usable until it expires; the server's own cache is dropped
      // by every revocation (decision 0058).
      cookieCache: { enabled: false },
    },
    // Per client address, in the database so that all instances share the counters.
    // Reference: Supabase Auth's defaults (NOTES.md); see docs/decisions/0004.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 5 * MINUTE, max: 150 },
        "/sign-up/email": { window: 5 * MINUTE, max: 30 },
        "/request-password-reset": { window: 5 * MINUTE, max: 30 },
        "/reset-password": { window: 5 * MINUTE, max: 30 },
        "/sign-in/social": { window: 5 * MINUTE, max: 60 },
        "/two-factor/*": { window: 5 * MINUTE, max: 30 },
        // Re-authentication on the account page (e-mail change, deletion) and password change.
        "/verify-password": { window: 5 * MINUTE, max: 30 },
        "/change-password": { window: 5 * MINUTE, max: 30 },
        // Resending the confirmation link; each account also gets at most one a minute.
        "/send-verification-email": { window: 5 * MINUTE, max: 30 },
      },
    },
    advanced: {
      cookiePrefix: "parcours",
      useSecureCookies: config.publicUrl.startsWith("https://"),
      // Its limits cut IPv6 addresses where ours do (client-address-key.ts), stated rather than left to its default.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: IPV6_CLIENT_PREFIX_BITS },
      // better-auth skips its origin check when NODE_ENV is "test": the integration tests must see what production does.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          // The account's name becomes its profile's username (migration 0003): e-mail
          // sign-ups bring a checked one; Google accounts get one made from their name.
          before: async (user, context) => {
            // E-mail sign-up: the name is the chosen username; if it was taken meanwhile the
            // profile's unique index makes the creation fail, never a silent rename.
            if (context?.path === "/sign-up/email") return { data: user };
            if (isWellFormedUsername(user.name) && !(await isUsernameTaken(db, user.name))) return { data: user };
            return { data: { ...user, name: await freeUsernameFor(db, user.name || user.email.split("@")[0] || "") } };
          },
        },
      },
      session: {
        create: {
          // Whatever the way in (password, Google, two-factor), no session for a suspended member.
          // A password sign-in opens its session only once the password is verified: only then is
          // the member told the reason (decision 0004); a wrong password for a suspended account
          // gets the answer any wrong password gets (decision 0038).
          before: async (session, context) => {
            const suspension = await suspensionOfUser(db, session.userId);
            if (!suspension) return { data: session };
            if (context?.path === "/sign-in/email") throw new APIError("FORBIDDEN", { code: ACCOUNT_SUSPENDED, message: suspension.reason });
            return false;
          },
        },
      },
    },
    plugins: [
      // Password attempts per account, from any address (decision 0040); per address is rateLimit above.
      signInThrottle(db),
      sessionChanges(sessionsChanged),
      twoFactor({ issuer: "Parcours", backupCodeOptions: { amount: 10, length: 10 } }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  discoveryUrl: config.google.discoveryUrl,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
