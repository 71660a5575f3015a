import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { action as contributeAction } from "~/routes/contribute";
import { action as parkPageAction } from "~/routes/park";
import { action as parkSuggestAction } from "~/routes/park-suggest";
import { createRide } from "~/server/contributions/create-ride";
import { createPark } from "~/server/contributions/create-park";
import { rides, contentModifications, parkRatings, parkSuggestions, parks, userWriteLimits } from "~/server/db/schema";
import type { ImageStorage } from "~/server/images/image-storage";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { submitSuggestion } from "~/server/suggestions/submit-suggestion";
import type { WriteAction } from "~/server/allowances/write-limits";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createMember, createPark as insertPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Decision 0040: every write with an allowance looks at it before any upload
 * is processed — the route before it reads the body, the service before it
 * decodes and stores the picture — and contributed parks and rides have one.
 */
let database: TestDatabase;
let auth: ReturnType<typeof createAuthContext>;
let storageDirectory: string;
let imageStorage: ImageStorage;
/** Every key the storage was asked to write, kept or removed since. */
const written: string[] = [];
let photo: Uint8Array;

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuthContext(database);
  storageDirectory = mkdtempSync(path.join(os.tmpdir(), "parcours-allowances-"));
  const disk = createLocalDiskStorage(storageDirectory);
  imageStorage = {
    ...disk,
    put: (key, bytes) => {
      written.push(key);
      return disk.put(key, bytes);
    },
  };
  photo = new Uint8Array(await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#e76f51" } }).jpeg().toBuffer());
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  written.length = 0;
});

const deps = () => ({ db: database.db, imageStorage, logger: pino({ level: "silent" }) });

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

/** Records `times` writes of this kind for the member just now, as if they had made them. */
async function spend(userId: string, action: WriteAction, times: number) {
  await database.db.insert(userWriteLimits).values({ userId, action, recent: sql`array_fill(now(), ARRAY[${times}::int])` });
}

async function recorded(userId: string, action: WriteAction): Promise<number> {
  const [row] = await database.db
    .select({ recent: userWriteLimits.recent })
    .from(userWriteLimits)
    .where(and(eq(userWriteLimits.userId, userId), eq(userWriteLimits.action, action)));
  return row?.recent.length ?? 0;
}

