import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "./database";
import { rateLimits } from "./schema";

/** The statement's own time (now(), one value throughout), in milliseconds as better-auth's `last_request` column holds it. */
export const NOW_MS = sql`floor(extract(epoch from now()) * 1000)`;

/**
 * Counts one more event under `key` in a fixed window of `windowSeconds`, in a row of better-auth's `rate_limit`
 * table (key, count, last_request in ms): one upsert that starts a new window when the last one is over, else adds
 * one, so parallel requests on any process cannot slip past together. The public API's per-address limit
 * (decision 0036) and the per-account sign-in throttle (decision 0040) count this way, under keys of their own.
 */
export async function countInFixedWindow(db: Executor, key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }> {
  const windowMs = windowSeconds * 1000;
  const expired = sql`${rateLimits}.last_request <= ${NOW_MS} - ${windowMs}`;
  const [row] = await queryRows<{ count: number | string; windowStart: number | string; now: number | string }>(
    db,
    sql`INSERT INTO ${rateLimits} (id, key, count, last_request) VALUES (${key}, ${key}, 1, ${NOW_MS})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${expired} THEN 1 ELSE ${rateLimits}.count + 1 END,
        last_request = CASE WHEN ${expired} THEN excluded.last_request ELSE ${rateLimits}.last_request END
      RETURNING count, last_request AS "windowStart", ${NOW_MS} AS "now"`,
  );
  const resetMs = Number(row!.windowStart) + windowMs - Number(row!.now);
  return { count: Number(row!.count), resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)) };
}
