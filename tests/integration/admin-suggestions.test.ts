import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPageRequest } from "~/domain/admin-paging";
import type { AdminSuggestionRow } from "~/domain/admin-suggestions";
import type { CurrentUser } from "~/domain/current-user";
import type { SuggestionKind } from "~/domain/suggested-changes";
import { findPendingSuggestion, listPendingSuggestions } from "~/server/admin/admin-suggestions";
import * as schema from "~/server/db/schema";
import { submitSuggestion } from "~/server/suggestions/submit-suggestion";
import { createAuthContext } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * "Suggestions de modifications" (docs/rules/back-office.md#suggestions-screen): the moderator's list (pending
 * suggestions only, park and ride ones merged newest first, keyset pages) and
 * the detail of one (today's value against the proposed one, and the fields
 * changed since the member saw them).
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

const member = (account: { id: string; username: string }): CurrentUser => ({ ...account, isAdmin: false, twoFactorEnabled: false });

async function suggest(kind: SuggestionKind, targetId: string, author: { id: string; username: string }, fields: Record<string, string>) {
  const { context } = harness;
  const outcome = await submitSuggestion({ db: context.db, imageStorage: context.imageStorage, logger: context.logger }, member(author), kind, targetId, {
    fields,
    image: null,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.id;
}

const readPage = (params: URLSearchParams) => listPendingSuggestions(database.db, readPageRequest(params));

describe("the list of pending suggestions", () => {
  it("lists only pending ones, park and ride suggestions merged newest first, each page once in either direction", async () => {
    const authors = await Promise.all(Array.from({ length: 5 }, () => createMember(database.db)));
    const parks = await Promise.all(Array.from({ length: 5 }, (_, index) => createPark(database.db, { name: `Parc ${index}` })));
    const rides = await Promise.all(parks.map((park, index) => createRide(database.db, park.id, { name: `Manège ${index}` })));
    const base = Date.parse("2026-03-01T12:00:00.000Z");
    const expected: Array<{ kind: SuggestionKind; id: string; at: number }> = [];
    let step = 0;
    for (const author of authors) {
      for (let index = 0; index < parks.length; index++) {
        // A park suggestion and a ride suggestion at the very same instant: the id settles the order.
        const at = new Date(base - step * 60_000).toISOString();
        step++;
        const [parkSuggestion] = await database.db
          .insert(schema.parkSuggestions)
          .values({ parkId: parks[index]!.id, suggestedBy: author.id, suggestedChanges: { name: "X" }, reason: "R", createdAt: new Date(at) })
          .returning();
        const [rideSuggestion] = await database.db
          .insert(schema.rideSuggestions)
          .values({ rideId: rides[index]!.id, suggestedBy: author.id, suggestedChanges: { name: "Y" }, reason: "R", createdAt: new Date(at) })
          .returning();
        expected.push({ kind: "park", id: parkSuggestion!.id, at: Date.parse(at) }, { kind: "attraction", id: rideSuggestion!.id, at: Date.parse(at) });
      }
    }
    // Moderated ones, newer than all the pending ones, are history: never listed.
    const moderated = await database.db
      .insert(schema.parkSuggestions)
      .values([
        { parkId: parks[0]!.id, suggestedBy: authors[0]!.id, suggestedChanges: { name: "Z" }, reason: "R", status: "approved", createdAt: new Date(base + 60_000) },
        { parkId: parks[0]!.id, suggestedBy: authors[1]!.id, suggestedChanges: { name: "Z" }, reason: "R", status: "rejected", createdAt: new Date(base + 60_000) },
      ])
      .returning();
    await database.db
      .insert(schema.rideSuggestions)
      .values({ rideId: rides[0]!.id, suggestedBy: authors[0]!.id, suggestedChanges: { name: "Z" }, reason: "R", status: "rejected", createdAt: new Date(base + 60_000) });
    expected.sort((left, right) => right.at - left.at || (right.id > left.id ? 1 : right.id < left.id ? -1 : 0));

    const pages: AdminSuggestionRow[][] = [];
    const cursors: Array<{ older: string | null; newer: string | null }> = [];
    let params = new URLSearchParams();
    for (;;) {
      const page = await readPage(params);
      pages.push(page.rows);
      cursors.push({ older: page.older, newer: page.newer });
      if (!page.older) break;
      params = new URLSearchParams({ older: page.older });
    }
    expect(pages.map((page) => page.length)).toEqual([20, 20, 10]);
    expect(pages.flat().map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(pages.flat().map((row) => row.kind)).toEqual(expected.map((row) => row.kind));
    expect(pages.flat().map((row) => row.id)).not.toEqual(expect.arrayContaining([moderated[0]!.id]));
    expect(cursors[0]!.newer).toBeNull();

    // Back from the last page: the middle page again, then the first.
    const middle = await readPage(new URLSearchParams({ newer: cursors[2]!.newer! }));
    expect(middle.rows.map((row) => row.id)).toEqual(pages[1]!.map((row) => row.id));
    const first = await readPage(new URLSearchParams({ newer: middle.newer! }));
    expect(first.rows.map((row) => row.id)).toEqual(pages[0]!.map((row) => row.id));
    expect(first.newer).toBeNull();

    // Each row names its target, the ride's park and the author.
    const ride = pages.flat().find((row) => row.id === expected.find((item) => item.kind === "attraction")!.id)!;
    expect(ride).toMatchObject({ kind: "attraction", targetName: expect.stringMatching(/^Manège \d$/), parkName: expect.stringMatching(/^Parc \d$/) });
    expect(authors.map((author) => author.username)).toContain(ride.username);
    expect(ride.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // A forged cursor reads as the first page.
    expect((await readPage(new URLSearchParams({ older: "2026-03-01 12:00:00+00~not-a-uuid" }))).rows.map((row) => row.id)).toEqual(
      pages[0]!.map((row) => row.id),
    );

    // A suggestion decided leaves the list.
    const newest = expected[0]!;
    const table = newest.kind === "park" ? schema.parkSuggestions : schema.rideSuggestions;
    await database.db.update(table).set({ status: "rejected" }).where(eq(table.id, newest.id));
    const after = await readPage(new URLSearchParams());
    expect(after.rows[0]!.id).toBe(expected[1]!.id);
    await database.db.delete(schema.parkSuggestions);
    await database.db.delete(schema.rideSuggestions);
  });

  it("is empty when nothing is pending", async () => {
    expect(await readPage(new URLSearchParams())).toEqual({ rows: [], older: null, newer: null });
  });
});

describe("the detail of a suggestion", () => {
  it("shows each changed field with today's value and the proposed one, and the fields changed since", async () => {
    const author = await createMember(database.db);
    const park = await createPark(database.db, { name: "Parc Détail", slug: "parc-detail", adultPrice: 30, childPrice: 20, openingYear: 1999, descriptionFr: "Ancien" });
    const id = await suggest("park", park.id, author, { adultPrice: "35.5", childPrice: "22", descriptionFr: "Nouveau texte", reason: "Tarifs 2026" });

    const fresh = await findPendingSuggestion(database.db, "park", id);
    expect(fresh).toMatchObject({
      kind: "park",
      id,
      targetName: "Parc Détail",
      targetPath: "/parc-detail",
      userId: author.id,
      username: author.username,
      reason: "Tarifs 2026",
      changedMeanwhile: [],
    });
    // In the order of the park's fields, not of the form or the JSON.
    expect(fresh!.changes).toEqual([
      { field: "descriptionFr", current: "Ancien", proposed: "Nouveau texte", changedMeanwhile: false },
      { field: "adultPrice", current: 30, proposed: 35.5, changedMeanwhile: false },
      { field: "childPrice", current: 20, proposed: 22, changedMeanwhile: false },
    ]);

    // Someone changes the child price meanwhile (the opening year, not in the suggestion, does not count).
    await database.db.update(schema.parks).set({ childPrice: 25, openingYear: 2000 }).where(eq(schema.parks.id, park.id));
    const later = await findPendingSuggestion(database.db, "park", id);
    expect(later!.changedMeanwhile).toEqual(["childPrice"]);
    expect(later!.changes.find((change) => change.field === "childPrice")).toEqual({ field: "childPrice", current: 25, proposed: 22, changedMeanwhile: true });
    expect(later!.changes.find((change) => change.field === "adultPrice")!.changedMeanwhile).toBe(false);
  });

  it("shows a ride's type, status and video by the names the suggestions use, with the ride's page", async () => {
    const author = await createMember(database.db);
    const park = await createPark(database.db, { slug: "parc-manege" });
    const ride = await createRide(database.db, park.id, { name: "Le Manège", slug: "le-manege", typeId: 1, duration: 90 });
    const id = await suggest("attraction", ride.id, author, { type: "dark_ride", duration: "120", videoId: "dQw4w9WgXcQ", reason: "Vu sur place" });
    const detail = await findPendingSuggestion(database.db, "attraction", id);
    expect(detail).toMatchObject({ targetName: "Le Manège", targetPath: "/parc-manege/le-manege", changedMeanwhile: [] });
    expect(detail!.changes).toEqual([
      { field: "type", current: "roller_coaster", proposed: "dark_ride", changedMeanwhile: false },
      { field: "duration", current: 90, proposed: 120, changedMeanwhile: false },
      { field: "videoId", current: null, proposed: "dQw4w9WgXcQ", changedMeanwhile: false },
    ]);
  });

  it("is null once decided, for another kind's id, or for an unknown id", async () => {
    const author = await createMember(database.db);
    const park = await createPark(database.db);
    const id = await suggest("park", park.id, author, { name: "Autre nom", reason: "Renommé" });
    expect(await findPendingSuggestion(database.db, "attraction", id)).toBeNull();
    expect(await findPendingSuggestion(database.db, "park", crypto.randomUUID())).toBeNull();
    expect(await findPendingSuggestion(database.db, "park", "not-a-uuid")).toBeNull();
    await database.db.update(schema.parkSuggestions).set({ status: "approved" }).where(eq(schema.parkSuggestions.id, id));
    expect(await findPendingSuggestion(database.db, "park", id)).toBeNull();
  });

  it("keeps the detail readable when the target is no longer public: no page, no current values", async () => {
    const author = await createMember(database.db);
    const park = await createPark(database.db, { adultPrice: 10 });
    const id = await suggest("park", park.id, author, { adultPrice: "12", reason: "Hausse" });
    await database.db.update(schema.parks).set({ moderationStatus: "rejected", rejectionReason: "Doublon" }).where(eq(schema.parks.id, park.id));
    const detail = await findPendingSuggestion(database.db, "park", id);
    expect(detail).toMatchObject({ targetPath: null, changedMeanwhile: [] });
    expect(detail!.changes).toEqual([{ field: "adultPrice", current: null, proposed: 12, changedMeanwhile: false }]);
  });
});