function storedFiles(): string[] {
  return readdirSync(storageDirectory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/**
 * A multipart post carrying `fields` and the picture, whose body tells whether anyone read it:
 * a refusal that does not depend on the body must come without a byte of it being pulled.
 */
async function watchedPost(pathname: string, fields: Record<string, string>, fileField = "image") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(fileField, new Blob([photo as BlobPart], { type: "image/jpeg" }), "photo.jpg");
  const encoded = new Request(TEST_ORIGIN, { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const watch = { read: false };
  // No queue to fill (highWaterMark 0): pull runs only when a reader asks for bytes.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        watch.read = true;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const headers = new Headers({
    origin: TEST_ORIGIN,
    "content-type": encoded.headers.get("content-type")!,
    "content-length": String(bytes.byteLength),
    "x-parcours-client-ip": "192.0.2.40",
  });
  const request = new Request(`${TEST_ORIGIN}${pathname}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return { request, watch };
}

type Answer = { init?: { status?: number }; data?: unknown };

describe("an allowance is looked at before the upload (decision 0040)", () => {
  it("refuses a suggestion with a picture past the day's allowance before reading its body: 429, the translated refusal, nothing stored or written", async () => {
    const author = await member();
    const park = await insertPark(database.db, { adultPrice: 30 });
    await spend(author.id, "suggestion", 20);
    const { request, watch } = await watchedPost(`/fr/parks/${park.id}/suggest`, { adultPrice: "45", reason: "Tarif" });
    const context = { ...auth.context, imageStorage, currentUser: author };
    const answer = (await parkSuggestAction({ request, context, params: { id: park.id } } as never)) as Answer;
    expect(answer.init?.status).toBe(429);
    expect(answer.data).toEqual({ intent: "suggest", errors: { form: [{ key: "suggestions.errors.tooMany" }] } });
    expect(watch.read).toBe(false);
    expect(written).toEqual([]);
    expect(await database.db.select().from(parkSuggestions).where(eq(parkSuggestions.parkId, park.id))).toEqual([]);
    expect(await recorded(author.id, "suggestion")).toBe(20);
  });

  it("has the suggestion service itself refuse before it decodes or stores the picture", async () => {
    const author = await member();
    const park = await insertPark(database.db, { adultPrice: 30 });
    await spend(author.id, "suggestion", 20);
    const outcome = await submitSuggestion(deps(), author, "park", park.id, { fields: { adultPrice: "45", reason: "Tarif" }, image: photo });
    expect(outcome).toEqual({ ok: false, reason: "tooMany", errors: { form: [{ key: "suggestions.errors.tooMany" }] } });
    expect(written).toEqual([]);
  });

  it("refuses a new park or ride, or a park review with photos, before reading the body once the allowance is spent", async () => {
    const author = await member();
    const park = await insertPark(database.db);
    await spend(author.id, "park", 10);
    await spend(author.id, "attraction", 60);
    await spend(author.id, "review", 50);
    const context = { ...auth.context, imageStorage, currentUser: author };

    const newPark = await watchedPost("/fr/contribute", { name: "Parc Refusé", region: "Oise", country: "France", descriptionFr: "Un parc." });
    const parkAnswer = (await contributeAction({ request: newPark.request, context, params: {} } as never)) as Answer;
    expect([parkAnswer.init?.status, parkAnswer.data, newPark.watch.read]).toEqual([429, { errors: { form: [{ key: "contribute.errors.tooManyParks" }] } }, false]);

    const newRide = await watchedPost(`/fr/${park.slug}?intent=add-attraction`, { name: "Grand Huit", type: "roller_coaster" });
    const rideAnswer = (await parkPageAction({ request: newRide.request, context, params: { parkSlug: park.slug } } as never)) as Answer;
    expect([rideAnswer.init?.status, rideAnswer.data, newRide.watch.read]).toEqual([
      429,
      { intent: "add-attraction", errors: { form: [{ key: "contribute.errors.tooManyAttractions" }] } },
      false,
    ]);

    const review = await watchedPost(`/fr/${park.slug}?intent=rate-park`, { thrill: "4" }, "photos");
    const reviewAnswer = (await parkPageAction({ request: review.request, context, params: { parkSlug: park.slug } } as never)) as Answer;
    expect([reviewAnswer.init?.status, reviewAnswer.data, review.watch.read]).toEqual([
      429,
      { intent: "rate-park", errors: { form: [{ key: "ratings.errors.tooManyReviews" }] } },
      false,
    ]);

    expect(written).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await database.db.select({ n: count() }).from(parkRatings).where(eq(parkRatings.userId, author.id))).toEqual([{ n: 0 }]);
  });
});

describe("contributions have a daily allowance (decision 0040)", () => {
  const parkFields = (name: string) => ({ name, region: "Oise", country: "France", descriptionFr: "Un parc à tester." });
  const countRows = async (userId: string) => {
    const [[p], [a], [c]] = await Promise.all([
      database.db.select({ n: count() }).from(parks).where(eq(parks.createdBy, userId)),
      database.db.select({ n: count() }).from(rides).where(eq(rides.createdBy, userId)),
      database.db.select({ n: count() }).from(contentModifications).where(eq(contentModifications.userId, userId)),
    ]);
    return [p!.n, a!.n, c!.n];
  };

  it("accepts 10 parks a day from a member and refuses the 11th with the translated message, writing and storing nothing", async () => {
    const author = await member();
    for (let index = 1; index <= 10; index += 1) {
      expect((await createPark(deps(), author, { fields: parkFields(`Parc Quota ${index}`), image: null })).ok).toBe(true);
    }
    const before = await countRows(author.id);
    expect(before).toEqual([10, 0, 10]);
    expect(await createPark(deps(), author, { fields: parkFields("Parc Quota 11"), image: photo })).toEqual({
      ok: false,
      reason: "tooMany",
      errors: { form: [{ key: "contribute.errors.tooManyParks" }] },
    });
    expect(await countRows(author.id)).toEqual(before);
    expect(written).toEqual([]);
    expect(await recorded(author.id, "park")).toBe(10);
    // Another member's allowance is their own.
    expect((await createPark(deps(), await member(), { fields: parkFields("Parc Quota 12"), image: null })).ok).toBe(true);
  });

  it("refuses the 61st ride of a day with the translated message, writing and storing nothing", async () => {
    const author = await member();
    const park = await insertPark(database.db);
    await spend(author.id, "attraction", 59);
    expect((await createRide(deps(), author, park, { fields: { name: "Soixantième", type: "roller_coaster" }, image: null })).ok).toBe(true);
    const before = await countRows(author.id);
    expect(await createRide(deps(), author, park, { fields: { name: "De Trop", type: "roller_coaster" }, image: photo })).toEqual({
      ok: false,
      reason: "tooMany",
      errors: { form: [{ key: "contribute.errors.tooManyAttractions" }] },
    });
    expect(await countRows(author.id)).toEqual(before);
    expect(written).toEqual([]);
    expect(await recorded(author.id, "attraction")).toBe(60);
  });
});
