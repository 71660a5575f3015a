import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { REVIEW_PAGES_MAX, REVIEWS_PER_PAGE, type ReviewPageAnswer, type ShownReviews } from "~/domain/review-paging";
import type { ReviewBase } from "~/domain/reviews";
import { loader as reviewsEndpoint } from "~/routes/api.reviews";
import { loader as parkPage } from "~/routes/park";
import { queryRows, type Executor } from "~/server/db/database";
import { rideRatings, parkRatings, ratingVotes } from "~/server/db/schema";
import { decodeRideCursor, decodeParkCursor, encodeRideCursor, encodeParkCursor } from "~/server/ratings/review-cursor";
import { listRideReviews, listParkReviews } from "~/server/ratings/review-queries";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The park and ride pages' reviews, a page of REVIEWS_PER_PAGE at
 * a time after a keyset cursor (decision 0027): a total order (ties on the
 * helpful count and on the instant broken by the id), every review once
 * across the pages, hidden ones left out, cursors checked before SQL, and the
 * JSON endpoint 'Voir plus d'avis' reads in place.
 */
let database: TestDatabase;
let harness: ReturnType<typeof createAuthContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  harness = createAuthContext(database);
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

/** Instants with microseconds, which a JavaScript date cannot carry: ties and near-ties the cursor must tell apart. */
const INSTANTS = ["2026-05-01 12:00:00.000001+00", "2026-05-01 12:00:00.000002+00", "2026-05-01 12:00:00.000002+00", "2026-05-01 12:00:00+00"];

/** A park with 23 reviews: helpful counts 3, 1 and 0 over four instants, so that many share both. */
async function parkWithTies() {
  const park = await createPark(database.db);
  const ids: string[] = [];
  for (let index = 0; index < 23; index++) {
    const author = await member();
    const [row] = await database.db
      .insert(parkRatings)
      .values({ parkId: park.id, userId: author.id, visitDuration: "full_day", thrillRating: 4, helpfulCount: [3, 1, 0][index % 3]! })
      .returning({ id: parkRatings.id });
    await database.db.execute(sql`UPDATE park_ratings SET created_at = ${INSTANTS[index % INSTANTS.length]}::timestamptz WHERE id = ${row!.id}`);
    ids.push(row!.id);
  }
  return { park, ids };
}

