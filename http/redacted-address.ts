/**
 * Query parameters that carry a secret: password-reset and address-confirmation tokens (`token`), e-mail change
 * secrets (`change`), the OpenID Connect callback's `code` and `state`. Whoever reads the log must not be able to
 * use them.
 */
const SECRET_PARAMETERS = new Set(["token", "change", "code", "state", "secret", "otp"]);
/** better-auth's reset link carries its token as a path segment: /api/auth/reset-password/<token>. */
const SECRET_SEGMENT = /^(\/api\/auth\/reset-password\/)[^/?]+/;
const REDACTED = "[redacted]";

/** A request's address as the request log writes it: secrets replaced, everything else as sent. */
export function redactedAddress(address: string): string {
  const queryStart = address.indexOf("?");
  const path = (queryStart === -1 ? address : address.slice(0, queryStart)).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (queryStart === -1) return path;
  const query = address
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const separator = pair.indexOf("=");
      const name = separator === -1 ? pair : pair.slice(0, separator);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll("+", " "));
      } catch {
        // A name that does not decode is logged as sent; it cannot be one of ours.
      }
      return separator !== -1 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}
