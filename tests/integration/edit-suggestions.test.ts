import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { imageKeys, parseImageReference } from "~/domain/image-reference";
import { deleteAccountIn } from "~/server/accounts/delete-account";
import { deleteRide } from "~/server/admin/ride-moderation";
import { findPendingSuggestion } from "~/server/admin/admin-suggestions";
import { deletePark } from "~/server/admin/park-moderation";
import { suspendMember } from "~/server/auth/suspension";
import * as schema from "~/server/db/schema";
import { findRideRedirect, findParkRedirect } from "~/server/catalog/slug-history";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import { submitSuggestion, type SuggestionDeps } from "~/server/suggestions/submit-suggestion";
import { approveSuggestion, rejectSuggestion } from "~/server/suggestions/suggestion-moderation";
import { expectAggregatesAsRecomputed } from "../support/aggregates";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let deps: SuggestionDeps & { imageStorage: NonNullable<SuggestionDeps["imageStorage"]> };
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const imageStorage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-suggestions-")));
  deps = { db: database.db, imageStorage, logger: pino({ level: "silent" }) };
  const created = await createMember(database.db);
  admin = { id: created.id, username: created.username, isAdmin: true, twoFactorEnabled: false };
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

async function photo(color: string) {
  return new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).jpeg().toBuffer());
}

async function isStored(reference: string) {
  const image = parseImageReference(reference);
  if (image?.kind !== "stored") throw new Error(`not a stored image: ${reference}`);
  const files = await Promise.all(imageKeys(image).map((key) => deps.imageStorage.get(key)));
  for (const file of files) await file?.body.cancel();
  return files.some(Boolean);
}

/** An approved park with every field known, as the suggestion form would show it. */
async function knownPark(overrides: Partial<typeof schema.parks.$inferInsert> = {}) {
  return createPark(database.db, {
    description: "Un parc",
    descriptionFr: "Un parc",
    descriptionEn: "A park",
    openingYear: 1992,
    adultPrice: 59,
    childPrice: 49.5,
    openingHours: "10h - 18h",
    ...overrides,
  });
}

/** The park form as the page fills it: every field with the park's value. */
function parkForm(park: Awaited<ReturnType<typeof knownPark>>, overrides: Record<string, string> = {}) {
  return {
    name: park.name,
    region: park.region,
    country: park.country,
    descriptionFr: park.descriptionFr ?? "",
    descriptionEn: park.descriptionEn ?? "",
    openingYear: String(park.openingYear ?? ""),
    adultPrice: park.adultPrice === null ? "" : String(park.adultPrice),
    childPrice: park.childPrice === null ? "" : String(park.childPrice),
    openingHours: park.openingHours ?? "",
    reason: "Les tarifs ont changé cette année",
    ...overrides,
  };
}

const noImage = (fields: Record<string, string>) => ({ fields, image: null });

async function parkSuggestionsOf(parkId: string) {
  return database.db.select().from(schema.parkSuggestions).where(eq(schema.parkSuggestions.parkId, parkId));
}
async function rideSuggestionsOf(rideId: string) {
  return database.db.select().from(schema.rideSuggestions).where(eq(schema.rideSuggestions.rideId, rideId));
}
async function parkRow(id: string) {
  const [row] = await database.db.select().from(schema.parks).where(eq(schema.parks.id, id));
  return row!;
}
async function rideRow(id: string) {
  const [row] = await database.db.select().from(schema.rides).where(eq(schema.rides.id, id));
  return row!;
}