/** The order the page promises, computed apart: helpful count, then instant, then id, all descending. */
async function expectedParkOrder(parkId: string, where = sql`true`): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id FROM park_ratings WHERE park_id = ${parkId} AND ${where} ORDER BY helpful_count DESC, created_at DESC, id DESC`,
  );
  return rows.map((row) => row.id);
}

/** Every page of a park's reviews, following `next`, as the pages' links do. */
async function allParkPages(parkId: string, viewer: CurrentUser | null) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await listParkReviews(database.db, parkId, viewer, { cursor: cursor ? decodeParkCursor(cursor) : null });
    pages.push(page.reviews.map((review) => review.id));
    cursor = page.next;
  } while (cursor && pages.length < 50);
  return pages;
}

describe("park reviews, a page at a time", () => {
  it("follow the most helpful, then newest order with ties broken by id: each review once, no gap, pages of five", async () => {
    const { park, ids } = await parkWithTies();
    const pages = await allParkPages(park.id, null);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flat()).toEqual(await expectedParkOrder(park.id));
    expect(new Set(pages.flat()).size).toBe(ids.length);

    // Several pages at once (the in-place list's reload) are the same reviews as one at a time.
    const [, second] = pages;
    const first = await listParkReviews(database.db, park.id, null);
    const three = await listParkReviews(database.db, park.id, null, { cursor: decodeParkCursor(first.next!), pages: 3 });
    expect(three.reviews.map((review) => review.id)).toEqual(pages.slice(1, 4).flat());
    expect(three.reviews.slice(0, REVIEWS_PER_PAGE).map((review) => review.id)).toEqual(second);
    const rest = await listParkReviews(database.db, park.id, null, { cursor: decodeParkCursor(three.next!), pages: 3 });
    expect(rest.reviews.map((review) => review.id)).toEqual(pages[4]);
    expect(rest.next).toBeNull();
  });

  it("leave out hidden reviews for visitors and members, and the member's own review (the page shows it first)", async () => {
    const { park, ids } = await parkWithTies();
    const hidden = ids.slice(0, 4);
    for (const id of hidden) await database.db.update(parkRatings).set({ hiddenAt: new Date() }).where(eq(parkRatings.id, id));
    const visible = await expectedParkOrder(park.id, sql`hidden_at IS NULL`);
    expect((await allParkPages(park.id, null)).flat()).toEqual(visible);

    const [author] = await queryRows<{ user_id: string }>(database.db, sql`SELECT user_id FROM park_ratings WHERE id = ${ids[5]}`);
    const viewer: CurrentUser = { id: author!.user_id, username: "x", isAdmin: false, twoFactorEnabled: false };
    expect((await allParkPages(park.id, viewer)).flat()).toEqual(visible.filter((id) => id !== ids[5]));

    // The administrator, who moderates them, pages through every review.
    const admin: CurrentUser = { ...(await member()), isAdmin: true };
    expect((await allParkPages(park.id, admin)).flat()).toEqual(await expectedParkOrder(park.id));
  });

  it("start the index scan at the cursor: no sort, whatever the page", async () => {
    const { park } = await parkWithTies();
    const first = await listParkReviews(database.db, park.id, null);
    const plan = await explain((db) => listParkReviews(db, park.id, null, { cursor: decodeParkCursor(first.next!) }));
    expect(plan).toContain("park_ratings_park_page_idx");
    expect(plan).toMatch(/Index Cond: .*ROW\(helpful_count, created_at, id\) < ROW\(/);
    expectPageReadInIndexOrder(plan, "park_ratings_park_page_idx");
  });
});

describe("ride reviews, a page at a time", () => {
  it("follow the newest first order with ties broken by id, each once, and start the index scan at the cursor", async () => {
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    for (let index = 0; index < 12; index++) {
      const author = await member();
      const [row] = await database.db
        .insert(rideRatings)
        .values({ rideId: ride.id, userId: author.id, rating: 1 + (index % 5), audienceType: "thrill" })
        .returning({ id: rideRatings.id });
      await database.db.execute(sql`UPDATE attraction_ratings SET created_at = ${INSTANTS[index % INSTANTS.length]}::timestamptz WHERE id = ${row!.id}`);
    }
    const expected = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM attraction_ratings WHERE attraction_id = ${ride.id} ORDER BY created_at DESC, id DESC`,
    );
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page = await listRideReviews(database.db, ride.id, null, { cursor: next ? decodeRideCursor(next) : null });
      expect(page.reviews.length).toBeLessThanOrEqual(REVIEWS_PER_PAGE);
      seen.push(...page.reviews.map((review) => review.id));
      next = page.next;
    } while (next);
    expect(seen).toEqual(expected.map((row) => row.id));

    const first = await listRideReviews(database.db, ride.id, null);
    const plan = await explain((db) => listRideReviews(db, ride.id, null, { cursor: decodeRideCursor(first.next!) }));
    expect(plan).toContain("attraction_ratings_attraction_page_idx");
    expect(plan).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW\(/);
    expectPageReadInIndexOrder(plan, "attraction_ratings_attraction_page_idx");
  });
});

describe("cursors", () => {
  const id = "0b7c4a52-51d4-4a3e-9d0f-3c1e2f6a7b8c";
  const at = "2026-05-01T12:00:00.123456Z";
  const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it("come back as they were encoded", () => {
    expect(decodeParkCursor(encodeParkCursor({ helpful: 12, at, id }))).toEqual({ helpful: 12, at, id });
    expect(decodeRideCursor(encodeRideCursor({ at, id }))).toEqual({ at, id });
  });

  it.each([
    ["empty", ""],
    ["not base64url", "a+b/c=="],
    ["not JSON", Buffer.from("{oops").toString("base64url")],
    ["not an array", raw({ helpful: 1, at, id })],
    ["too few parts", raw([1, at])],
    ["too many parts", raw([1, at, id, 4])],
    ["a negative count", raw([-1, at, id])],
    ["a fractional count", raw([1.5, at, id])],
    ["a count as text", raw(["1", at, id])],
    ["a count past safe integers", raw([2 ** 60, at, id])],
    ["an instant without microseconds", raw([1, "2026-05-01T12:00:00Z", id])],
    ["an instant in another zone", raw([1, "2026-05-01T12:00:00.000000+02", id])],
    ["a day that does not exist", raw([1, "2026-02-30T12:00:00.000000Z", id])],
    ["an hour that does not exist", raw([1, "2026-05-01T25:00:00.000000Z", id])],
    ["SQL in the instant", raw([1, "2026-05-01T12:00:00.000000Z'; DROP TABLE park_ratings; --", id])],
    ["not a uuid", raw([1, at, "42"])],
    ["far too long", "A".repeat(500)],
  ])("refuse %s", (_name, value) => {
    expect(decodeParkCursor(value)).toBeNull();
  });

  it("of a ride refuse a park's, and the other way round", () => {
    expect(decodeRideCursor(encodeParkCursor({ helpful: 0, at, id }))).toBeNull();
    expect(decodeParkCursor(encodeRideCursor({ at, id }))).toBeNull();
    expect(decodeRideCursor(raw([at, "not-a-uuid"]))).toBeNull();
  });

  it("that are garbage on the park page give its first reviews, not an error", async () => {
    const { park } = await parkWithTies();
    const load = async (search: string) =>
      (await parkPage({
        request: new Request(`${TEST_ORIGIN}/fr/${park.slug}${search}`),
        params: { parkSlug: park.slug },
        context: harness.context,
      } as never)) as { reviews: ShownReviews<ReviewBase> };
    const first = await load("");
    expect(first.reviews.firstPageAddress).toBeNull();
    for (const garbage of ["garbage", raw([1, "2026-02-30T12:00:00.000000Z", "x"]), "%00", ""]) {
      const page = await load(`?avis=${garbage}`);
      expect(page.reviews).toEqual(first.reviews);
    }
    const second = await load(`?avis=${first.reviews.next}`);
    expect(second.reviews.firstPageAddress).toBe(`/fr/${park.slug}#park-reviews`);
    expect(first.reviews.nextAddress).toBe(`?avis=${first.reviews.next}#park-reviews`);
    expect(second.reviews.reviews.map((review) => review.id)).toEqual((await expectedParkOrder(park.id)).slice(5, 10));
  });
});

