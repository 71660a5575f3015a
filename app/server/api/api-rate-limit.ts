import { and, like, lt, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { countInFixedWindow, NOW_MS } from "../db/fixed-window-counter";
import { rateLimits } from "../db/schema";

/**
 * Requests per client address to the public read API (decision 0036): a fixed one-minute window counted
 * in the database (docs/rules/quality.md#stateless-processes), so every server process counts the same requests.
 *
 * The counter is a row of better-auth's `rate_limit` table (key, count, last_request in ms), keyed
 * `api-v1|<address>`, which no key of better-auth's (`<address>|<path>`) can equal. The members'
 * write allowances (user_write_limits) keep every write's time per member: right for a few dozen
 * writes a day, not for 120 reads a minute per address, and their rows belong to a member.
 * One statement per request (countInFixedWindow).
 */
const API_RATE_WINDOW_SECONDS = 60;

export type ApiAllowance = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export async function consumeApiAllowance(db: Executor, clientAddress: string, limit: number): Promise<ApiAllowance> {
  const { count, resetSeconds } = await countInFixedWindow(db, `api-v1|${clientAddress}`, API_RATE_WINDOW_SECONDS);
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
}

/**
 * Drops the API's counters whose window ended more than an hour ago: one row per address that ever called
 * the API would otherwise pile up. better-auth's own rows (other keys) are left to it.
 */
export async function forgetEndedApiWindows(db: Executor): Promise<void> {
  await db
    .delete(rateLimits)
    .where(and(like(rateLimits.key, "api-v1|%"), lt(rateLimits.lastRequest, sql`${NOW_MS} - ${3600 * 1000}`)));
}