describe("suggesting an edit (docs/rules/suggestions.md#suggestion-form)", () => {
  it("stores only the fields that differ from the park's row, with their values at that moment", async () => {
    const park = await knownPark();
    const author = await member();
    const outcome = await submitSuggestion(deps, author, "park", park.id, noImage(parkForm(park, { adultPrice: "64,50", descriptionFr: "Nouveau texte" })));
    expect(outcome).toMatchObject({ ok: true, replaced: false });
    const [stored] = await parkSuggestionsOf(park.id);
    expect(stored).toMatchObject({
      suggestedBy: author.id,
      status: "pending",
      reason: "Les tarifs ont changé cette année",
      suggestedChanges: { adultPrice: 64.5, descriptionFr: "Nouveau texte" },
      originalValues: { adultPrice: 59, descriptionFr: "Un parc" },
    });
  });

  it("never trusts a diff sent by the browser: forged fields change nothing the member did not submit differently", async () => {
    const park = await knownPark();
    const outcome = await submitSuggestion(
      deps,
      await member(),
      "park",
      park.id,
      noImage({
        ...parkForm(park, { childPrice: "45" }),
        suggestedChanges: JSON.stringify({ name: "Parc piraté", moderationStatus: "rejected" }),
        changes: "name",
        imageUrl: "https://evil.example/x.png",
        slug: "pirate",
        moderationStatus: "rejected",
        createdBy: admin.id,
      }),
    );
    expect(outcome.ok).toBe(true);
    const [stored] = await parkSuggestionsOf(park.id);
    expect(stored!.suggestedChanges).toEqual({ childPrice: 45 });
    expect(stored!.originalValues).toEqual({ childPrice: 49.5 });
  });

  it("answers 'Aucune modification n'a été apportée' when nothing changed, and writes nothing", async () => {
    const park = await knownPark();
    // Typed again the same way: spaces, a decimal comma, 59.00 for 59.
    const same = parkForm(park, { name: ` ${park.name} `, adultPrice: "59,00" });
    expect(await submitSuggestion(deps, await member(), "park", park.id, noImage(same))).toEqual({
      ok: false,
      reason: "invalid",
      errors: { form: [{ key: "suggestions.errors.noChanges" }] },
    });
    expect(await parkSuggestionsOf(park.id)).toEqual([]);
  });

  it("requires a reason, keeps the creation form's bounds, and writes nothing when refused", async () => {
    const park = await knownPark();
    const author = await member();
    const refused = await submitSuggestion(deps, author, "park", park.id, noImage(parkForm(park, { reason: "  ", openingYear: "1799", adultPrice: "0", name: "" })));
    expect(refused).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: {
        reason: [{ key: "suggestions.errors.reasonRequired" }],
        openingYear: [{ key: "contribute.errors.openingYear" }],
        adultPrice: [{ key: "contribute.errors.priceAboveZero" }],
        name: [{ key: "contribute.errors.parkNameRequired" }],
      },
    });
    expect(await parkSuggestionsOf(park.id)).toEqual([]);
  });

  it("skips a park's empty or unreadable numbers; a ride's empty number proposes 'unknown'", async () => {
    const park = await knownPark();
    const outcome = await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { adultPrice: "", childPrice: "abc", openingHours: "9h - 19h" })));
    expect(outcome.ok).toBe(true);
    expect((await parkSuggestionsOf(park.id))[0]!.suggestedChanges).toEqual({ openingHours: "9h - 19h" });

    const ride = await createRide(database.db, park.id, { duration: 120, height: 30.5, inversions: 2 });
    const rideOutcome = await submitSuggestion(
      deps,
      await member(),
      "attraction",
      ride.id,
      noImage({ name: ride.name, type: "roller_coaster", status: "operating", duration: "", height: "n/a", inversions: "3", reason: "Vu sur place" }),
    );
    expect(rideOutcome.ok).toBe(true);
    expect((await rideSuggestionsOf(ride.id))[0]!.suggestedChanges).toEqual({ duration: null, inversions: 3 });
  });

  it("refuses a target that is gone, not approved, or not everyone's, clearly", async () => {
    const author = await member();
    const pendingPark = await createPark(database.db, { moderationStatus: "pending", createdBy: author.id });
    const rejectedPark = await createPark(database.db, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    const rideOfPendingPark = await createRide(database.db, pendingPark.id);
    const pendingRide = await createRide(database.db, (await knownPark()).id, { moderationStatus: "pending", createdBy: author.id });
    const form = { name: "Nouveau nom", region: "R", country: "C", descriptionFr: "x", reason: "Parce que" };
    for (const [kind, id] of [
      ["park", pendingPark.id],
      ["park", rejectedPark.id],
      ["park", crypto.randomUUID()],
      ["park", "not-an-id"],
      ["attraction", rideOfPendingPark.id],
      ["attraction", pendingRide.id],
    ] as const) {
      const outcome = await submitSuggestion(deps, author, kind, id, noImage(form));
      expect(outcome, `${kind} ${id}`).toEqual({ ok: false, reason: "notFound", errors: { form: [{ key: `suggestions.errors.${kind}Unavailable` }] } });
    }
    expect(await parkSuggestionsOf(pendingPark.id)).toEqual([]);
  });

  it("refuses a suspended member", async () => {
    const park = await knownPark();
    const suspended = await member();
    await suspendMember(database.db, suspended.id, "Spam");
    expect(await submitSuggestion(deps, suspended, "park", park.id, noImage(parkForm(park, { adultPrice: "70" })))).toEqual({
      ok: false,
      reason: "forbidden",
      errors: { form: [{ key: "auth.errors.suspended", values: { reason: "Spam" } }] },
    });
    expect(await parkSuggestionsOf(park.id)).toEqual([]);
  });

  it("caps each member's suggestions per day; a refused one does not count", async () => {
    const author = await member();
    const limits = { review: [], reviewEdit: [], vote: [], report: [], suggestion: [{ max: 2, seconds: 86_400 }], park: [], attraction: [], duel: [], duelReset: [], plan: [], rideLog: [], rideLogImport: [], waitReport: [], confirmationEmail: [] };
    const parks = [await knownPark(), await knownPark(), await knownPark()];
    // Refused before counting: nothing changed.
    expect((await submitSuggestion({ ...deps, limits }, author, "park", parks[0]!.id, noImage(parkForm(parks[0]!)))).ok).toBe(false);
    expect((await submitSuggestion({ ...deps, limits }, author, "park", parks[0]!.id, noImage(parkForm(parks[0]!, { adultPrice: "60" })))).ok).toBe(true);
    expect((await submitSuggestion({ ...deps, limits }, author, "park", parks[1]!.id, noImage(parkForm(parks[1]!, { adultPrice: "60" })))).ok).toBe(true);
    expect(await submitSuggestion({ ...deps, limits }, author, "park", parks[2]!.id, noImage(parkForm(parks[2]!, { adultPrice: "60" })))).toEqual({
      ok: false,
      reason: "tooMany",
      errors: { form: [{ key: "suggestions.errors.tooMany" }] },
    });
    expect(await parkSuggestionsOf(parks[2]!.id)).toEqual([]);
  });

  it("keeps one pending suggestion per member and target: a new one replaces it, others' stay", async () => {
    const park = await knownPark();
    const author = await member();
    const other = await member();
    const first = await submitSuggestion(deps, author, "park", park.id, noImage(parkForm(park, { adultPrice: "60" })));
    await submitSuggestion(deps, other, "park", park.id, noImage(parkForm(park, { childPrice: "40" })));
    const second = await submitSuggestion(deps, author, "park", park.id, noImage(parkForm(park, { adultPrice: "61", reason: "Corrigé" })));
    expect(second).toEqual({ ok: true, id: first.ok ? first.id : "", replaced: true });
    const rows = await parkSuggestionsOf(park.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.suggestedBy === author.id)).toMatchObject({ suggestedChanges: { adultPrice: 61 }, reason: "Corrigé" });

    // Once moderated, the member may suggest again on the same park.
    await rejectSuggestion(deps, admin, "park", second.ok ? second.id : "", "");
    const third = await submitSuggestion(deps, author, "park", park.id, noImage(parkForm(park, { adultPrice: "62" })));
    expect(third).toMatchObject({ ok: true, replaced: false });
    expect(await parkSuggestionsOf(park.id)).toHaveLength(3);
  });

  it("lets two first suggestions sent at once end as one pending row", async () => {
    const park = await knownPark();
    const author = await member();
    const outcomes = await Promise.all(
      ["60", "61"].map((price) => submitSuggestion(deps, author, "park", park.id, noImage(parkForm(park, { adultPrice: price })))),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(await parkSuggestionsOf(park.id)).toHaveLength(1);
  });

  it("stores a proposed picture, removes it when replaced or rejected, and replaces the park's own when approved", async () => {
    const park = await knownPark();
    const author = await member();
    const first = await submitSuggestion(deps, author, "park", park.id, { fields: parkForm(park), image: await photo("#112233") });
    expect(first.ok).toBe(true);
    const firstImage = (await parkSuggestionsOf(park.id))[0]!.suggestedChanges as { imageUrl: string };
    expect(await isStored(firstImage.imageUrl)).toBe(true);

    await submitSuggestion(deps, author, "park", park.id, { fields: parkForm(park), image: await photo("#445566") });
    const [replaced] = await parkSuggestionsOf(park.id);
    const secondImage = (replaced!.suggestedChanges as { imageUrl: string }).imageUrl;
    expect(await isStored(firstImage.imageUrl)).toBe(false);
    expect(await isStored(secondImage)).toBe(true);

    expect(await approveSuggestion(deps, admin, "park", replaced!.id, [])).toEqual({ ok: true });
    expect((await parkRow(park.id)).imageUrl).toBe(secondImage);

    const next = await submitSuggestion(deps, author, "park", park.id, { fields: parkForm(park), image: await photo("#778899") });
    const nextImage = ((await parkSuggestionsOf(park.id)).find((row) => row.status === "pending")!.suggestedChanges as { imageUrl: string }).imageUrl;
    await rejectSuggestion(deps, admin, "park", next.ok ? next.id : "", "Floue");
    expect(await isStored(nextImage)).toBe(false);
    expect(await isStored(secondImage)).toBe(true);
  });
});

