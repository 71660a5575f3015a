/** PostgreSQL's unique_violation, as raised by either driver (Drizzle wraps it as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
