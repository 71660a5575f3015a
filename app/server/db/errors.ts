/** PostgreSQL's unique_violation, as raised by either driver (Drizzle wraps it as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Codes that say the database cannot be reached, not that a query was wrong:
 * the socket's (postgres.js and Node), and PostgreSQL's connection exceptions
 * (class 08), shutdown and start-up states (57P01–57P03), full connection slots
 * (53300) and a statement cut by statement_timeout (57014).
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
]);

/** Whether an error, or one of its causes (Drizzle and better-auth wrap them), says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
  }
  return false;
}
