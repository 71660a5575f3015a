import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { imageKeys, parseImageReference } from "~/domain/image-reference";
import { COMMENT_MAX_LENGTH } from "~/domain/comment-limits";
import { suspendMember } from "~/server/auth/suspension";
import { parkRatings, parks, userRatingStats } from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { LIVE_CHANNEL } from "~/server/live/notify";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { findOwnParkReview, listParkReviews } from "~/server/ratings/review-queries";
import { saveParkRating, type ParkRatingDeps } from "~/server/ratings/save-park-rating";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let deps: ParkRatingDeps;
const heard: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  const imageStorage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-park-ratings-")));
  deps = { db: database.db, imageStorage, logger: pino({ level: "silent" }) };
  stopListening = await database.listen(LIVE_CHANNEL, (topic) => heard.push(topic));
});
afterAll(async () => {
  await stopListening();
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

/** A park whose aggregates start from the truth (the factory writes rows without maintaining them). */
async function freshPark(overrides: Parameters<typeof createPark>[1] = {}) {
  const park = await createPark(database.db, overrides);
  await recomputeAllAggregates(database.db);
  return park;
}

const fields = (values: Record<string, string> = {}) => ({
  kidsFriendly: "4",
  familyFriendly: "0",
  thrill: "5",
  theming: "3",
  operations: "0",
  value: "2",
  visitDuration: "full_day",
  comment: "  Très belle journée.  ",
  ...values,
});

const noPhotos = (values: Record<string, string> = {}) => ({ fields: fields(values), images: [] as Uint8Array[] });

async function photo(color: string) {
  return new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).jpeg().toBuffer());
}

async function storedFileCount(reference: string) {
  const image = parseImageReference(reference);
  if (image?.kind !== "stored") throw new Error(`not a stored image: ${reference}`);
  const files = await Promise.all(imageKeys(image).map((key) => deps.imageStorage.get(key)));
  for (const file of files) await file?.body.cancel();
  return files.filter(Boolean).length;
}

async function ratingsOf(parkId: string) {
  return database.db.select().from(parkRatings).where(eq(parkRatings.parkId, parkId));
}

