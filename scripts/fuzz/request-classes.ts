import http from "node:http";
import net from "node:net";
import fc from "fast-check";

/**
 * Generators for the classes of hostile request that a security review found holes in, each with the
 * property the server must keep (decisions 0037 and 0042):
 *
 * - cookie spellings: a member's session cookie spelled as the auth library still reads it (blanks around
 *   the name and the value, quotes, percent-encoding, other cookies around); the next visitor of the same
 *   address must never be shown the member's page;
 * - dot segments: `.` and `..` segments, plain or percent-encoded, and backslashes, in any route's address;
 *   every such request is refused with 400 before any route runs;
 * - out-of-range cursor numbers: review and API cursors well formed but holding numbers beyond their
 *   column's range; never a 5xx (the main property's oracle);
 * - an early answer on a kept-alive connection: a large form that the server answers before reading it,
 *   then a second request on the same socket, which must be answered;
 * - map frames: boxes the map never links to; never a 5xx, never drawn.
 */

const blank = fc.constantFrom("", " ", "  ", "\t");

/** The session cookie (`name=value` as the browser got it) spelled in a way the auth library's parsers still read. */
export function sessionCookieSpelling(cookie: string) {
  const split = cookie.indexOf("=");
  const name = cookie.slice(0, split);
  const value = cookie.slice(split + 1);
  const decoded = decodeURIComponent(value);
  const everyByte = [...Buffer.from(decoded)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  return fc
    .tuple(blank, blank, fc.constantFrom(value, `"${value}"`, everyByte), blank, fc.constantFrom("; ", ";"), fc.constantFrom([], ["lang=fr"], ["a=b", "lang=en"]), fc.boolean())
    .map(([beforeName, afterName, core, afterValue, separator, others, first]) => {
      const session = `${beforeName}${name}${afterName}=${beforeName}${core}${afterValue}`;
      return (first ? [session, ...others] : [...others, session]).join(separator);
    });
}

/** An address of a kept page, with a query string no one asked before, so the member's request is the first render. */
export function keptPageAddress(pages: string[]) {
  return fc.tuple(fc.constantFrom(...pages), fc.nat()).map(([page, n]) => `${page}${page.includes("?") ? "&" : "?"}fuzz=${n}`);
}

const DOT_SEGMENTS = [".", "..", "%2e", "%2E", "%2e%2e", ".%2E", "%2E.", "%2e%2E"];

/** A route's address with a dot segment or a backslash put somewhere in it. */
export function dotSegmentAddress(addresses: string[]) {
  return fc.tuple(fc.constantFrom(...addresses), fc.constantFrom(...DOT_SEGMENTS), fc.nat(), fc.constantFrom("/", "\\"), fc.boolean()).map(([address, dots, at, slash, trailing]) => {
    const segments = address.split("/").filter(Boolean);
    if (trailing) return `/${segments.join("/")}${slash}${dots}`;
    const index = at % (segments.length + 1);
    return `/${[...segments.slice(0, index), dots, ...segments.slice(index)].join(slash === "\\" && index > 0 ? "\\" : "/")}`;
  });
}

/** Numbers a well-formed cursor may hold that no column can: past 32 and 64 bits, negative, fractional, huge. */
const OUT_OF_RANGE_NUMBERS = [2 ** 31, 2 ** 31 - 1 + 1, 2 ** 32, 2 ** 53 - 1, 2 ** 63, -1, -(2 ** 31) - 1, 1.5, 1e300, 999_999.999_999];
const INSTANTS = ["2026-01-01T00:00:00.000000Z", "9999-12-31T23:59:59.999999Z", "0001-01-01T00:00:00.000000Z", "1970-01-01T00:00:00.000000Z"];

const base64url = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");

/** A park or ride page's reviews cursor (`?avis=`), or the API's park list cursor, holding out-of-range numbers. */
export function outOfRangeCursorAddress(parkPages: string[], ridePages: string[], uuid: string) {
  const number = fc.oneof(fc.constantFrom(...OUT_OF_RANGE_NUMBERS), fc.double({ noNaN: true }), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number));
  const instant = fc.constantFrom(...INSTANTS);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...parkPages), number, instant).map(([page, helpful, at]) => `${page}?avis=${base64url([helpful, at, uuid])}`),
    fc.tuple(fc.constantFrom(...ridePages), instant).map(([page, at]) => `${page}?avis=${base64url([at, uuid])}`),
    fc
      .tuple(fc.constantFrom("name", "rating", "rides", "newest"), fc.oneof(number, fc.constant(null)), number)
      .map(([sort, value, count]) => `/api/v1/parks?sort=${sort}&cursor=${base64url([sort, value, count, uuid])}`),
  );
}

/** A map frame's name the map never links to: boxes anywhere on the globe (the drawing attack), tiles spelled otherwise or off the grid, junk. */
export function unlinkedMapFrame() {
  const box = fc
    .tuple(fc.double({ min: -180, max: 170, noNaN: true }), fc.double({ min: 0.5, max: 60, noNaN: true }), fc.double({ min: -85, max: 80, noNaN: true }), fc.double({ min: 0.5, max: 40, noNaN: true }))
    .map(([west, width, south, height]) => [west, south, Math.min(180, west + width), Math.min(85, south + height)]);
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(box, fc.integer({ min: 0, max: 4 })).map(([corners, digits]) => `/maps/base/${corners.map((value) => value.toFixed(digits)).join("_")}.svg`) },
    { weight: 1, arbitrary: box.map((corners) => `/maps/base/${corners.join("_")}.svg`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((text) => `/maps/base/${encodeURIComponent(text)}.svg`) },
    // A tile's name spelled otherwise (leading zero, sign, fraction, exponent) or off the grid (decision 0039).
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.integer({ min: -2, max: 12 }), fc.integer({ min: -300, max: 300 }), fc.integer({ min: -300, max: 300 }), fc.constantFrom("0", "+", "", ".0", "e0", "-0"))
        .filter(([level, , , spelling]) => spelling !== "" || level > 7 || level < 0)
        .map(([level, x, y, spelling]) =>
          spelling === "0" || spelling === "+" ? `/maps/base/${spelling}${level}_${x}_${y}.svg` : spelling === "-0" ? `/maps/base/${level}_-0_${y}.svg` : `/maps/base/${level}_${x}_${y}${spelling}.svg`,
        ),
    },
  );
}

/**
 * Sends a form of `size` bytes to `path`, then a small GET of `next`, on one connection, and reads both
 * answers' statuses; resolves with what came back within `waitMs` (fewer than two means the second waited).
 */
export function earlyAnswerThenNext(port: number, request: { path: string; cookie: string; origin: string; size: number; next: string }, waitMs = 15_000): Promise<string[]> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]!);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(statuses());
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("data", (data) => {
      received += data.toString("latin1");
      if (statuses().length >= 2) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    const body = Buffer.from(`intent=rate&rating=5&comment=${"x".repeat(Math.max(0, request.size - 30))}`);
    const cookie = request.cookie ? `Cookie: ${request.cookie}\r\n` : "";
    socket.write(`POST ${request.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${request.origin}\r\n${cookie}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body);
    socket.write(`GET ${request.next} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  });
}

/** A request sent with its path exactly as given (fetch would resolve its dot segments first); resolves with the status. */
export function rawRequest(port: number, request: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: "127.0.0.1", port, method: request.method, path: request.path, headers: request.headers, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode!));
    });
    sent.on("error", reject);
    sent.end(request.body);
  });
}
