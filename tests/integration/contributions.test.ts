import crypto from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { imageKeys, parseImageReference } from "~/domain/image-reference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { findVisibleParkBySlug } from "~/server/catalog/park-queries";
import { createRide } from "~/server/contributions/create-ride";
import { createPark } from "~/server/contributions/create-park";
import { isParkNameTaken } from "~/server/contributions/park-names";
import { listPendingContributions } from "~/server/contributions/pending-contributions";
import { rides, contentModifications, parks } from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { createMember, createPark as insertPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let deps: Parameters<typeof createPark>[0];
let storageDirectory: string;
beforeAll(async () => {
  database = await createTestDatabase();
  storageDirectory = mkdtempSync(path.join(os.tmpdir(), "parcours-contrib-"));
  const imageStorage = createLocalDiskStorage(storageDirectory);
  deps = { db: database.db, imageStorage, logger: pino({ level: "silent" }) };
});
afterAll(async () => {
  await database.close();
});

async function member(isAdmin = false): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin, twoFactorEnabled: false };
}

/** The files under a local-disk storage directory, as storage keys. */
function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .sort();
}
const storedFiles = () => filesUnder(storageDirectory);

const parkFields = (name: string) => ({ name, region: "Oise", country: "France", descriptionFr: "Un parc à tester.", adultPrice: "54.90", openingYear: "1989" });
const countRows = async () => {
  const [[p], [a], [c]] = await Promise.all([
    database.db.select({ n: count() }).from(parks),
    database.db.select({ n: count() }).from(rides),
    database.db.select({ n: count() }).from(contentModifications),
  ]);
  return [p!.n, a!.n, c!.n];
};

