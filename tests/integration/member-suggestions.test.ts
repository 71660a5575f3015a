import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { MEMBER_SUGGESTIONS_SHOWN } from "~/domain/member-suggestions";
import { action as rideAction } from "~/routes/attraction-suggest";
import { action as parkAction, loader as parkLoader } from "~/routes/park-suggest";
import { rideSuggestions, parkSuggestions } from "~/server/db/schema";
import { listMemberSuggestions } from "~/server/suggestions/member-suggestions";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let context: AppLoadContext;

beforeAll(async () => {
  database = await createTestDatabase();
  context = createAuthContext(database).context;
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

const at = (iso: string) => new Date(iso);

describe("a member's suggestions on their profile (docs/rules/suggestions.md#one-pending-suggestion-per-target)", () => {
  it("lists both kinds newest first, with the target's page, the state, the changed fields in the form's order and a rejection's reason", async () => {
    const user = await member();
    const other = await member();
    const park = await createPark(database.db, { name: "Parc Suggéré" });
    const ride = await createRide(database.db, park.id, { name: "Grand Huit" });
    await database.db.insert(parkSuggestions).values([
      {
        suggestedBy: user.id,
        parkId: park.id,
        suggestedChanges: { childPrice: 20, descriptionFr: "Neuf", adultPrice: 30 },
        reason: "Tarifs",
        createdAt: at("2026-03-01T10:00:00Z"),
      },
      { suggestedBy: other.id, parkId: park.id, suggestedChanges: { name: "Autre" }, reason: "Pas à moi", createdAt: at("2026-03-05T10:00:00Z") },
    ]);
    await database.db.insert(rideSuggestions).values([
      {
        suggestedBy: user.id,
        rideId: ride.id,
        suggestedChanges: { height: 31 },
        reason: "Mesuré",
        status: "rejected",
        moderationReason: "Source introuvable",
        createdAt: at("2026-03-03T10:00:00Z"),
      },
      {
        suggestedBy: user.id,
        rideId: ride.id,
        suggestedChanges: { videoId: null, name: "Grand Huit 2" },
        reason: "Renommé",
        status: "approved",
        moderationReason: "ignored: only a rejection's reason is shown",
        createdAt: at("2026-03-02T10:00:00Z"),
      },
    ]);

    const { suggestions, total } = await listMemberSuggestions(database.db, user.id);
    expect(total).toBe(3);
    expect(suggestions).toEqual([
      {
        kind: "attraction",
        id: expect.any(String),
        targetName: "Grand Huit",
        targetPath: `/${park.slug}/${ride.slug}`,
        createdAt: "2026-03-03T10:00:00.000Z",
        status: "rejected",
        fields: ["height"],
        rejectionReason: "Source introuvable",
      },
      {
        kind: "attraction",
        id: expect.any(String),
        targetName: "Grand Huit",
        targetPath: `/${park.slug}/${ride.slug}`,
        createdAt: "2026-03-02T10:00:00.000Z",
        status: "approved",
        fields: ["name", "videoId"],
        rejectionReason: null,
      },
      {
        kind: "park",
        id: expect.any(String),
        targetName: "Parc Suggéré",
        targetPath: `/${park.slug}`,
        createdAt: "2026-03-01T10:00:00.000Z",
        status: "pending",
        fields: ["descriptionFr", "adultPrice", "childPrice"],
        rejectionReason: null,
      },
    ]);
  });

  it("shows the latest ones and counts them all", async () => {
    const user = await member();
    const parks = [];
    for (let index = 0; index < MEMBER_SUGGESTIONS_SHOWN + 2; index++) parks.push(await createPark(database.db));
    await database.db.insert(parkSuggestions).values(
      parks.map((park, index) => ({
        suggestedBy: user.id,
        parkId: park.id,
        suggestedChanges: { region: `Région ${index}` },
        reason: "Ordre",
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      })),
    );
    const { suggestions, total } = await listMemberSuggestions(database.db, user.id);
    expect(total).toBe(MEMBER_SUGGESTIONS_SHOWN + 2);
    expect(suggestions).toHaveLength(MEMBER_SUGGESTIONS_SHOWN);
    expect(suggestions[0]!.targetPath).toBe(`/${parks.at(-1)!.slug}`);
    expect(suggestions.at(-1)!.targetPath).toBe(`/${parks[2]!.slug}`);
  });

  it("merges the newest of both kinds when each has more than the page shows", async () => {
    const user = await member();
    const park = await createPark(database.db);
    const rides = [];
    for (let index = 0; index < MEMBER_SUGGESTIONS_SHOWN + 1; index++) rides.push(await createRide(database.db, park.id));
    const parks = [];
    for (let index = 0; index < MEMBER_SUGGESTIONS_SHOWN + 1; index++) parks.push(await createPark(database.db));
    // Days alternate: a park's suggestion on even days, a ride's on odd ones.
    const day = (index: number) => new Date(Date.UTC(2026, 0, 1 + index));
    await database.db.insert(parkSuggestions).values(
      parks.map((target, index) => ({ suggestedBy: user.id, parkId: target.id, suggestedChanges: { region: "R" }, reason: "Ordre", createdAt: day(2 * index) })),
    );
    await database.db.insert(rideSuggestions).values(
      rides.map((target, index) => ({ suggestedBy: user.id, rideId: target.id, suggestedChanges: { inversions: 1 }, reason: "Ordre", createdAt: day(2 * index + 1) })),
    );
    const { suggestions, total } = await listMemberSuggestions(database.db, user.id);
    expect(total).toBe(2 * (MEMBER_SUGGESTIONS_SHOWN + 1));
    const newest = Array.from({ length: MEMBER_SUGGESTIONS_SHOWN }, (_, rank) => day(2 * MEMBER_SUGGESTIONS_SHOWN + 1 - rank).toISOString());
    expect(suggestions.map((suggestion) => suggestion.createdAt)).toEqual(newest);
    expect(suggestions.map((suggestion) => suggestion.kind)).toEqual(newest.map((_, rank) => (rank % 2 === 0 ? "attraction" : "park")));
  });

  it("is empty for a member who suggested nothing", async () => {
    const user = await member();
    expect(await listMemberSuggestions(database.db, user.id)).toEqual({ suggestions: [], total: 0 });
  });
});

describe("the suggestion pages' loader and action (docs/rules/suggestions.md#who-may-suggest)", () => {
  function request(path: string, fields?: Record<string, string>) {
    const body = fields ? new FormData() : undefined;
    for (const [name, value] of Object.entries(fields ?? {})) body!.append(name, value);
    return new Request(`${TEST_ORIGIN}${path}`, { method: fields ? "POST" : "GET", headers: { origin: TEST_ORIGIN }, body });
  }
  const status = (result: unknown) => (result as { init?: { status?: number } }).init?.status;
  const payload = (result: unknown) => (result as { data?: unknown }).data ?? result;

  it("sends a visitor to the login page and back, and answers a park that takes no suggestion with a 404 saying so", async () => {
    const park = await createPark(database.db);
    const visitor = await parkLoader({ request: request(`/fr/parks/${park.id}/suggest`), context, params: { id: park.id } } as Parameters<typeof parkLoader>[0]).catch((error) => error);
    expect((visitor as Response).status).toBe(302);
    expect((visitor as Response).headers.get("Location")).toBe(`/fr/login?redirectTo=${encodeURIComponent(`/fr/parks/${park.id}/suggest`)}`);

    const user = await member();
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    for (const id of [pending.id, "not-an-id"]) {
      const refused = await parkLoader({ request: request(`/fr/parks/${id}/suggest`), context: { ...context, currentUser: user }, params: { id } } as Parameters<typeof parkLoader>[0]).catch((error) => error);
      expect(refused).toMatchObject({ init: { status: 404 }, data: "Ce parc n'accepte pas de suggestion : il n'existe plus ou n'est pas encore publié." });
    }

    const loaded = await parkLoader({ request: request(`/fr/parks/${park.id}/suggest`), context: { ...context, currentUser: user }, params: { id: park.id } } as Parameters<typeof parkLoader>[0]);
    expect(loaded).toMatchObject({ kind: "park", id: park.id, name: park.name, path: `/${park.slug}`, values: { region: park.region, adultPrice: null } });
  });

  it("answers a visitor 'Non authentifié' (401), refuses no change, and saves then replaces the member's suggestion", async () => {
    const park = await createPark(database.db, { adultPrice: 40 });
    const ride = await createRide(database.db, park.id);
    const post = (user: CurrentUser | null, fields: Record<string, string>) =>
      parkAction({ request: request(`/fr/parks/${park.id}/suggest`, fields), context: { ...context, currentUser: user }, params: { id: park.id } } as Parameters<typeof parkAction>[0]);

    const visitor = await post(null, { adultPrice: "45", reason: "Tarif" });
    expect(status(visitor)).toBe(401);
    expect(payload(visitor)).toEqual({ intent: "suggest", errors: { form: [{ key: "suggestions.errors.notAuthenticated" }] } });

    const user = await member();
    const unchanged = await post(user, { adultPrice: "40.00", region: park.region, reason: "Rien" });
    expect(status(unchanged)).toBe(400);
    // What was typed comes back, for a page answered whole (no JavaScript) to show it again.
    expect(payload(unchanged)).toEqual({
      intent: "suggest",
      errors: { form: [{ key: "suggestions.errors.noChanges" }] },
      typed: { adultPrice: "40.00", region: park.region, reason: "Rien" },
    });

    expect(await post(user, { adultPrice: "45", reason: "Tarif" })).toEqual({ intent: "suggest", sent: { replaced: false } });
    expect(await post(user, { adultPrice: "46", reason: "Tarif corrigé" })).toEqual({ intent: "suggest", sent: { replaced: true } });
    const stored = await database.db.select().from(parkSuggestions).where(eq(parkSuggestions.parkId, park.id));
    expect(stored).toMatchObject([{ suggestedBy: user.id, suggestedChanges: { adultPrice: 46 }, reason: "Tarif corrigé", status: "pending" }]);

    const rideAnswer = await rideAction({
      request: request(`/fr/attractions/${ride.id}/suggest`, { inversions: "2", reason: "Compté" }),
      context: { ...context, currentUser: user },
      params: { id: ride.id },
    } as Parameters<typeof rideAction>[0]);
    expect(rideAnswer).toEqual({ intent: "suggest", sent: { replaced: false } });
    expect((await listMemberSuggestions(database.db, user.id)).suggestions.map((suggestion) => suggestion.fields)).toEqual([["inversions"], ["adultPrice"]]);
  });
});
