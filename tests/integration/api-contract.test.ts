import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import express from "express";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { ErrorObject } from "ajv";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PARK_SORTS } from "~/domain/api-paging";
import { action, loader } from "~/routes/api.v1";
import { forgetEndedApiWindows } from "~/server/api/api-rate-limit";
import { createRankingsJob } from "~/server/rankings/rankings-job";
import { contributorStats, manufacturers, rateLimits, rideTypicalWaits, userRatingStats } from "~/server/db/schema";
import { refuseForeignOrigins } from "../../http/same-origin";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMemberWithPassword, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The public read API (decision 0036) through its route module (the loader and action React Router calls),
 * every documented operation's answers — errors included — checked against the OpenAPI document's own
 * schema for that status by an independent JSON Schema 2020-12 validator, and the document itself
 * checked by a standard OpenAPI validator. Then paging, filters, caching, CORS and the rate limit.
 */

// Ajv 8's JSON Schema 2020-12 validator (a devDependency), loaded from where the OpenAPI validator loads it, so that both
// validators are the same Ajv even in an install where eslint's Ajv 6 sits at the top of node_modules.
const validatorRequire = createRequire(createRequire(import.meta.url).resolve("@seriousme/openapi-schema-validator"));
type AjvLike = {
  addSchema: (schema: object) => void;
  validate: (schema: object, data: unknown) => boolean;
  errorsText: (errors?: ErrorObject[] | null) => string;
  errors?: ErrorObject[] | null;
};
const Ajv2020 = (validatorRequire("ajv/dist/2020.js") as { default: new (options: object) => AjvLike }).default;
const addFormats = (validatorRequire("ajv-formats") as { default: (ajv: AjvLike) => void }).default;

const DOCUMENT_ID = "https://parcours.test/openapi.json";

let database: TestDatabase;
let context: ReturnType<typeof createAuthContext>["context"];
let ajv: AjvLike;
let documentBody: { paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: object }> }> } }> };
const parkIds: string[] = [];
let pendingParkId: string;
let rideId: string;
let pendingRideId: string;
let address = 0;

/** A request from its own client address (each test's requests count apart from the others'), or from `ip`. */
function apiRequest(path: string, init: { method?: string; headers?: Record<string, string>; ip?: string } = {}) {
  const headers = new Headers({ "x-parcours-client-ip": init.ip ?? `198.51.100.${(address++ % 250) + 1}`, ...init.headers });
  return new Request(`${TEST_ORIGIN}/api/v1${path}`, { method: init.method ?? "GET", headers });
}

async function call(path: string, init: Parameters<typeof apiRequest>[1] = {}): Promise<Response> {
  const request = apiRequest(path, init);
  const args = { request, context, params: { "*": path.split("?")[0]!.slice(1) } } as never;
  // As React Router does: GET, HEAD and OPTIONS go to the loader, every other method to the action.
  return (["GET", "HEAD", "OPTIONS"].includes(request.method) ? loader(args) : action(args)) as Promise<Response>;
}

/** The document's schema for this operation's answer with this status. */
function documentedSchema(template: string, status: number): object {
  const response = documentBody.paths[template]?.get.responses[String(status)];
  expect(response, `${template} documents ${status}`).toBeDefined();
  const schema = response!.content?.["application/json"]?.schema as { $ref: string } | undefined;
  expect(schema, `${template} ${status} has a JSON body`).toBeDefined();
  return { $ref: `${DOCUMENT_ID}${schema!.$ref}` };
}

const bodies: string[] = [];