describe("adding a park (docs/rules/catalogue.md#adding-a-park)", () => {
  it("keeps a member's park pending: seen by its author and the administrator only, with created_by and a content_modifications row", async () => {
    const author = await member();
    const created = await createPark(deps, author, { fields: parkFields("Parc Contribué"), image: null });
    expect(created).toMatchObject({ ok: true, slug: "parc-contribue", moderationStatus: "pending" });
    if (!created.ok) return;
    const [row] = await database.db.select().from(parks).where(eq(parks.id, created.id));
    expect(row).toMatchObject({ createdBy: author.id, moderationStatus: "pending", adultPrice: 54.9, openingYear: 1989, description: "Un parc à tester.", descriptionFr: "Un parc à tester." });
    const [record] = await database.db.select().from(contentModifications).where(eq(contentModifications.targetId, created.id));
    expect(record).toMatchObject({ userId: author.id, targetType: "park", action: "create", status: "pending" });
    expect(await findVisibleParkBySlug(database.db, created.slug, null)).toBeNull();
    expect(await findVisibleParkBySlug(database.db, created.slug, await member())).toBeNull();
    expect(await findVisibleParkBySlug(database.db, created.slug, author)).not.toBeNull();
    expect(await findVisibleParkBySlug(database.db, created.slug, await member(true))).not.toBeNull();
    expect((await listPendingContributions(database.db, author.id)).map((item) => [item.kind, item.name, item.path])).toEqual([
      ["park", "Parc Contribué", "/parc-contribue"],
    ]);
  });

  it("stores the park's photo as responsive renditions and keeps its reference", async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2a9d8f" } }).jpeg().toBuffer();
    const created = await createPark(deps, await member(), { fields: parkFields("Parc Photogénique"), image: photo });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const [row] = await database.db.select({ imageUrl: parks.imageUrl }).from(parks).where(eq(parks.id, created.id));
    const reference = parseImageReference(row?.imageUrl);
    expect(reference).toMatchObject({ kind: "stored", bucket: "park_images", width: 900, height: 600 });
  });

  it("refuses an SVG (or anything that is not a photo) and writes nothing", async () => {
    const before = await countRows();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const refused = await createPark(deps, await member(), { fields: parkFields("Parc Vectoriel"), image: svg });
    expect(refused).toEqual({ ok: false, reason: "invalid", errors: { image: [{ key: "images.notImage" }] } });
    expect(await countRows()).toEqual(before);
  });

  it("approves the administrator's park at once", async () => {
    const admin = await member(true);
    const created = await createPark(deps, admin, { fields: parkFields("Parc de l'Admin"), image: null });
    expect(created).toMatchObject({ ok: true, moderationStatus: "approved" });
    if (!created.ok) return;
    expect(await findVisibleParkBySlug(database.db, created.slug, null)).not.toBeNull();
    const [record] = await database.db.select().from(contentModifications).where(eq(contentModifications.targetId, created.id));
    expect(record?.status).toBe("approved");
  });

  it("refuses invalid forms with every message and writes nothing", async () => {
    const before = await countRows();
    const refused = await createPark(deps, await member(), { fields: { name: "", region: "", country: "", openingYear: "1500", adultPrice: "0" }, image: null });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.reason).toBe("invalid");
    expect(Object.keys(refused.errors).sort()).toEqual(["adultPrice", "country", "descriptionFr", "name", "openingYear", "region"]);
    expect(await countRows()).toEqual(before);
  });

  it("refuses a duplicate name whatever its case or accents, in any moderation state", async () => {
    const existing = await insertPark(database.db, { name: "Parc Étoilé", slug: "parc-etoile", moderationStatus: "pending" });
    expect(await isParkNameTaken(database.db, "parc étoilé")).toBe(true);
    expect(await isParkNameTaken(database.db, "  PARC ETOILE ")).toBe(true);
    expect(await isParkNameTaken(database.db, "Parc Étoilé", existing.id)).toBe(false);
    expect(await isParkNameTaken(database.db, "Parc Étoilé 2")).toBe(false);
    const before = await countRows();
    const refused = await createPark(deps, await member(), { fields: parkFields("PARC étoilé"), image: null });
    expect(refused).toEqual({ ok: false, reason: "conflict", errors: { name: [{ key: "contribute.errors.parkExists" }] } });
    expect(await countRows()).toEqual(before);
  });

  it("creates only one of two identical parks sent at the same moment", async () => {
    const [first, second] = await Promise.all([
      createPark(deps, await member(), { fields: parkFields("Parc Jumeau"), image: null }),
      createPark(deps, await member(), { fields: parkFields("Parc Jumeau"), image: null }),
    ]);
    expect([first.ok, second.ok].filter(Boolean)).toHaveLength(1);
    const [{ n }] = (await database.db.select({ n: count() }).from(parks).where(eq(parks.name, "Parc Jumeau"))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("keeps only the winner's photo when two members add the same park with a photo at the same moment", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "parcours-race-"));
    const raceDeps = { ...deps, imageStorage: createLocalDiskStorage(directory) };
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#e76f51" } }).jpeg().toBuffer();
    const [one, two] = [await member(), await member()];
    const outcomes = await Promise.all([
      createPark(raceDeps, one, { fields: parkFields("Parc Photo Jumeau"), image: photo }),
      createPark(raceDeps, two, { fields: parkFields("Parc Photo Jumeau"), image: photo }),
    ]);
    const winner = outcomes.find((outcome) => outcome.ok);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: "conflict", errors: { name: [{ key: "contribute.errors.parkExists" }] } }]);
    const [row] = await database.db.select({ imageUrl: parks.imageUrl }).from(parks).where(eq(parks.id, winner!.ok ? winner!.id : ""));
    const reference = parseImageReference(row?.imageUrl);
    if (reference?.kind !== "stored") throw new Error("the winner's photo is not stored");
    expect(filesUnder(directory)).toEqual(imageKeys(reference).sort());
  });

  it("moves a park whose name is a reserved address off it", async () => {
    const created = await createPark(deps, await member(), { fields: parkFields("Contact"), image: null });
    expect(created.ok && created.slug).toBe("contact-2");
  });

  it("stores the park's location, six decimals at most, or none", async () => {
    const located = await createPark(deps, await member(), {
      fields: { ...parkFields("Parc Situé"), latitude: "49,13411234", longitude: "-2,5708" },
      image: null,
    });
    expect(located.ok).toBe(true);
    const nowhere = await createPark(deps, await member(), { fields: { ...parkFields("Parc Sans Lieu"), latitude: "", longitude: " " }, image: null });
    expect(nowhere.ok).toBe(true);
    const rows = await database.db
      .select({ name: parks.name, latitude: parks.latitude, longitude: parks.longitude })
      .from(parks)
      .where(inArray(parks.name, ["Parc Situé", "Parc Sans Lieu"]))
      .orderBy(parks.name);
    expect(rows).toEqual([
      { name: "Parc Sans Lieu", latitude: null, longitude: null },
      { name: "Parc Situé", latitude: 49.134112, longitude: -2.5708 },
    ]);
  });

  it("refuses a bad location with its message and writes nothing", async () => {
    const cases: Array<[Record<string, string>, Record<string, Array<{ key: string }>>]> = [
      [{ latitude: "90.5", longitude: "2" }, { latitude: [{ key: "contribute.errors.latitudeRange" }] }],
      [{ latitude: "48", longitude: "-180.01" }, { longitude: [{ key: "contribute.errors.longitudeRange" }] }],
      [{ latitude: "48.87", longitude: "" }, { longitude: [{ key: "contribute.errors.locationPair" }] }],
      [{ latitude: "", longitude: "2.77" }, { latitude: [{ key: "contribute.errors.locationPair" }] }],
      [{ latitude: "48°52'", longitude: "2.77" }, { latitude: [{ key: "contribute.errors.notANumber" }] }],
    ];
    const before = await countRows();
    for (const [location, errors] of cases) {
      const refused = await createPark(deps, await member(), { fields: { ...parkFields("Parc Mal Situé"), ...location }, image: null });
      expect(refused).toEqual({ ok: false, reason: "invalid", errors });
    }
    expect(await countRows()).toEqual(before);
  });
});