describe("a cursor whose count is past the helpful_count column's integer", () => {
  const tooMany = (at: string, id: string) => Buffer.from(JSON.stringify([2 ** 31, at, id])).toString("base64url");

  it("gives the park page its first reviews and the endpoint a 400, never a 500", async () => {
    const { park } = await parkWithTies();
    const first = await listParkReviews(database.db, park.id, null);
    const cursor = tooMany("2026-05-01T12:00:00.000000Z", park.id);
    const page = (await parkPage({
      request: new Request(`${TEST_ORIGIN}/fr/${park.slug}?avis=${cursor}`),
      params: { parkSlug: park.slug },
      context: harness.context,
    } as never)) as { reviews: ShownReviews<ReviewBase> };
    expect(page.reviews.reviews.map((review) => review.id)).toEqual(first.reviews.map((review) => review.id));
    const response = (await reviewsEndpoint({
      request: new Request(`${TEST_ORIGIN}/api/reviews/park/${park.id}?avis=${cursor}`, { headers: { "accept-language": "fr-FR" } }),
      params: { kind: "park", id: park.id },
      context: { ...harness.context, currentUser: null },
    } as never)) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Cette page d'avis n'existe pas" });
  });
});

describe("GET /api/reviews/:kind/:id", () => {
  async function call(path: string, options: { viewer?: CurrentUser; language?: string } = {}) {
    const url = new URL(path, TEST_ORIGIN);
    const [, , , kind, id] = url.pathname.split("/");
    const request = new Request(url, { headers: { "accept-language": options.language ?? "fr-FR" } });
    const response = (await reviewsEndpoint({
      request,
      params: { kind: kind!, id: id! },
      context: { ...harness.context, currentUser: options.viewer ?? null },
    } as never)) as Response;
    return { status: response.status, headers: response.headers, body: (await response.json()) as ReviewPageAnswer<ReviewBase> };
  }

  it("answers the reviews after the cursor, as the page's link would show them, with the next cursor", async () => {
    const { park } = await parkWithTies();
    const order = await expectedParkOrder(park.id);
    const first = await listParkReviews(database.db, park.id, null);
    const answer = await call(`/api/reviews/park/${park.id}?avis=${first.next}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=60");
    expect(answer.headers.get("vary")).toBe("Cookie, Accept-Language");
    if (!("reviews" in answer.body)) throw new Error("no reviews");
    expect(Object.keys(answer.body).sort()).toEqual(["next", "reviews"]);
    expect(answer.body.reviews.map((review) => review.id)).toEqual(order.slice(5, 10));
    expect(answer.body.reviews[0]).toMatchObject({ username: expect.any(String), myVote: "none", isMine: false, hidden: false, stars: expect.any(Object) });
    const all = await call(`/api/reviews/park/${park.id}?avis=${first.next}&pages=${REVIEW_PAGES_MAX}`);
    expect("reviews" in all.body && all.body.reviews.map((review) => review.id)).toEqual(order.slice(5));
    expect("next" in all.body && all.body.next).toBeNull();
  });

  it("marks a member's own vote and keeps their answer private", async () => {
    const { park } = await parkWithTies();
    const first = await listParkReviews(database.db, park.id, null);
    const target = (await expectedParkOrder(park.id))[6]!;
    const viewer = await member();
    await database.db.insert(ratingVotes).values({ ratingType: "park", ratingId: target, userId: viewer.id, isHelpful: false });
    const answer = await call(`/api/reviews/park/${park.id}?avis=${first.next}`, { viewer });
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    if (!("reviews" in answer.body)) throw new Error("no reviews");
    expect(answer.body.reviews.find((review) => review.id === target)?.myVote).toBe("unhelpful");
  });

  it("answers a ride's reviews", async () => {
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    for (let index = 0; index < 7; index++) {
      await database.db.insert(rideRatings).values({ rideId: ride.id, userId: (await member()).id, rating: 3, audienceType: "kids" });
    }
    const first = await listRideReviews(database.db, ride.id, null);
    const answer = await call(`/api/reviews/attraction/${ride.id}?avis=${first.next}`);
    expect(answer.status).toBe(200);
    expect("reviews" in answer.body && answer.body.reviews).toHaveLength(2);
    expect("reviews" in answer.body && answer.body.reviews[0]).toMatchObject({ rating: 3, audienceType: "kids" });
  });

  it("refuses a missing or malformed cursor or page count with a 400 and a translated message", async () => {
    const { park } = await parkWithTies();
    const first = await listParkReviews(database.db, park.id, null);
    const ride = await createRide(database.db, park.id);
    for (const path of [
      `/api/reviews/park/${park.id}`,
      `/api/reviews/park/${park.id}?avis=garbage`,
      `/api/reviews/park/${park.id}?avis=${encodeRideCursor({ at: "2026-05-01T12:00:00.000000Z", id: park.id })}`,
      `/api/reviews/attraction/${ride.id}?avis=${first.next}`,
      `/api/reviews/park/${park.id}?avis=${first.next}&pages=0`,
      `/api/reviews/park/${park.id}?avis=${first.next}&pages=${REVIEW_PAGES_MAX + 1}`,
      `/api/reviews/park/${park.id}?avis=${first.next}&pages=2.5`,
    ]) {
      const answer = await call(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ error: "Cette page d'avis n'existe pas" });
    }
    expect((await call(`/api/reviews/park/${park.id}?avis=garbage`, { language: "en-GB,en;q=0.9" })).body).toEqual({
      error: "This page of reviews does not exist",
    });
  });

  it("answers 404 for a park or ride the viewer cannot see, or another kind", async () => {
    const { park } = await parkWithTies();
    const first = await listParkReviews(database.db, park.id, null);
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    for (const path of [
      `/api/reviews/park/${pending.id}?avis=${first.next}`,
      `/api/reviews/park/not-a-uuid?avis=${first.next}`,
      `/api/reviews/attraction/${park.id}?avis=${encodeRideCursor({ at: "2026-05-01T12:00:00.000000Z", id: park.id })}`,
      `/api/reviews/duel/${park.id}?avis=${first.next}`,
    ]) {
      const answer = await call(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toEqual({ error: expect.any(String) });
    }
  });
});

/**
 * The plan of the one query `list` runs, with sequential scans and sorts
 * discouraged (the tables are small): the query is captured from the query
 * builder as `list` builds it, then explained with its own parameters.
 */
/**
 * The page's ids read from the index in its order, from the cursor on: its LIMIT sits on the index scan, no sort
 * below it. The reviews of those ids are then put in order: a sort, if any, of one page's rows (plus the one that
 * says another page follows), never of every rating of the park or ride.
 */
function expectPageReadInIndexOrder(plan: string, index: string) {
  expect(plan).toMatch(new RegExp(`Limit[^\\n]*\\n\\s*->\\s+Index (Only )?Scan using ${index}`));
  for (const sort of plan.matchAll(/Sort {2}\(cost=\S+ rows=(\d+)/g)) expect(Number(sort[1])).toBeLessThanOrEqual(REVIEWS_PER_PAGE + 1);
}

async function explain(list: (db: Executor) => Promise<unknown>): Promise<string> {
  const captured: { sql: string; params: unknown[] }[] = [];
  type Builder = { toSQL(): { sql: string; params: unknown[] } };
  // Every step of the builder (select, from, joins, where, orderBy, limit) answers a builder: each is wrapped in turn.
  const wrap = (builder: object): object =>
    new Proxy(builder, {
      get(inner, key) {
        if (key === "then") {
          return (resolve: (rows: unknown[]) => void) => {
            captured.push((inner as Builder).toSQL());
            resolve([]);
          };
        }
        const value: unknown = Reflect.get(inner, key);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(inner, args);
          return typeof result === "object" && result !== null && ("toSQL" in result || "from" in result) ? wrap(result) : result;
        };
      },
    });
  const capturing = new Proxy(database.db, {
    get(target, key) {
      return key === "select" ? (...args: unknown[]) => wrap((target.select as (...a: unknown[]) => object)(...args)) : Reflect.get(target, key);
    },
  });
  await list(capturing);
  expect(captured).toHaveLength(1);
  const { sql: text, params } = captured[0]!;
  const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    await tx.execute(sql.raw(`PREPARE review_page AS ${text}`));
    try {
      const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql.raw(`EXPLAIN EXECUTE review_page(${params.map(literal).join(", ")})`));
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    } finally {
      await tx.execute(sql`DEALLOCATE review_page`);
    }
  });
}