/** Calls, checks the body against the document and the headers every answer carries; the parsed body. */
async function contract(template: string, path: string, status: number, init: Parameters<typeof apiRequest>[1] = {}) {
  const response = await call(path, init);
  expect(response.status, path).toBe(status);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("set-cookie")).toBeNull();
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const text = await response.text();
  bodies.push(text);
  const body: unknown = JSON.parse(text);
  const valid = ajv.validate(documentedSchema(template, status), body);
  expect(valid, `${path} ${status}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
  return body as Record<string, unknown>;
}

beforeAll(async () => {
  database = await createTestDatabase();
  context = createAuthContext(database, { API_REQUESTS_PER_MINUTE: "1000000" }).context;
  const db = database.db;
  const member = await createMemberWithPassword(db, "secret.member@example.com", "api_member");
  // Ratings spread so that sorts tie and differ: two parks share an average, three are unrated (listed last).
  const rated = [
    { ratingCount: 4, scoreSum: 18, themingSum: 20, themingCount: 4, country: "France", region: "Île-de-France" },
    { ratingCount: 2, scoreSum: 9, themingSum: 6, themingCount: 2, country: "France", region: "Hauts-de-France" },
    { ratingCount: 2, scoreSum: 9, themingSum: 10, themingCount: 2, country: "France", region: "Île-de-France" },
    { ratingCount: 1, scoreSum: 3, themingSum: 3, themingCount: 1, country: "Germany", region: "Baden-Württemberg" },
    { ratingCount: 5, scoreSum: 10, themingSum: 10, themingCount: 5, country: "Spain", region: "Catalonia" },
  ];
  for (const [index, values] of rated.entries()) {
    const park = await createPark(db, { ...values, createdBy: member.id, latitude: 48 + index, longitude: 2 + index, attractionsCount: index });
    parkIds.push(park.id);
  }
  for (let index = 0; index < 3; index++) parkIds.push((await createPark(db, { country: "France", region: "Occitanie" })).id);
  pendingParkId = (await createPark(db, { moderationStatus: "pending", createdBy: member.id })).id;
  const [maker] = await db.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.slug, "bolliger-mabillard"));
  const ride = await createRide(db, parkIds[0]!, {
    ratingCount: 3,
    ratingSum: 12,
    duelWins: 4,
    duelLosses: 1,
    createdBy: member.id,
    manufacturerId: maker!.id,
    model: "Dive Coaster",
  });
  rideId = ride.id;
  await createRide(db, parkIds[0]!, { typeId: 2, status: "removed" });
  pendingRideId = (await createRide(db, parkIds[0]!, { moderationStatus: "pending" })).id;
  await db
    .insert(userRatingStats)
    .values({ userId: member.id, totalParkRatings: 3, parkScoreSum: 12, currentWeight: 1.25 })
    .onConflictDoUpdate({ target: userRatingStats.userId, set: { totalParkRatings: 3, parkScoreSum: 12, currentWeight: 1.25 } });
  await db
    .insert(contributorStats)
    .values({ userId: member.id, parksCreated: 2, attractionsCreated: 1, suggestionsCount: 1 })
    .onConflictDoUpdate({ target: contributorStats.userId, set: { parksCreated: 2, attractionsCreated: 1, suggestionsCount: 1 } });

  const documentResponse = await call("/openapi.json");
  documentBody = (await documentResponse.json()) as typeof documentBody;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...documentBody, $id: DOCUMENT_ID });
});
afterAll(async () => {
  await database?.close();
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document for a standard validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(documentBody) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every operation with a 200, a 304 and a 429", () => {
    expect(Object.keys(documentBody.paths).sort()).toEqual(
      ["/openapi.json", "/manufacturers", "/manufacturers/{slug}/rides", "/parks", "/parks/{id}", "/parks/{id}/rides", "/rankings/contributors", "/rankings/duels", "/rankings/reviewers", "/rankings/rides", "/rides/{id}", "/rides/{id}/rankings", "/rides/{id}/waits"].sort(),
    );
    for (const item of Object.values(documentBody.paths)) expect(Object.keys(item.get.responses)).toEqual(expect.arrayContaining(["200", "304", "429"]));
  });
});

describe("every documented answer matches the document", () => {
  it("parks: list, detail, rides", async () => {
    const list = await contract("/parks", "/parks", 200);
    expect((list.data as unknown[]).length).toBe(8);
    await contract("/parks", "/parks?country=France&region=%C3%8Ele-de-France&min=4&sort=theming&limit=1", 200);
    const park = await contract("/parks/{id}", `/parks/${parkIds[0]}`, 200);
    expect(park).toMatchObject({ id: parkIds[0], latitude: 48, longitude: 2, rating: { average: 4.5, count: 4 } });
    expect(park.categoryRatings).toMatchObject({ theming: { average: 5, count: 4 }, thrill: { average: null, count: 0 } });
    expect((park.pageUrls as { fr: string }).fr).toBe(`${TEST_ORIGIN}/fr/${String(park.slug)}`);
    const unrated = await contract("/parks/{id}", `/parks/${parkIds[7]}`, 200);
    expect(unrated).toMatchObject({ latitude: null, longitude: null, rating: { average: null, count: 0 } });
    const rides = await contract("/parks/{id}/rides", `/parks/${parkIds[0]}/rides`, 200);
    expect((rides.data as { id: string }[]).map((row) => row.id)).not.toContain(pendingRideId);
    expect(rides.data).toHaveLength(2);
    expect(rides.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: rideId, manufacturer: { slug: "bolliger-mabillard", name: "Bolliger & Mabillard" }, model: "Dive Coaster" })]),
    );
    expect((rides.data as { manufacturer: unknown; model: unknown }[]).filter((row) => row.manufacturer === null && row.model === null)).toHaveLength(1);
    const ride = await contract("/rides/{id}", `/rides/${rideId}`, 200);
    expect(ride).toMatchObject({ rating: { average: 4, count: 3 }, duels: { wins: 4, losses: 1 }, park: { id: parkIds[0] } });
    expect(ride).toMatchObject({ manufacturer: { slug: "bolliger-mabillard", name: "Bolliger & Mabillard" }, model: "Dive Coaster" });
  });

  it("a ride's rankings over time: its standings with their ranges, and its place at each kept month's end (decision 0079)", async () => {
    // Before the rankings job has run: a known ride in no ranking yet.
    const before = await contract("/rides/{id}/rankings", `/rides/${rideId}/rankings`, 200);
    expect(before.data).toEqual({ standings: [], history: [] });
    const job = createRankingsJob({ db: database.db, logger: context.logger });
    await job.run(new Date("2027-01-20T12:00:00Z"));
    await job.run(new Date("2027-02-01T00:05:00Z"));
    const body = await contract("/rides/{id}/rankings", `/rides/${rideId}/rankings`, 200);
    const data = body.data as { standings: Array<Record<string, unknown>>; history: Array<Record<string, unknown>> };
    expect(data.standings.map((standing) => `${String(standing.ranking)} ${String(standing.scope)}`).sort()).toEqual(["duels all", "duels type", "ratings all", "ratings type"]);
    for (const standing of data.standings) {
      expect(standing.rankLow as number).toBeLessThanOrEqual(standing.rank as number);
      expect(standing.rankHigh as number).toBeGreaterThanOrEqual(standing.rank as number);
    }
    expect(data.history).toEqual(
      expect.arrayContaining([expect.objectContaining({ month: "2027-01", ranking: "ratings", scope: "type", rank: 1 })]),
    );
    expect(body.links).toEqual({ self: `${TEST_ORIGIN}/api/v1/rides/${rideId}/rankings`, ride: `${TEST_ORIGIN}/api/v1/rides/${rideId}` });
    await contract("/rides/{id}/rankings", `/rides/${pendingRideId}/rankings`, 404);
    await contract("/rides/{id}/rankings", "/rides/123/rankings", 400);
  });

  it("a ride's typical waits: the hours with enough reports (decision 0082)", async () => {
    const before = await contract("/rides/{id}/waits", `/rides/${rideId}/waits`, 200);
    expect(before).toMatchObject({ data: { minimumReports: 3, defaultMinutes: 30, hours: [] } });
    // Three members' reports of Saturday 14:00–14:59 in the park, written as the trigger would have summed them.
    await database.db.insert(rideTypicalWaits).values({ rideId, dayType: "weekend", hour: 14, reports: 3, minutesSum: 100 });
    const body = await contract("/rides/{id}/waits", `/rides/${rideId}/waits`, 200);
    expect(body.data).toMatchObject({ hours: [{ dayType: "weekend", hour: 14, minutes: 33.3, reports: 3 }] });
    expect(body.links).toEqual({ self: `${TEST_ORIGIN}/api/v1/rides/${rideId}/waits`, ride: `${TEST_ORIGIN}/api/v1/rides/${rideId}` });
    await contract("/rides/{id}/waits", `/rides/${pendingRideId}/waits`, 404);
    await contract("/rides/{id}/waits", "/rides/123/waits", 400);
  });

  it("manufacturers: the reference list and one maker's public rides (decision 0052)", async () => {
    const list = await contract("/manufacturers", "/manufacturers", 200);
    const makers = list.data as { slug: string; name: string; countryCode: string; links: { rides: string }; pageUrls: { en: string } }[];
    expect(makers.map((maker) => maker.name)).toEqual([...makers.map((maker) => maker.name)].sort((a, b) => (a < b ? -1 : 1)));
    expect(makers.find((maker) => maker.slug === "bolliger-mabillard")).toMatchObject({
      name: "Bolliger & Mabillard",
      countryCode: "CH",
      pageUrls: { en: `${TEST_ORIGIN}/en/manufacturers/bolliger-mabillard` },
      links: { rides: `${TEST_ORIGIN}/api/v1/manufacturers/bolliger-mabillard/rides` },
    });
    const rides = await contract("/manufacturers/{slug}/rides", "/manufacturers/bolliger-mabillard/rides", 200);
    expect(rides).toMatchObject({ manufacturer: { slug: "bolliger-mabillard" }, links: { next: null } });
    expect(rides.data).toEqual([expect.objectContaining({ id: rideId, model: "Dive Coaster", park: expect.objectContaining({ id: parkIds[0] }) })]);
    const past = await contract("/manufacturers/{slug}/rides", "/manufacturers/bolliger-mabillard/rides?page=2", 200);
    expect(past.data).toEqual([]);
    const none = await contract("/manufacturers/{slug}/rides", "/manufacturers/zierer/rides", 200);
    expect(none.data).toEqual([]);
    await contract("/manufacturers/{slug}/rides", "/manufacturers/nobody/rides", 404);
    await contract("/manufacturers/{slug}/rides", "/manufacturers/Mack%20Rides/rides", 400);
    await contract("/manufacturers/{slug}/rides", "/manufacturers/vekoma/rides?page=0", 400);
  });

  it("rankings: the four public tabs", async () => {
    const best = await contract("/rankings/rides", "/rankings/rides", 200);
    expect((best.data as { id: string }[])[0]).toMatchObject({ rank: 1, id: rideId });
    await contract("/rankings/rides", "/rankings/rides?type=roller_coaster", 200);
    const ofMaker = await contract("/rankings/rides", "/rankings/rides?manufacturer=bolliger-mabillard&type=roller_coaster", 200);
    expect(ofMaker.data).toEqual([expect.objectContaining({ rank: 1, id: rideId })]);
    expect(ofMaker.links).toMatchObject({
      self: `${TEST_ORIGIN}/api/v1/rankings/rides?type=roller_coaster&manufacturer=bolliger-mabillard`,
      page: { fr: `${TEST_ORIGIN}/fr/rankings?type=roller_coaster&manufacturer=bolliger-mabillard` },
    });
    expect((await contract("/rankings/duels", "/rankings/duels?manufacturer=vekoma", 200)).data).toEqual([]);
    await contract("/rankings/rides", "/rankings/rides?manufacturer=nobody", 404);
    const duels = await contract("/rankings/duels", "/rankings/duels", 200);
    expect((duels.data as { wins: number }[])[0]).toMatchObject({ wins: 4, losses: 1 });
    const contributors = await contract("/rankings/contributors", "/rankings/contributors", 200);
    expect((contributors.data as { username: string }[])[0]).toMatchObject({ username: "api_member", total: 3 });
    const reviewers = await contract("/rankings/reviewers", "/rankings/reviewers", 200);
    expect((reviewers.data as unknown[])[0]).toMatchObject({ username: "api_member", parkRatings: 3, weight: 1.25, averageRating: 4 });
  });

  it("400 for bad parameters, never a 500", async () => {
    for (const query of ["sort=name", "limit=0", "limit=101", "limit=ten", "min=6", "min=0", "region=Catalonia", "cursor=nope", "cursor=%E2%9C%93"]) {
      const body = await contract("/parks", `/parks?${query}`, 400);
      expect((body.error as { code: string }).code).toMatch(/^bad_(parameter|cursor)$/);
    }
    await contract("/parks/{id}", "/parks/not-a-uuid", 400);
    await contract("/parks/{id}/rides", "/parks/%E0%A4%A/rides", 400);
    await contract("/rides/{id}", "/rides/123", 400);
    await contract("/rankings/rides", "/rankings/rides?type=spaceship", 400);
    await contract("/rankings/duels", "/rankings/duels?type=spaceship", 400);
    await contract("/rankings/rides", "/rankings/rides?manufacturer=Mack%20Rides", 400);
  });

  it("a cursor holding numbers its columns cannot (past integer, a fraction of a count) is refused with 400, never a 500", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    for (const [sort, parts] of [
      ["rating", ["rating", 4.5, 2 ** 31, id]],
      ["attractions_count", ["attractions_count", 2 ** 31, 1, id]],
      ["attractions_count", ["attractions_count", 1.5, 1, id]],
    ] as const) {
      const body = await contract("/parks", `/parks?sort=${sort}&cursor=${cursor([...parts])}`, 400);
      expect(body.error).toMatchObject({ code: "bad_cursor" });
    }
  });

  it("a cursor of another sort is refused", async () => {
    const first = await contract("/parks", "/parks?limit=2", 200);
    const next = new URL((first.links as { next: string }).next);
    next.searchParams.set("sort", "theming");
    const body = await contract("/parks", `/parks${next.search}`, 400);
    expect(body.error).toMatchObject({ code: "bad_cursor" });
  });

  it("404 for unknown or unapproved ids, in the client's language", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const english = await contract("/parks/{id}", `/parks/${missing}`, 404, { headers: { "accept-language": "en-GB,en;q=0.9" } });
    expect(english.error).toEqual({ code: "not_found", message: "Nothing matches this id" });
    const french = await contract("/parks/{id}", `/parks/${pendingParkId}`, 404);
    expect(french.error).toEqual({ code: "not_found", message: "Rien ne correspond à cet identifiant" });
    await contract("/parks/{id}/rides", `/parks/${pendingParkId}/rides`, 404);
    await contract("/rides/{id}", `/rides/${pendingRideId}`, 404);
    await contract("/rides/{id}", `/rides/${missing}`, 404);
  });

  it("an unknown address and a write answer the Error shape", async () => {
    const unknown = await call("/parkz");
    expect(unknown.status).toBe(404);
    expect(ajv.validate({ $ref: `${DOCUMENT_ID}#/components/schemas/Error` }, await unknown.json())).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await call("/parks", { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      const body = await response.json();
      expect(ajv.validate({ $ref: `${DOCUMENT_ID}#/components/schemas/Error` }, body)).toBe(true);
      expect(body).toMatchObject({ error: { code: "method_not_allowed" } });
    }
  });
});