describe("moderating suggestions (docs/rules/suggestions.md#moderation)", () => {
  it("approves: the changes, the plain description from the French one, status, moderator, contribution record and log in one go", async () => {
    const park = await knownPark();
    const author = await member();
    const submitted = await submitSuggestion(deps, author, "park", park.id, noImage(parkForm(park, { adultPrice: "64.9", descriptionFr: "Texte revu" })));
    const id = submitted.ok ? submitted.id : "";
    expect(await approveSuggestion(deps, admin, "park", id, [])).toEqual({ ok: true });

    expect(await parkRow(park.id)).toMatchObject({ adultPrice: 64.9, descriptionFr: "Texte revu", description: "Texte revu", descriptionEn: "A park", childPrice: 49.5 });
    const [suggestion] = await parkSuggestionsOf(park.id);
    expect(suggestion).toMatchObject({ status: "approved", moderatedBy: admin.id, moderationReason: null });
    expect(suggestion!.moderatedAt).toBeInstanceOf(Date);
    const records = await database.db.select().from(schema.contentModifications).where(eq(schema.contentModifications.targetId, park.id));
    expect(records).toEqual([expect.objectContaining({ userId: author.id, targetType: "park", action: "update", status: "approved" })]);
    const log = await database.db.select().from(schema.moderationLogs).where(eq(schema.moderationLogs.targetId, id));
    expect(log).toEqual([expect.objectContaining({ actionType: "approve", targetType: "suggestion", moderatorId: admin.id, actionDetails: park.name })]);

    // Already moderated: another tab's approval or rejection is stale and writes nothing.
    expect(await approveSuggestion(deps, admin, "park", id, [])).toMatchObject({ ok: false, reason: "conflict", error: { key: "admin.errors.stale" } });
    expect(await rejectSuggestion(deps, admin, "park", id, "Non")).toMatchObject({ ok: false, reason: "conflict" });
    expect(await database.db.select().from(schema.moderationLogs).where(eq(schema.moderationLogs.targetId, id))).toHaveLength(1);
  });

  it("rejects with an optional reason the member will read", async () => {
    const park = await knownPark();
    const withReason = await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { adultPrice: "70" })));
    const withoutReason = await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { childPrice: "20" })));
    expect(await rejectSuggestion(deps, admin, "park", withReason.ok ? withReason.id : "", "  Prix non confirmé ")).toEqual({ ok: true });
    expect(await rejectSuggestion(deps, admin, "park", withoutReason.ok ? withoutReason.id : "", "")).toEqual({ ok: true });
    const rows = await parkSuggestionsOf(park.id);
    const decided = rows.map((row) => [row.status, row.moderationReason]);
    expect(decided).toHaveLength(2);
    expect(decided).toEqual(
      expect.arrayContaining([
        ["rejected", "Prix non confirmé"],
        ["rejected", null],
      ]),
    );
    expect(await parkRow(park.id)).toMatchObject({ adultPrice: 59, childPrice: 49.5 });
    expect(await rejectSuggestion(deps, admin, "park", crypto.randomUUID(), "x")).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("asks for confirmation before overwriting a field changed since the suggestion", async () => {
    const park = await knownPark();
    const submitted = await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { adultPrice: "65", openingHours: "9h - 20h" })));
    const id = submitted.ok ? submitted.id : "";
    await database.db.update(schema.parks).set({ adultPrice: 62 }).where(eq(schema.parks.id, park.id));

    expect(await approveSuggestion(deps, admin, "park", id, [])).toEqual({
      ok: false,
      reason: "conflict",
      error: { key: "suggestions.errors.changedMeanwhile" },
      changedMeanwhile: ["adultPrice"],
    });
    expect(await parkRow(park.id)).toMatchObject({ adultPrice: 62, openingHours: "10h - 18h" });
    expect((await parkSuggestionsOf(park.id))[0]!.status).toBe("pending");

    expect(await approveSuggestion(deps, admin, "park", id, ["adultPrice"])).toEqual({ ok: true });
    expect(await parkRow(park.id)).toMatchObject({ adultPrice: 65, openingHours: "9h - 20h" });
  });

  it("refuses at once a park name another park has, and writes nothing", async () => {
    const park = await knownPark();
    const other = await knownPark();
    // Case and surrounding spaces do not make it another name.
    const taken = await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { name: ` ${other.name.toUpperCase()} ` })));
    expect(taken).toEqual({ ok: false, reason: "conflict", errors: { name: [{ key: "contribute.errors.parkExists" }] } });
    expect(await parkSuggestionsOf(park.id)).toEqual([]);
    // Its own name in another case is no change of park, but still a change of name.
    expect((await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { name: park.name.toUpperCase() })))).ok).toBe(true);
  });

  it("refuses a park name taken since the suggestion", async () => {
    const park = await knownPark();
    const submitted = await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { name: `Nom libre ${park.id.slice(0, 6)}` })));
    await createPark(database.db, { name: `Nom libre ${park.id.slice(0, 6)}`, slug: `nom-libre-${park.id.slice(0, 6)}` });
    expect(await approveSuggestion(deps, admin, "park", submitted.ok ? submitted.id : "", [])).toEqual({
      ok: false,
      reason: "conflict",
      error: { key: "contribute.errors.parkExists" },
    });
    expect((await parkRow(park.id)).name).toBe(park.name);
  });

  it("a ride's new status and type move its park's figures in the same transaction", async () => {
    const park = await knownPark();
    const ride = await createRide(database.db, park.id, { descriptionFr: "Ancien", description: "Ancien" });
    await createRide(database.db, park.id);
    await recomputeAllAggregates(database.db);
    expect((await parkRow(park.id)).attractionsCount).toBe(2);

    const submitted = await submitSuggestion(
      deps,
      await member(),
      "attraction",
      ride.id,
      noImage({ name: ride.name, type: "dark_ride", status: "removed", descriptionFr: "", descriptionEn: "Gone since 2024", videoId: "https://youtu.be/dQw4w9WgXcQ", reason: "Fermée" }),
    );
    expect(submitted.ok).toBe(true);
    expect((await rideSuggestionsOf(ride.id))[0]!.suggestedChanges).toEqual({
      type: "dark_ride",
      status: "removed",
      descriptionFr: null,
      descriptionEn: "Gone since 2024",
      videoId: "dQw4w9WgXcQ",
    });
    expect(await approveSuggestion(deps, admin, "attraction", submitted.ok ? submitted.id : "", [])).toEqual({ ok: true });
    expect(await rideRow(ride.id)).toMatchObject({
      typeId: 2,
      status: "removed",
      descriptionFr: null,
      descriptionEn: "Gone since 2024",
      description: "Gone since 2024",
      youtubeUrl: "dQw4w9WgXcQ",
    });
    expect((await parkRow(park.id)).attractionsCount).toBe(1);
    await expectAggregatesAsRecomputed(database.db);
  });
});

