/**
 * Where a sign-in sends the member back (`?redirectTo=` of the login page):
 * only a path of this site — one leading slash, no scheme, no host, no
 * backslash — or null. Anything else would make the login page an open
 * redirect to another site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  // Control characters (a line break in a header…) have no place in an address.
  if ([...value].some((character) => character.charCodeAt(0) < 0x20)) return null;
  return value;
}

/** The login page's address that brings the visitor back to `path` once signed in. */
export function loginPathReturningTo(loginPath: string, path: string): string {
  return `${loginPath}?${new URLSearchParams({ redirectTo: path }).toString()}`;
}
