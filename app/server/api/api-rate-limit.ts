import { and, like, lt, sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/database";
import { rateLimits } from "../db/schema";

/**
 * Requests per client address to the public read API (decision 0036): a fixed one-minute window counted
 * in the database (DESIGN.md principle 5), so every server process counts the same requests.
 *
 * The counter is a row of better-auth's `rate_limit` table (key, count, last_request in ms), keyed
 * `api-v1|<address>`, which no key of better-auth's (`<address>|<path>`) can equal. The members'
 * write allowances (user_write_limits) keep every write's time per member: right for a few dozen
 * writes a day, not for 120 reads a minute per address, and their rows belong to a member.
 * One statement per request: an upsert that starts a new window when the last one is over, else adds one.
 */
const API_RATE_WINDOW_SECONDS = 60;

export type ApiAllowance = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export async function consumeApiAllowance(db: Executor, clientAddress: string, limit: number): Promise<ApiAllowance> {
  const key = `api-v1|${clientAddress}`;
  const windowMs = API_RATE_WINDOW_SECONDS * 1000;
  // The statement's own time (now(), one value throughout), in milliseconds as better-auth's column holds it.
  const now = sql`floor(extract(epoch from now()) * 1000)`;
  const expired = sql`${rateLimits}.last_request <= ${now} - ${windowMs}`;
  const [row] = await queryRows<{ count: number | string; windowStart: number | string; now: number | string }>(
    db,
    sql`INSERT INTO ${rateLimits} (id, key, count, last_request) VALUES (${key}, ${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${expired} THEN 1 ELSE ${rateLimits}.count + 1 END,
        last_request = CASE WHEN ${expired} THEN excluded.last_request ELSE ${rateLimits}.last_request END
      RETURNING count, last_request AS "windowStart", ${now} AS "now"`,
  );
  const count = Number(row!.count);
  const resetMs = Number(row!.windowStart) + windowMs - Number(row!.now);
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
  };
}

/**
 * Drops the API's counters whose window ended more than an hour ago: one row per address that ever called
 * the API would otherwise pile up. better-auth's own rows (other keys) are left to it.
 */
export async function forgetEndedApiWindows(db: Executor): Promise<void> {
  await db
    .delete(rateLimits)
    .where(and(like(rateLimits.key, "api-v1|%"), lt(rateLimits.lastRequest, sql`floor(extract(epoch from now()) * 1000) - ${3600 * 1000}`)));
}