describe("a park's location", () => {
  it("proposes a location for a park without one; approval writes both coordinates", async () => {
    const park = await knownPark();
    const submitted = await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { latitude: "49,1341", longitude: "2,5708" })));
    expect(submitted).toMatchObject({ ok: true });
    const [stored] = await parkSuggestionsOf(park.id);
    expect(stored).toMatchObject({ suggestedChanges: { latitude: 49.1341, longitude: 2.5708 }, originalValues: { latitude: null, longitude: null } });
    expect(await approveSuggestion(deps, admin, "park", submitted.ok ? submitted.id : "", [])).toEqual({ ok: true });
    expect(await parkRow(park.id)).toMatchObject({ latitude: 49.1341, longitude: 2.5708 });
  });

  it("carries the whole pair when one coordinate changes; the moderator compares both, old and new", async () => {
    const park = await knownPark({ latitude: 48.8722, longitude: 2.7758 });
    const form = parkForm(park, { latitude: "48.8722", longitude: "2.7801" });
    const submitted = await submitSuggestion(deps, await member(), "park", park.id, noImage(form));
    const id = submitted.ok ? submitted.id : "";
    const [stored] = await parkSuggestionsOf(park.id);
    expect(stored).toMatchObject({ suggestedChanges: { latitude: 48.8722, longitude: 2.7801 }, originalValues: { latitude: 48.8722, longitude: 2.7758 } });
    const detail = await findPendingSuggestion(database.db, "park", id);
    expect(detail!.changes.map(({ field, current, proposed }) => [field, current, proposed])).toEqual([
      ["latitude", 48.8722, 48.8722],
      ["longitude", 2.7758, 2.7801],
    ]);

    // The latitude moved meanwhile: the pair is someone else's now, the moderator confirms before overwriting it.
    await database.db.update(schema.parks).set({ latitude: 48.87, longitude: 2.7758 }).where(eq(schema.parks.id, park.id));
    expect(await approveSuggestion(deps, admin, "park", id, [])).toMatchObject({ ok: false, reason: "conflict", changedMeanwhile: ["latitude"] });
    expect(await approveSuggestion(deps, admin, "park", id, ["latitude"])).toEqual({ ok: true });
    expect(await parkRow(park.id)).toMatchObject({ latitude: 48.8722, longitude: 2.7801 });
  });

  it("skips a location left empty, and refuses a bad one with its message, writing nothing", async () => {
    const park = await knownPark({ latitude: 28.4177, longitude: -81.5812 });
    const form = (location: Record<string, string>) => parkForm(park, { adultPrice: "60", ...location });
    const emptied = await submitSuggestion(deps, await member(), "park", park.id, noImage(form({ latitude: "", longitude: "" })));
    expect(emptied.ok).toBe(true);
    expect((await parkSuggestionsOf(park.id))[0]!.suggestedChanges).toEqual({ adultPrice: 60 });

    const cases: Array<[Record<string, string>, Record<string, Array<{ key: string }>>]> = [
      [{ latitude: "-90.1", longitude: "2" }, { latitude: [{ key: "contribute.errors.latitudeRange" }] }],
      [{ latitude: "28.4", longitude: "-200" }, { longitude: [{ key: "contribute.errors.longitudeRange" }] }],
      [{ latitude: "28.4", longitude: "" }, { longitude: [{ key: "contribute.errors.locationPair" }] }],
      [{ latitude: "N28", longitude: "-81.5" }, { latitude: [{ key: "contribute.errors.notANumber" }] }],
    ];
    const author = await member();
    for (const [location, errors] of cases) {
      expect(await submitSuggestion(deps, author, "park", park.id, noImage(form(location)))).toEqual({ ok: false, reason: "invalid", errors });
    }
    expect(await parkSuggestionsOf(park.id)).toHaveLength(1);
    expect(await parkRow(park.id)).toMatchObject({ latitude: 28.4177, longitude: -81.5812 });
  });
});