describe("the server in front", () => {
  it("lets a write to the API from any origin reach its 405, and still guards the site's other writes", async () => {
    const app = express();
    app.use(refuseForeignOrigins([TEST_ORIGIN]));
    app.all("/{*path}", (_request, response) => void response.status(299).end());
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = (path: string) => fetch(`${base}${path}`, { method: "POST", headers: { origin: "https://blog.example" } });
      expect((await post("/api/v1/parks")).status).toBe(299);
      expect((await post("/api/plans/x")).status).toBe(403);
      expect((await post("/api/v1x")).status).toBe(403);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("paging", () => {
  it("walks the whole list under each sort without duplicates or gaps, in the sort's order", async () => {
    for (const sort of API_PARK_SORTS) {
      const all = (await contract("/parks", `/parks?sort=${sort}&limit=100`, 200)).data as { id: string }[];
      expect(all).toHaveLength(8);
      for (const limit of [1, 2, 3]) {
        const seen: string[] = [];
        let next: string | null = `${TEST_ORIGIN}/api/v1/parks?sort=${sort}&limit=${limit}`;
        while (next) {
          const url: URL = new URL(next);
          const page = await contract("/parks", url.pathname.slice("/api/v1".length) + url.search, 200);
          expect((page.data as unknown[]).length).toBeLessThanOrEqual(limit);
          seen.push(...(page.data as { id: string }[]).map((park) => park.id));
          next = (page.links as { next: string | null }).next;
        }
        expect(seen, `${sort} by ${limit}`).toEqual(all.map((park) => park.id));
      }
    }
  });

  it("orders best first with unrated parks last, and filters like the home page", async () => {
    const byRating = (await contract("/parks", "/parks", 200)).data as { id: string; rating: { average: number | null } }[];
    expect(byRating.slice(0, 5).map((park) => park.rating.average)).toEqual([4.5, 4.5, 4.5, 3, 2]);
    expect(byRating.slice(5).every((park) => park.rating.average === null)).toBe(true);
    const france = (await contract("/parks", "/parks?country=France", 200)).data as { country: string }[];
    expect(france).toHaveLength(6);
    expect(france.every((park) => park.country === "France")).toBe(true);
    const region = (await contract("/parks", "/parks?country=France&region=Occitanie", 200)).data as unknown[];
    expect(region).toHaveLength(3);
    const good = (await contract("/parks", "/parks?min=4", 200)).data as { rating: { average: number } }[];
    expect(good.map((park) => park.rating.average)).toEqual([4.5, 4.5, 4.5]);
    expect(((await contract("/parks", "/parks?country=Narnia", 200)).data as unknown[]).length).toBe(0);
  });
});

describe("HTTP behaviour", () => {
  it("answers 304 to a matching If-None-Match, with the same strong ETag", async () => {
    const first = await call(`/parks/${parkIds[0]}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    const again = await call(`/parks/${parkIds[0]}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const weak = await call(`/parks/${parkIds[0]}`, { headers: { "if-none-match": `W/${etag}` } });
    expect(weak.status).toBe(304);
    const other = await call(`/parks/${parkIds[1]}`, { headers: { "if-none-match": etag } });
    expect(other.status).toBe(200);
  });

  it("is the same for everyone: a session cookie changes nothing", async () => {
    const anonymous = await (await call("/parks")).text();
    const withCookie = await (await call("/parks", { headers: { cookie: "parcours.session_token=abc; lang=en" } })).text();
    expect(withCookie).toBe(anonymous);
  });

  it("answers a CORS preflight from any origin", async () => {
    const response = await call("/parks", {
      method: "OPTIONS",
      headers: { origin: "https://blog.example", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toBe("if-none-match");
    const get = await call("/parks", { headers: { origin: "https://blog.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    expect(get.headers.get("access-control-expose-headers")).toMatch(/ETag/);
  });

  it("answers 429 with Retry-After past the limit, per client address", async () => {
    const limited = createAuthContext(database, { API_REQUESTS_PER_MINUTE: "3" }).context;
    const send = (ip: string) => loader({ request: apiRequest("/parks?limit=1", { ip }), context: limited, params: {} } as never) as Promise<Response>;
    const statuses = [];
    for (let index = 0; index < 3; index++) {
      const response = await send("203.0.113.9");
      statuses.push(response.status);
      expect(response.headers.get("ratelimit-remaining")).toBe(String(2 - index));
    }
    const refused = await send("203.0.113.9");
    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const body = await refused.json();
    expect(ajv.validate(documentedSchema("/parks", 429), body)).toBe(true);
    expect(body).toMatchObject({ error: { code: "too_many_requests" } });
    expect((await send("203.0.113.10")).status).toBe(200);
    // A new window once the minute is over: the counter is a database row, so a test may age it.
    await database.db.execute(sql`UPDATE rate_limit SET last_request = last_request - 61000 WHERE key = 'api-v1|203.0.113.9'`);
    expect((await send("203.0.113.9")).status).toBe(200);
    // Counters whose window ended over an hour ago are dropped; the current ones and better-auth's stay.
    await database.db.execute(sql`INSERT INTO rate_limit (id, key, count, last_request) VALUES ('auth-row', '192.0.2.1|/sign-in/email', 1, 0)`);
    await database.db.execute(sql`UPDATE rate_limit SET last_request = last_request - 3700000 WHERE key = 'api-v1|203.0.113.10'`);
    await forgetEndedApiWindows(database.db);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain("api-v1|203.0.113.9");
    expect(keys).toContain("192.0.2.1|/sign-in/email");
    expect(keys).not.toContain("api-v1|203.0.113.10");
  });

  it("never sends an e-mail address, an author or a member id outside a profile address", () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const text of bodies) {
      expect(text).not.toMatch(/@example\.com|secret\.member|"email"|createdBy|"userId"/);
    }
  });
});
