import { sql, type SQLWrapper } from "drizzle-orm";
import type { LiveTopic } from "~/domain/live-topics";
import type { Executor } from "../db/database";


/** The PostgreSQL channel every server process listens on (see live-hub.ts). */
export const LIVE_CHANNEL = "parcours_live";

/**
 * Tells every server process, through PostgreSQL NOTIFY, that a topic changed.
 * Called inside the write's transaction: PostgreSQL delivers the notice only
 * when that transaction commits, so nobody reloads before the data is there.
 */
export async function notifyLive(executor: Executor, topic: LiveTopic): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${topic})`);
}

/**
 * A write and its live notice in one statement (the frequent writes count
 * their statements, docs/rules/quality.md#member-writes). The write must return its rows: the notice
 * goes when it touched one, on commit like notifyLive's.
 */
export async function writeThenNotifyLive(executor: Executor, write: SQLWrapper, topic: LiveTopic): Promise<void> {
  await executor.execute(sql`WITH written AS ${write} SELECT pg_notify(${LIVE_CHANNEL}, ${topic}) FROM written LIMIT 1`);
}
