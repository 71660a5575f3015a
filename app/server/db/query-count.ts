import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger as DrizzleLogger } from "drizzle-orm/logger";

/**
 * Counts the SQL statements each request runs (no page runs more than a handful
 * of queries: docs/rules/quality.md#queries-per-page). The count goes on the request's log line,
 * where the benchmark script reads it.
 */
const requestQueries = new AsyncLocalStorage<{ count: number }>();

export const queryCountingLogger: DrizzleLogger = {
  logQuery() {
    const counter = requestQueries.getStore();
    if (counter) counter.count++;
  },
};

/** Runs the rest of a request with its own counter, which the caller keeps to read at the end. */
export function countQueriesOf<T>(counter: { count: number }, run: () => T): T {
  return requestQueries.run(counter, run);
}