describe("rating a park (docs/rules/ratings.md#park-rating-form)", () => {
  it("creates the member's rating, then updates the same one; the park's aggregates follow", async () => {
    const park = await freshPark();
    const rater = await member();
    const created = await saveParkRating(deps, rater, park.id, noPhotos());
    expect(created).toMatchObject({ ok: true, created: true });
    if (!created.ok) return;
    const [row] = await ratingsOf(park.id);
    expect(row).toMatchObject({
      id: created.id,
      userId: rater.id,
      kidsFriendlyRating: 4,
      familyFriendlyRating: null,
      thrillRating: 5,
      themingRating: 3,
      operationsRating: null,
      valueRating: 2,
      visitDuration: "full_day",
      comment: "Très belle journée.",
      images: [],
    });
    const [afterCreate] = await database.db.select().from(parks).where(eq(parks.id, park.id));
    expect(afterCreate).toMatchObject({ ratingCount: 1, scoreSum: 3.5, thrillSum: 5, thrillCount: 1, familyFriendlyCount: 0, visitFullDayCount: 1 });

    const updated = await saveParkRating(deps, rater, park.id, noPhotos({ thrill: "1", operations: "4", visitDuration: "two_days", comment: "" }));
    expect(updated).toEqual({ ok: true, created: false, id: created.id });
    expect(await ratingsOf(park.id)).toHaveLength(1);
    expect(await findOwnParkReview(database.db, park.id, rater.id)).toMatchObject({
      id: created.id,
      stars: { kidsFriendly: 4, familyFriendly: null, thrill: 1, theming: 3, operations: 4, value: 2 },
      visitDuration: "two_days",
      comment: null,
    });
    const [afterUpdate] = await database.db.select().from(parks).where(eq(parks.id, park.id));
    expect(afterUpdate).toMatchObject({ ratingCount: 1, scoreSum: 2.8, thrillSum: 1, operationsCount: 1, visitFullDayCount: 0, visitTwoDaysCount: 1 });
    const [stats] = await database.db.select().from(userRatingStats).where(eq(userRatingStats.userId, rater.id));
    expect(stats).toMatchObject({ totalParkRatings: 1, totalRideRatings: 0, currentWeight: 1 });
    await expectAggregatesAsRecomputed(database.db);
  });

  it("keeps every aggregate equal to a full recomputation through many ratings and edits, thirds and sixths included", async () => {
    const park = await freshPark();
    const raters = await Promise.all(Array.from({ length: 7 }, () => member()));
    const variants = [
      { thrill: "5", theming: "4", value: "4", kidsFriendly: "0", familyFriendly: "0", operations: "0" }, // 13/3
      { kidsFriendly: "1", familyFriendly: "2", thrill: "3", theming: "4", operations: "5", value: "2" }, // 17/6
      { kidsFriendly: "5", familyFriendly: "0", thrill: "0", theming: "0", operations: "0", value: "0" },
      { kidsFriendly: "2", familyFriendly: "2", thrill: "3", theming: "0", operations: "0", value: "0" }, // 7/3
    ];
    for (const [index, rater] of raters.entries()) {
      const variant = variants[index % variants.length]!;
      const duration = ["half_day", "full_day", "two_days"][index % 3]!;
      expect((await saveParkRating(deps, rater, park.id, noPhotos({ ...variant, visitDuration: duration }))).ok).toBe(true);
    }
    for (const [index, rater] of raters.slice(0, 4).entries()) {
      const variant = variants[(index + 1) % variants.length]!;
      expect((await saveParkRating(deps, rater, park.id, noPhotos({ ...variant, visitDuration: "half_day" }))).ok).toBe(true);
    }
    await expectAggregatesAsRecomputed(database.db);
  });

  it("moves a member's influence weight to Habitué (×1.25) at the 11th park, as the recomputation does", async () => {
    const rater = await member();
    const rated = await Promise.all(Array.from({ length: 11 }, () => createPark(database.db)));
    await recomputeAllAggregates(database.db);
    for (const [index, park] of rated.entries()) {
      await saveParkRating(deps, rater, park.id, noPhotos());
      const [stats] = await database.db.select().from(userRatingStats).where(eq(userRatingStats.userId, rater.id));
      expect(stats, `after ${index + 1} parks`).toMatchObject({ totalParkRatings: index + 1, currentWeight: index + 1 >= 11 ? 1.25 : 1 });
    }
    await expectAggregatesAsRecomputed(database.db);
  });

  it("refuses an invalid form with the rules' messages and writes nothing", async () => {
    const park = await freshPark();
    const refused = await saveParkRating(deps, await member(), park.id, noPhotos({ visitDuration: "", thrill: "9" }));
    expect(refused).toEqual({
      ok: false,
      reason: "invalid",
      errors: { thrill: [{ key: "ratings.errors.stars" }], visitDuration: [{ key: "ratings.errors.visitDurationRequired" }] },
    });
    const tooLong = await saveParkRating(deps, await member(), park.id, noPhotos({ comment: "x".repeat(COMMENT_MAX_LENGTH + 1) }));
    expect(tooLong).toMatchObject({ ok: false, reason: "invalid", errors: { comment: [{ key: "ratings.errors.commentTooLong" }] } });
    expect(await ratingsOf(park.id)).toHaveLength(0);
  });

  it("answers 404 for a pending, rejected, unknown or malformed park", async () => {
    const rater = await member();
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    const rejected = await createPark(database.db, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    const notFound = { ok: false, reason: "notFound", errors: { form: [{ key: "park.notFound" }] } };
    for (const parkId of [pending.id, rejected.id, crypto.randomUUID(), "not-a-uuid"]) {
      expect(await saveParkRating(deps, rater, parkId, noPhotos())).toEqual(notFound);
    }
    expect(await ratingsOf(pending.id)).toHaveLength(0);
  });

  it("never lets a member reach another member's rating, whatever the form carries", async () => {
    const park = await freshPark();
    const author = await member();
    const forger = await member();
    const original = await saveParkRating(deps, author, park.id, noPhotos({ comment: "Mon avis" }));
    if (!original.ok) throw new Error("setup failed");
    // The forged request names the author's rating and the author; the service reads neither.
    const forged = await saveParkRating(deps, forger, park.id, {
      fields: fields({ id: original.id, ratingId: original.id, userId: author.id, user_id: author.id, thrill: "1", comment: "Piraté" }),
      images: [],
    });
    expect(forged).toMatchObject({ ok: true, created: true });
    if (!forged.ok) return;
    expect(forged.id).not.toBe(original.id);
    const [authorRow] = await database.db
      .select()
      .from(parkRatings)
      .where(and(eq(parkRatings.parkId, park.id), eq(parkRatings.userId, author.id)));
    expect(authorRow).toMatchObject({ id: original.id, thrillRating: 5, comment: "Mon avis" });
    expect(await ratingsOf(park.id)).toHaveLength(2);
    await expectAggregatesAsRecomputed(database.db);
  });

  it("stores a comment exactly as typed, markup included (the page shows it as text)", async () => {
    const park = await freshPark();
    const rater = await member();
    const payload = `<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"`;
    await saveParkRating(deps, rater, park.id, noPhotos({ comment: payload }));
    const [review] = (await listParkReviews(database.db, park.id, null)).reviews;
    expect(review?.comment).toBe(payload);
  });

  it("tells the park's open pages once the rating is committed, and says nothing about a refused one", async () => {
    const park = await freshPark();
    heard.length = 0;
    await saveParkRating(deps, await member(), park.id, noPhotos());
    await expect.poll(() => heard).toEqual([`park:${park.id}`]);
    await saveParkRating(deps, await member(), park.id, noPhotos({ visitDuration: "" }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([`park:${park.id}`]);
  });

  it("refuses a suspended member, even with a session that survived", async () => {
    const park = await freshPark();
    const suspended = await member();
    await suspendMember(database.db, suspended.id, "Spam");
    expect(await saveParkRating(deps, suspended, park.id, noPhotos())).toEqual({
      ok: false,
      reason: "forbidden",
      errors: { form: [{ key: "auth.errors.suspended", values: { reason: "Spam" } }] },
    });
    expect(await ratingsOf(park.id)).toHaveLength(0);
  });
});

describe("review photos", () => {
  it("stores up to five photos with the rating; an edit without photos keeps them, an edit with photos replaces them", async () => {
    const park = await freshPark();
    const rater = await member();
    const first = await Promise.all(["#e76f51", "#2a9d8f"].map(photo));
    const created = await saveParkRating(deps, rater, park.id, { fields: fields(), images: first });
    expect(created.ok).toBe(true);
    const [withPhotos] = await ratingsOf(park.id);
    expect(withPhotos?.images).toHaveLength(2);
    for (const reference of withPhotos!.images) {
      expect(parseImageReference(reference)).toMatchObject({ kind: "stored", bucket: "park_images", width: 40, height: 30 });
      expect(await storedFileCount(reference)).toBeGreaterThan(0);
    }

    await saveParkRating(deps, rater, park.id, noPhotos({ thrill: "2" }));
    const [kept] = await ratingsOf(park.id);
    expect(kept?.images).toEqual(withPhotos!.images);

    const replaced = await saveParkRating(deps, rater, park.id, { fields: fields(), images: [await photo("#264653")] });
    expect(replaced.ok).toBe(true);
    const [latest] = await ratingsOf(park.id);
    expect(latest?.images).toHaveLength(1);
    expect(latest?.images[0]).not.toBe(withPhotos!.images[0]);
    for (const old of withPhotos!.images) expect(await storedFileCount(old)).toBe(0);
    expect(await storedFileCount(latest!.images[0]!)).toBeGreaterThan(0);
  });

  it("refuses a sixth photo, or one that is not an image, and keeps nothing of the attempt", async () => {
    const park = await freshPark();
    const rater = await member();
    const six = await Promise.all(Array.from({ length: 6 }, (_, index) => photo(`#00000${index}`)));
    expect(await saveParkRating(deps, rater, park.id, { fields: fields(), images: six })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { images: [{ key: "ratings.errors.tooManyPhotos", values: { max: 5 } }] },
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    expect(await saveParkRating(deps, rater, park.id, { fields: fields(), images: [await photo("#111111"), svg] })).toEqual({
      ok: false,
      reason: "invalid",
      errors: { images: [{ key: "images.notImage" }] },
    });
    expect(await ratingsOf(park.id)).toHaveLength(0);
  });

  it("removes the new photos again when the write fails or is refused after they were stored", async () => {
    const rater = await member();
    const [parkA, parkB, parkC] = [await freshPark(), await freshPark(), await freshPark()];
    const stored: string[] = [];
    const imageStorage = {
      ...deps.imageStorage,
      put: async (key: string, bytes: Uint8Array) => {
        stored.push(key);
        await deps.imageStorage.put(key, bytes);
      },
    };
    const anyStored = async (keys: string[]) => (await Promise.all(keys.map((key) => deps.imageStorage.get(key)))).some(Boolean);

    // A database that fails every write: the photos stored before it go again.
    const failing = Object.assign(Object.create(database.db), {
      transaction: async () => {
        throw new Error("database unavailable");
      },
    }) as typeof database.db;
    const failed = await saveParkRating({ ...deps, db: failing, imageStorage }, rater, parkA.id, { fields: fields(), images: [await photo("#abcdef")] });
    expect(failed).toEqual({ ok: false, reason: "failed", errors: { form: [{ key: "ratings.errors.submitFailed" }] } });
    expect(stored.length).toBeGreaterThan(0);
    expect(await anyStored(stored)).toBe(false);

    // One review a day: both submissions pass the first look while their photos are decoded, the second is refused after.
    stored.length = 0;
    const oneReview = { review: [{ max: 1, seconds: 3600 }], reviewEdit: [], vote: [], report: [], suggestion: [], park: [], attraction: [], duel: [], duelReset: [], plan: [], rideLog: [], rideLogImport: [], waitReport: [], confirmationEmail: [] };
    const outcomes = await Promise.all(
      [parkB, parkC].map(async (park) =>
        saveParkRating({ ...deps, imageStorage, limits: oneReview }, rater, park.id, { fields: fields(), images: [await photo("#fedcba")] }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.ok).sort()).toEqual([false, true]);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ reason: "tooMany", errors: { form: [{ key: "ratings.errors.tooManyReviews" }] } });
    const [kept] = await database.db.select().from(parkRatings).where(eq(parkRatings.userId, rater.id));
    const keptImage = parseImageReference(kept!.images[0]);
    if (keptImage?.kind !== "stored") throw new Error("the accepted rating has its photo");
    const keptKeys = imageKeys(keptImage);
    expect(await anyStored(keptKeys)).toBe(true);
    expect(await anyStored(stored.filter((key) => !keptKeys.includes(key)))).toBe(false);
  });
});

describe("parallel submissions", () => {
  it("of one member on one park leave one rating and aggregates as recomputed", async () => {
    const park = await freshPark();
    const rater = await member();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => saveParkRating(deps, rater, park.id, noPhotos())));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes.filter((outcome) => outcome.ok && outcome.created)).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => (outcome.ok ? outcome.id : null))).size).toBe(1);
    const [rows] = await database.db.select({ n: count() }).from(parkRatings).where(eq(parkRatings.parkId, park.id));
    expect(rows!.n).toBe(1);
    const [row] = await database.db.select().from(parks).where(eq(parks.id, park.id));
    expect(row).toMatchObject({ ratingCount: 1, visitFullDayCount: 1 });
    const [stats] = await database.db.select().from(userRatingStats).where(eq(userRatingStats.userId, rater.id));
    expect(stats?.totalParkRatings).toBe(1);
    await expectAggregatesAsRecomputed(database.db);
  });

  it("of many members on one park all count", async () => {
    const park = await freshPark();
    const raters = await Promise.all(Array.from({ length: 12 }, () => member()));
    const outcomes = await Promise.all(
      raters.map((rater, index) => saveParkRating(deps, rater, park.id, noPhotos({ thrill: String((index % 5) + 1) }))),
    );
    expect(outcomes.every((outcome) => outcome.ok && outcome.created)).toBe(true);
    const [row] = await database.db.select().from(parks).where(eq(parks.id, park.id));
    expect(row?.ratingCount).toBe(12);
    await expectAggregatesAsRecomputed(database.db);
  });
});
