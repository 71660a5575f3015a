/**
 * Whether a request's If-None-Match names this ETag, by the weak comparison the header uses
 * (RFC 9110 §13.1.2: W/ prefixes are ignored, `*` matches any). One rule for the kept pages,
 * the public API and the drawn maps.
 */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