describe("pictures of pending suggestions leave with what they belonged to", () => {
  async function pendingPicture(author: CurrentUser, kind: "park" | "attraction", id: string, fields: Record<string, string>) {
    const outcome = await submitSuggestion(deps, author, kind, id, { fields, image: await photo("#abcabc") });
    expect(outcome.ok).toBe(true);
    const rows = kind === "park" ? await parkSuggestionsOf(id) : await rideSuggestionsOf(id);
    return (rows.find((row) => row.suggestedBy === author.id)!.suggestedChanges as { imageUrl: string }).imageUrl;
  }

  it("the deleted park's, the deleted ride's and the deleted member's", async () => {
    const park = await knownPark();
    const onPark = await pendingPicture(await member(), "park", park.id, parkForm(park));
    const ride = await createRide(database.db, park.id);
    const rideFields = { name: ride.name, type: "roller_coaster", status: "operating", reason: "Photo récente" };
    const onRideOfPark = await pendingPicture(await member(), "attraction", ride.id, rideFields);
    const deletion = await deletePark(database.db, admin, park.id);
    expect(deletion.ok && deletion.imageReferences).toEqual(expect.arrayContaining([onPark, onRideOfPark]));

    const otherPark = await knownPark();
    const otherRide = await createRide(database.db, otherPark.id);
    const onRide = await pendingPicture(await member(), "attraction", otherRide.id, { ...rideFields, name: otherRide.name });
    expect(await deleteRide(deps, admin.id, otherRide.id)).toEqual({ ok: true });
    expect(await isStored(onRide)).toBe(false);

    const leaving = await member();
    const ofLeaving = await pendingPicture(leaving, "park", otherPark.id, parkForm(otherPark));
    const accountDeletion = await database.db.transaction((tx) => deleteAccountIn(tx, { adminEmail: "admin@parcours.test" }, leaving.id));
    expect(accountDeletion.ok && accountDeletion.imageReferences).toEqual([ofLeaving]);
    expect(await parkSuggestionsOf(otherPark.id)).toEqual([]);
  });
});

