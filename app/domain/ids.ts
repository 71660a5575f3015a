const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are checked before they reach the database, so a bad one is a 404, not an error. */
export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Profile ids are the accounts' ids (UUIDs for ours, better-auth's own alphabet for others). */
export function isProfileId(value: string | undefined): value is string {
  return typeof value === "string" && PROFILE_ID.test(value);
}
