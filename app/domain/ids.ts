const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are checked before they reach the database, so a bad one is a 404, not an error. */
export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}