describe("a renamed target moves its address", () => {
  it("the park's and the ride's slugs follow an approved new name, and the old ones redirect", async () => {
    const park = await knownPark();
    const ride = await createRide(database.db, park.id, { name: "Vieux Manège", slug: "vieux-manege" });
    const newParkName = `Parc Renommé ${park.id.slice(0, 6)}`;
    const parkSuggestion = await submitSuggestion(deps, await member(), "park", park.id, noImage(parkForm(park, { name: newParkName })));
    const rideSuggestion = await submitSuggestion(
      deps,
      await member(),
      "attraction",
      ride.id,
      noImage({ name: "Nouveau Manège", type: "roller_coaster", status: "operating", reason: "Rebaptisée" }),
    );
    expect(await approveSuggestion(deps, admin, "park", parkSuggestion.ok ? parkSuggestion.id : "", [])).toEqual({ ok: true });
    expect(await approveSuggestion(deps, admin, "attraction", rideSuggestion.ok ? rideSuggestion.id : "", [])).toEqual({ ok: true });

    const renamed = await parkRow(park.id);
    expect(renamed.slug).toBe(`parc-renomme-${park.id.slice(0, 6)}`);
    expect((await rideRow(ride.id)).slug).toBe("nouveau-manege");
    expect(await findParkRedirect(database.db, park.slug, null)).toBe(renamed.slug);
    expect(await findRideRedirect(database.db, park.slug, "vieux-manege", null)).toEqual({ parkSlug: renamed.slug, rideSlug: "nouveau-manege" });
  });
});