describe("adding an attraction (docs/rules/catalogue.md#adding-a-ride)", () => {
  it("keeps a member's attraction pending, with every field stored and empty numbers as null", async () => {
    const park = await insertPark(database.db);
    const author = await member();
    const created = await createRide(deps, author, park, {
      fields: { name: " Tonnerre ", type: "roller_coaster", height: "51.2", maxSpeed: "90", duration: "", inversions: "2", videoId: " dQw4w9WgXcQ ", descriptionEn: "Fast." },
      image: null,
    });
    expect(created).toMatchObject({ ok: true, slug: "tonnerre", moderationStatus: "pending" });
    if (!created.ok) return;
    const [row] = await database.db.select().from(rides).where(eq(rides.id, created.id));
    expect(row).toMatchObject({
      name: "Tonnerre",
      typeId: 1,
      height: 51.2,
      maxSpeed: 90,
      duration: null,
      inversions: 2,
      youtubeUrl: "dQw4w9WgXcQ",
      description: "Fast.",
      descriptionFr: "Fast.",
      createdBy: author.id,
      status: "operating",
      moderationStatus: "pending",
    });
    const [record] = await database.db
      .select()
      .from(contentModifications)
      .where(and(eq(contentModifications.targetId, created.id), eq(contentModifications.targetType, "attraction")));
    expect(record?.status).toBe("pending");
    const [parkRow] = await database.db.select({ count: parks.attractionsCount }).from(parks).where(eq(parks.id, park.id));
    expect(parkRow?.count).toBe(0);
  });

  it("publishes the administrator's attraction and counts it on the park", async () => {
    const park = await insertPark(database.db);
    const created = await createRide(deps, await member(true), park, { fields: { name: "Grand Huit", type: "roller_coaster" }, image: null });
    expect(created).toMatchObject({ ok: true, moderationStatus: "approved" });
    const [parkRow] = await database.db.select({ count: parks.attractionsCount }).from(parks).where(eq(parks.id, park.id));
    expect(parkRow?.count).toBe(1);
  });

  it("refuses a second attraction of the same name in the same park, but not in another park", async () => {
    const park = await insertPark(database.db);
    const other = await insertPark(database.db);
    const user = await member();
    expect((await createRide(deps, user, park, { fields: { name: "Le Vol", type: "flat_ride" }, image: null })).ok).toBe(true);
    expect(await createRide(deps, user, park, { fields: { name: "le vol", type: "show" }, image: null })).toEqual({
      ok: false,
      reason: "conflict",
      errors: { name: [{ key: "contribute.errors.attractionExists" }] },
    });
    expect((await createRide(deps, user, other, { fields: { name: "Le Vol", type: "flat_ride" }, image: null })).ok).toBe(true);
  });

  it("adds rides to an approved park, or to the author's own pending park, and to no other", async () => {
    const author = await member();
    const ownPending = await insertPark(database.db, { createdBy: author.id, moderationStatus: "pending" });
    const ownRejected = await insertPark(database.db, { createdBy: author.id, moderationStatus: "rejected", rejectionReason: "Doublon" });
    const othersPending = await insertPark(database.db, { moderationStatus: "pending" });
    const photo = await sharp({ create: { width: 500, height: 400, channels: 3, background: "#264653" } }).jpeg().toBuffer();
    const add = (who: CurrentUser, park: { id: string }, name: string) =>
      createRide(deps, who, park, { fields: { name, type: "flat_ride" }, image: photo });

    expect(await add(author, ownPending, "Toupie")).toMatchObject({ ok: true, moderationStatus: "pending" });
    const before = await countRows();
    const storedBefore = storedFiles();
    expect(await add(author, ownRejected, "Toupie")).toEqual({ ok: false, reason: "forbidden", errors: { form: [{ key: "contribute.errors.parkRejected" }] } });
    expect(await add(await member(true), ownRejected, "Toupie")).toEqual({ ok: false, reason: "forbidden", errors: { form: [{ key: "contribute.errors.parkRejected" }] } });
    expect(await add(author, othersPending, "Toupie")).toEqual({ ok: false, reason: "notFound", errors: { form: [{ key: "park.notFound" }] } });
    expect(await add(author, { id: crypto.randomUUID() }, "Toupie")).toEqual({ ok: false, reason: "notFound", errors: { form: [{ key: "park.notFound" }] } });
    expect(await countRows()).toEqual(before);
    expect(storedFiles()).toEqual(storedBefore);
  });

  it("refuses invalid values and writes nothing", async () => {
    const park = await insertPark(database.db);
    const before = await countRows();
    const refused = await createRide(deps, await member(), park, {
      fields: { name: "Cassé", type: "roller_coaster", duration: "0", capacityPerHour: "-5", height: "2.25", videoId: "not a video" },
      image: null,
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(Object.keys(refused.errors).sort()).toEqual(["capacityPerHour", "duration", "height", "videoId"]);
    expect(await countRows()).toEqual(before);
  });
});
