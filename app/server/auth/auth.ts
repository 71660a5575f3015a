import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../config";
import type { Database } from "../db/database";
import * as schema from "../db/schema";

/** The header our HTTP server writes with the client's address; any client-sent value is replaced. */
export const CLIENT_IP_HEADER = "x-parcours-client-ip";
export const AUTH_BASE_PATH = "/api/auth";

const DAY = 24 * 3600;

/**
 * better-auth over our Drizzle schema. All its HTTP endpoints are served by its
 * own request handler (routes/api.auth.tsx), so origin checks and rate limits
 * always run; rate-limit counters live in the database, shared by all instances.
 */
export function createAuth(db: Database, config: Config, secret: string) {
  return betterAuth({
    appName: "Parcours",
    baseURL: config.publicUrl,
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
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: {
      expiresIn: 7 * DAY,
      updateAge: DAY,
      // A cache would keep a revoked session usable until it expires.
      cookieCache: { enabled: false },
    },
    // Per client address, in the database so that all instances share the counters.
    // Reference: Supabase Auth's defaults (NOTES.md).
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 300, max: 150 },
        "/sign-up/email": { window: 300, max: 30 },
        "/request-password-reset": { window: 300, max: 30 },
        "/reset-password": { window: 300, max: 30 },
      },
    },
    advanced: {
      cookiePrefix: "parcours",
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
