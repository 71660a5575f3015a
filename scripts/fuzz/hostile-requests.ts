import fc from "fast-check";

/**
 * Generated hostile requests: every page action and JSON
 * endpoint of the route table, with broken or forged bodies, hostile query
 * strings and path parameters, from each kind of caller. Values mix the
 * site's own field names and intents with what an attacker sends: markup,
 * NUL bytes, invalid UTF-8, lone surrogates, huge and out-of-range numbers,
 * repeated fields, fake images.
 */

export const ACTORS = ["visitor", "member", "otherMember", "suspendedMember", "administrator"] as const;
export type Actor = (typeof ACTORS)[number];

/** A route of the server build: its path pattern and what it answers. */
export type RouteTarget = { path: string; action: boolean; loader: boolean; api: boolean };

/** Real values the generated requests reuse, so that they reach the code behind the checks. */
export type KnownValues = {
  parks: Array<{ id: string; slug: string; rides: Array<{ id: string; slug: string }> }>;
  /** The member's own reviews, votes and plans as ids, for the other member to reach for. */
  ownedIds: string[];
  userIds: string[];
  intents: string[];
  fields: string[];
};

export type HostileRequest = { actor: Actor; method: string; path: string; headers: Record<string, string>; body?: Uint8Array; description: string };

/** Markup that must never come back unescaped in HTML. */
const MARKUP = ["<script>fuzzmark()</script>", '"><img src=x onerror=fuzzmark()>', "</textarea><svg onload=fuzzmark()>"];
export const UNESCAPED_MARKUP = /<script>fuzzmark|<img src=x onerror=fuzzmark|<svg onload=fuzzmark/;

const AUTH_PATHS = [
  "sign-in/email",
  "sign-up/email",
  "sign-out",
  "request-password-reset",
  "reset-password",
  "change-email",
  "change-password",
  "update-user",
  "delete-user",
  "two-factor/enable",
  "two-factor/verify-totp",
  "sign-in/oauth2",
  "list-sessions",
  "revoke-sessions",
];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...MARKUP) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "%00",
      "'; DROP TABLE \"user\"; --",
      "-1",
      "0",
      "6",
      "1e309",
      "-1e309",
      "NaN",
      "Infinity",
      "99999999999999999999",
      "2.5",
      "1,5",
      "true",
      "null",
      "[]",
      "{}",
      "\uD800",
      "\uFEFF",
      "😀".repeat(300),
      "x".repeat(5000),
      "x".repeat(70_000),
      "00000000-0000-0000-0000-000000000000",
      "full_day",
      "yes",
      "fr",
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** A value for a form field: hostile, or a real one the form would accept, so that the other fields get checked too. */
function fieldValue(known: KnownValues) {
  const ids = [...known.ownedIds, ...known.userIds, ...known.parks.flatMap((park) => [park.id, ...park.rides.map((ride) => ride.id)])];
  return fc.oneof(
    { weight: 3, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom(...known.intents) },
    { weight: 1, arbitrary: ids.length ? fc.constantFrom(...ids) : hostileText },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }).map(String) },
  );
}

const encoder = new TextEncoder();

/** Percent-encoding of the text's UTF-8 bytes; unlike encodeURIComponent it takes lone surrogates (as U+FFFD). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")].map((byte) => (/[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)).join("");
}

function urlEncoded(pairs: Array<[string, string]>): Uint8Array {
  return encoder.encode(pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join("&"));
}

function multipart(pairs: Array<[string, string]>, file: Uint8Array | null, boundary: string): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [name, value] of pairs) parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replaceAll('"', "%22")}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), file, encoder.encode("\r\n"));
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** A body and its content type (or none): forms, JSON, broken JSON, raw bytes, nothing. */
function body(known: KnownValues) {
  const pairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...known.fields), fc.string({ maxLength: 12 })), fieldValue(known)), { maxLength: 12 });
  // Every form carries an intent most of the time: without one most actions stop at the first check.
  const withIntent = fc.tuple(fc.option(fc.constantFrom(...known.intents), { nil: undefined, freq: 4 }), pairs).map(([intent, rest]) => (intent ? [["intent", intent] as [string, string], ...rest] : rest));
  return fc.oneof(
    { weight: 5, arbitrary: withIntent.map((fields) => ({ type: "application/x-www-form-urlencoded", bytes: urlEncoded(fields), shape: "form" })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(withIntent, fc.option(fc.uint8Array({ minLength: 1, maxLength: 2048 }), { freq: 2 }))
        .map(([fields, file]) => ({ type: "multipart/form-data; boundary=fuzzboundary", bytes: multipart(fields, file, "fuzzboundary"), shape: "multipart" })),
    },
    { weight: 2, arbitrary: withIntent.map((fields) => ({ type: "application/json", bytes: encoder.encode(JSON.stringify(Object.fromEntries(fields))), shape: "json" })) },
    {
      weight: 1,
      // Invalid UTF-8 and NUL bytes as a form without JavaScript could post them.
      arbitrary: fc.constantFrom(...known.intents).map((intent) => ({
        type: "application/x-www-form-urlencoded",
        bytes: encoder.encode(`intent=${intent}&comment=%C3%28%FF%FE&name=a%00b&username=%ED%A0%80&rating=4&rating=5`),
        shape: "invalid UTF-8 form",
      })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom('{"intent":', "{", "[1,2", '{"a":"\\u0000"}', '{"version":1e999}', "null", '"x"', "{}").map((text) => ({ type: "application/json", bytes: encoder.encode(text), shape: "broken json" })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 300 }), fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", "application/octet-stream", "application/json; charset=latin1", ""))
        .map(([bytes, type]) => ({ type, bytes, shape: "raw bytes" })),
    },
    { weight: 1, arbitrary: fc.constant({ type: "", bytes: new Uint8Array(), shape: "empty" }) },
  );
}

/** The route's path with its parameters filled by real values mostly, hostile ones sometimes. */
function concretePath(route: RouteTarget, known: KnownValues) {
  const park = fc.constantFrom(...known.parks);
  return fc.tuple(park, fc.nat(), fc.option(hostileText, { freq: 5 }), fc.constantFrom(...AUTH_PATHS)).map(([chosen, index, hostile, authPath]) => {
    const ride = chosen.rides[index % Math.max(1, chosen.rides.length)];
    const value = (real: string) => percentEncode(hostile ?? real);
    return (
      "/" +
      route.path
        .replace(":parkSlug", value(chosen.slug))
        .replace(":rideSlug", value(ride?.slug ?? "none"))
        .replace(":parkId", value(chosen.id))
        .replace(":id", value(index % 2 ? chosen.id : (ride?.id ?? chosen.id)))
        .replace("*", hostile === null ? authPath : value(authPath))
    );
  });
}

function query(known: KnownValues) {
  return fc.option(
    fc.array(fc.tuple(fc.constantFrom("intent", "type", "q", "country", "sort", "page", "older", "index", "redirectTo", ...known.fields.slice(0, 10)), fc.oneof(hostileText, fc.constantFrom(...known.intents))), { minLength: 1, maxLength: 4 }),
    { freq: 2 },
  ).map((pairs) => (pairs ? "?" + pairs.map(([name, value]) => `${name}=${percentEncode(value)}`).join("&") : ""));
}

/** Origin as our pages send it most of the time; sometimes another site's, sometimes none (each must be refused). */
function originHeader(site: string) {
  return fc.oneof({ weight: 8, arbitrary: fc.constant(site) }, { weight: 1, arbitrary: fc.constant("https://evil.example") }, { weight: 1, arbitrary: fc.constant(null) });
}

export function hostileRequests(routes: RouteTarget[], known: KnownValues, site: string): fc.Arbitrary<HostileRequest> {
  const writes = routes.filter((route) => route.action);
  const reads = routes.filter((route) => route.loader);
  const write = fc
    .tuple(fc.constantFrom(...writes), fc.constantFrom(...ACTORS), originHeader(site), fc.boolean())
    .chain(([route, actor, origin, dataRequest]) =>
      fc.tuple(concretePath(route, known), query(known), body(known), fc.constantFrom("POST", "POST", "POST", "PUT", "DELETE", "PATCH")).map(([path, search, sent, method]) => ({
        actor,
        method,
        // React Router's own submissions go to `<path>.data`; a form without JavaScript to the page.
        path: (dataRequest && !route.api ? `${path === "/" ? "/_root" : path}.data` : path) + search,
        headers: { ...(origin ? { origin } : {}), ...(sent.type ? { "content-type": sent.type } : {}) },
        body: sent.bytes,
        description: `${actor} ${method} ${route.path} (${sent.shape})`,
      })),
    );
  const read = fc.tuple(fc.constantFrom(...reads), fc.constantFrom(...ACTORS)).chain(([route, actor]) =>
    fc.tuple(concretePath(route, known), query(known)).map(([path, search]) => ({ actor, method: "GET", path: path + search, headers: {}, description: `${actor} GET ${route.path}` })),
  );
  return fc.oneof({ weight: 4, arbitrary: write }, { weight: 1, arbitrary: read });
}
