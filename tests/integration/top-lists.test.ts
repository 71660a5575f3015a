import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import type { CurrentUser } from "~/domain/current-user";
import { TOP_LIST_SIZE, type TopListKind } from "~/domain/top-lists";
import { action } from "~/routes/profile-top-lists";
import { suspendMember } from "~/server/auth/suspension";
import { countQueriesOf } from "~/server/db/query-count";
import { rides, parks, userTopRides, userTopParks } from "~/server/db/schema";
import { addToTopList, listTopLists, removeFromTopList, reorderTopList } from "~/server/profiles/top-lists";
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

async function parksOf(count: number, overrides: Parameters<typeof createPark>[1] = {}) {
  const created = [];
  for (let index = 0; index < count; index++) created.push(await createPark(database.db, overrides));
  return created;
}

/** The stored rows of a member's list, in order, positions included. */
async function storedParks(userId: string) {
  return database.db
    .select({ id: userTopParks.parkId, position: userTopParks.position })
    .from(userTopParks)
    .where(eq(userTopParks.userId, userId))
    .orderBy(asc(userTopParks.position));
}

async function storedRides(userId: string) {
  return database.db
    .select({ id: userTopRides.rideId, position: userTopRides.position })
    .from(userTopRides)
    .where(eq(userTopRides.userId, userId))
    .orderBy(asc(userTopRides.position));
}

const numbered = (ids: string[]) => ids.map((id, index) => ({ id, position: index + 1 }));

describe("a member's top 10 (docs/rules/profiles.md#top-10-lists)", () => {
  it("adds at the end, lists both kinds in order with link data, removes and reorders", async () => {
    const user = await member();
    const [first, second, third] = await parksOf(3);
    const ride = await createRide(database.db, first!.id, { imageUrl: "https://example.com/ride.jpg" });

    for (const park of [first!, second!, third!]) {
      expect(await addToTopList(database.db, user.id, "park", park.id)).toMatchObject({ ok: true });
    }
    expect(await addToTopList(database.db, user.id, "attraction", ride.id)).toEqual({ ok: true, ids: [ride.id] });

    const lists = await listTopLists(database.db, user.id);
    expect(lists.park.map((item) => item.id)).toEqual([first!.id, second!.id, third!.id]);
    expect(lists.park[0]).toEqual({
      id: first!.id,
      name: first!.name,
      slug: first!.slug,
      parkSlug: null,
      parkName: null,
      imageUrl: null,
      averageRating: null,
      ratingCount: 0,
    });
    expect(lists.attraction).toEqual([
      {
        id: ride.id,
        name: ride.name,
        slug: ride.slug,
        parkSlug: first!.slug,
        parkName: first!.name,
        imageUrl: "https://example.com/ride.jpg",
        averageRating: null,
        ratingCount: 0,
      },
    ]);

    expect(await reorderTopList(database.db, user.id, "park", [third!.id, first!.id, second!.id])).toMatchObject({ ok: true });
    expect(await storedParks(user.id)).toEqual(numbered([third!.id, first!.id, second!.id]));

    // Removing the first closes the gap: positions stay 1..n.
    expect(await removeFromTopList(database.db, user.id, "park", third!.id)).toEqual({ ok: true, ids: [first!.id, second!.id] });
    expect(await storedParks(user.id)).toEqual(numbered([first!.id, second!.id]));
    // Removing what is not there changes nothing.
    expect(await removeFromTopList(database.db, user.id, "park", third!.id)).toEqual({ ok: true, ids: [first!.id, second!.id] });
    expect(await removeFromTopList(database.db, user.id, "attraction", ride.id)).toEqual({ ok: true, ids: [] });
    expect(await storedRides(user.id)).toEqual([]);
  });

  it("holds 10: the 11th is refused and nothing is written", async () => {
    const user = await member();
    const many = await parksOf(TOP_LIST_SIZE + 1);
    for (const park of many.slice(0, TOP_LIST_SIZE)) await addToTopList(database.db, user.id, "park", park.id);
    const before = await storedParks(user.id);
    expect(before).toEqual(numbered(many.slice(0, TOP_LIST_SIZE).map((park) => park.id)));

    expect(await addToTopList(database.db, user.id, "park", many[TOP_LIST_SIZE]!.id)).toEqual({
      ok: false,
      reason: "invalid",
      error: "topLists.errors.full",
    });
    expect(await storedParks(user.id)).toEqual(before);
  });

  it("refuses a duplicate, an unknown id, a malformed id, and pending or rejected items", async () => {
    const user = await member();
    const [park] = await parksOf(1);
    const pendingPark = await createPark(database.db, { moderationStatus: "pending" });
    const rejectedPark = await createPark(database.db, { moderationStatus: "rejected", rejectionReason: "Doublon" });
    const pendingRide = await createRide(database.db, park!.id, { moderationStatus: "pending" });
    const rideOfPendingPark = await createRide(database.db, pendingPark.id);
    await addToTopList(database.db, user.id, "park", park!.id);

    const refused = (error: string) => ({ ok: false, reason: "invalid", error });
    expect(await addToTopList(database.db, user.id, "park", park!.id)).toEqual(refused("topLists.errors.duplicate"));
    expect(await addToTopList(database.db, user.id, "park", crypto.randomUUID())).toEqual(refused("topLists.errors.notFound"));
    expect(await addToTopList(database.db, user.id, "park", "1 OR 1=1")).toEqual(refused("topLists.errors.notFound"));
    expect(await addToTopList(database.db, user.id, "park", pendingPark.id)).toEqual(refused("topLists.errors.notFound"));
    expect(await addToTopList(database.db, user.id, "park", rejectedPark.id)).toEqual(refused("topLists.errors.notFound"));
    expect(await addToTopList(database.db, user.id, "attraction", pendingRide.id)).toEqual(refused("topLists.errors.notFound"));
    expect(await addToTopList(database.db, user.id, "attraction", rideOfPendingPark.id)).toEqual(refused("topLists.errors.notFound"));
    // A park id is not an attraction.
    expect(await addToTopList(database.db, user.id, "attraction", park!.id)).toEqual(refused("topLists.errors.notFound"));

    expect(await storedParks(user.id)).toEqual(numbered([park!.id]));
    expect(await storedRides(user.id)).toEqual([]);
  });

  it("refuses a reorder that is not exactly the current set, and writes nothing", async () => {
    const user = await member();
    const [a, b, c, outsider] = await parksOf(4);
    for (const park of [a!, b!, c!]) await addToTopList(database.db, user.id, "park", park.id);
    const before = await storedParks(user.id);
    const refused = { ok: false, reason: "invalid", error: "topLists.errors.listChanged" };

    expect(await reorderTopList(database.db, user.id, "park", [c!.id, b!.id])).toEqual(refused);
    expect(await reorderTopList(database.db, user.id, "park", [c!.id, b!.id, a!.id, outsider!.id])).toEqual(refused);
    expect(await reorderTopList(database.db, user.id, "park", [c!.id, b!.id, outsider!.id])).toEqual(refused);
    expect(await reorderTopList(database.db, user.id, "park", [c!.id, b!.id, b!.id])).toEqual(refused);
    expect(await reorderTopList(database.db, user.id, "park", [])).toEqual(refused);
    expect(await storedParks(user.id)).toEqual(before);
  });

  it("never goes past 10 nor fails when adds race", async () => {
    const user = await member();
    const many = await parksOf(12);
    const outcomes = await Promise.all(many.map((park) => addToTopList(database.db, user.id, "park", park.id)));

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(TOP_LIST_SIZE);
    for (const outcome of outcomes.filter((outcome) => !outcome.ok)) {
      expect(outcome).toEqual({ ok: false, reason: "invalid", error: "topLists.errors.full" });
    }
    const stored = await storedParks(user.id);
    expect(stored.map((row) => row.position)).toEqual(Array.from({ length: TOP_LIST_SIZE }, (_, index) => index + 1));
  });

  it("keeps the same item once when the same add races itself, and survives racing removes and reorders", async () => {
    const user = await member();
    const [a, b, c] = await parksOf(3);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => addToTopList(database.db, user.id, "park", a!.id)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok).every((outcome) => !outcome.ok && outcome.error === "topLists.errors.duplicate")).toBe(true);

    await addToTopList(database.db, user.id, "park", b!.id);
    await Promise.all([
      addToTopList(database.db, user.id, "park", c!.id),
      removeFromTopList(database.db, user.id, "park", a!.id),
      reorderTopList(database.db, user.id, "park", [b!.id, a!.id]),
    ]);
    const stored = await storedParks(user.id);
    expect(stored.map((row) => row.position)).toEqual(stored.map((_, index) => index + 1));
    expect(stored.map((row) => row.id)).toContain(c!.id);
    expect(stored.map((row) => row.id)).not.toContain(a!.id);
  });

  it("changes only the caller's own list", async () => {
    const alice = await member();
    const bob = await member();
    const [a, b, c] = await parksOf(3);
    for (const park of [a!, b!]) await addToTopList(database.db, alice.id, "park", park.id);
    const alices = await storedParks(alice.id);

    await addToTopList(database.db, bob.id, "park", c!.id);
    await removeFromTopList(database.db, bob.id, "park", a!.id);
    expect(await reorderTopList(database.db, bob.id, "park", [b!.id, a!.id])).toMatchObject({ ok: false });
    expect(await storedParks(alice.id)).toEqual(alices);
    expect(await storedParks(bob.id)).toEqual(numbered([c!.id]));
  });

  it("refuses a suspended member", async () => {
    const user = await member();
    const [park] = await parksOf(1);
    await suspendMember(database.db, user.id, "Spam");
    expect(await addToTopList(database.db, user.id, "park", park!.id)).toEqual({ ok: false, reason: "forbidden", error: "topLists.errors.suspended" });
    expect(await storedParks(user.id)).toEqual([]);
  });

  it("hides an item no longer approved, and the next write drops it and renumbers", async () => {
    const user = await member();
    const [a, b, c] = await parksOf(3);
    for (const park of [a!, b!, c!]) await addToTopList(database.db, user.id, "park", park.id);
    await database.db.update(parks).set({ moderationStatus: "rejected", rejectionReason: "Fermé" }).where(eq(parks.id, b!.id));

    expect((await listTopLists(database.db, user.id)).park.map((item) => item.id)).toEqual([a!.id, c!.id]);
    // The visible list is the list: reordering it does not need the hidden item.
    expect(await reorderTopList(database.db, user.id, "park", [c!.id, a!.id])).toMatchObject({ ok: true });
    expect(await storedParks(user.id)).toEqual(numbered([c!.id, a!.id]));
  });

  it("loses a park and its attractions when the park is deleted; the order of the rest holds", async () => {
    const user = await member();
    const [a, b, c] = await parksOf(3);
    const ride = await createRide(database.db, b!.id);
    const otherRide = await createRide(database.db, a!.id);
    for (const park of [a!, b!, c!]) await addToTopList(database.db, user.id, "park", park.id);
    await addToTopList(database.db, user.id, "attraction", ride.id);
    await addToTopList(database.db, user.id, "attraction", otherRide.id);

    await database.db.delete(parks).where(eq(parks.id, b!.id));
    const lists = await listTopLists(database.db, user.id);
    expect(lists.park.map((item) => item.id)).toEqual([a!.id, c!.id]);
    expect(lists.attraction.map((item) => item.id)).toEqual([otherRide.id]);
    expect(await storedRides(user.id)).toEqual([{ id: otherRide.id, position: 2 }]);

    // The next write closes the gap the deletion left.
    const [d] = await parksOf(1);
    await addToTopList(database.db, user.id, "park", d!.id);
    expect(await storedParks(user.id)).toEqual(numbered([a!.id, c!.id, d!.id]));
    await database.db.delete(rides).where(eq(rides.id, otherRide.id));
    expect(await storedRides(user.id)).toEqual([]);
  });

  it("reads both full lists in two queries", async () => {
    const user = await member();
    const many = await parksOf(TOP_LIST_SIZE);
    for (const park of many) {
      await addToTopList(database.db, user.id, "park", park.id);
      await addToTopList(database.db, user.id, "attraction", (await createRide(database.db, park.id)).id);
    }
    const counter = { count: 0 };
    const lists = await countQueriesOf(counter, () => listTopLists(database.db, user.id));
    expect(lists.park).toHaveLength(TOP_LIST_SIZE);
    expect(lists.attraction).toHaveLength(TOP_LIST_SIZE);
    expect(counter.count).toBe(2);
  });
});

describe("POST /profile/top-lists", () => {
  function post(user: CurrentUser | null, fields: Array<[string, string]>, path = "/fr/profile/top-lists") {
    const request = new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return action({ request, context: { ...context, currentUser: user }, params: {} } as Parameters<typeof action>[0]);
  }
  const status = (result: unknown) => (result as { init?: { status?: number } }).init?.status;

  it("sends a visitor to the login page and writes nothing", async () => {
    const [park] = await parksOf(1);
    const thrown = await post(null, [["intent", "add"], ["kind", "park"], ["id", park!.id], ["enhanced", "1"]]).catch((error) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/fr/login");
    expect(await database.db.select().from(userTopParks).where(eq(userTopParks.parkId, park!.id))).toEqual([]);
  });

  it("answers the editor's fetcher with { ok } or a 400 and a message key", async () => {
    const user = await member();
    const [a, b] = await parksOf(2);
    const fetcher = (fields: Array<[string, string]>) => post(user, [...fields, ["enhanced", "1"]]);

    expect(await fetcher([["intent", "add"], ["kind", "park"], ["id", a!.id]])).toEqual({ ok: true });
    expect(await fetcher([["intent", "add"], ["kind", "park"], ["id", b!.id]])).toEqual({ ok: true });
    expect(await fetcher([["intent", "reorder"], ["kind", "park"], ["id", b!.id], ["id", a!.id]])).toEqual({ ok: true });
    expect(await storedParks(user.id)).toEqual(numbered([b!.id, a!.id]));

    const duplicate = await fetcher([["intent", "add"], ["kind", "park"], ["id", a!.id]]);
    expect(status(duplicate)).toBe(400);
    expect((duplicate as { data: unknown }).data).toEqual({ ok: false, error: "topLists.errors.duplicate" });
    const badKind = await fetcher([["intent", "add"], ["kind", "duel"], ["id", a!.id]]);
    expect(status(badKind)).toBe(400);
    expect((badKind as { data: unknown }).data).toEqual({ ok: false, error: "errors.badRequest" });
    const badIntent = await fetcher([["intent", "clear"], ["kind", "park"]]);
    expect(status(badIntent)).toBe(400);

    expect(await fetcher([["intent", "remove"], ["kind", "park"], ["id", b!.id]])).toEqual({ ok: true });
    expect(await storedParks(user.id)).toEqual(numbered([a!.id]));
  });

  it("sends a plain form post back to the profile page, or answers its refusal in words", async () => {
    const user = await member();
    const [park] = await parksOf(1);
    const done = (await post(user, [["intent", "add"], ["kind", "park"], ["id", park!.id]], "/en/profile/top-lists")) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/en/profile");

    const refused = (await post(user, [["intent", "add"], ["kind", "park"], ["id", park!.id]])) as Response;
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Cet élément est déjà dans votre top 10.");
  });

  it("acts on the session's member only, whatever the form says", async () => {
    const alice = await member();
    const bob = await member();
    const [a, b] = await parksOf(2);
    await addToTopList(database.db, alice.id, "park", a!.id);
    await addToTopList(database.db, alice.id, "park", b!.id);
    const alices = await storedParks(alice.id);

    // Bob forges fields naming Alice: the action has no such field, his own (empty) list is the one concerned.
    const forged = (fields: Array<[string, string]>) => post(bob, [...fields, ["userId", alice.id], ["user_id", alice.id], ["enhanced", "1"]]);
    expect(await forged([["intent", "remove"], ["kind", "park"], ["id", a!.id]])).toEqual({ ok: true });
    expect(status(await forged([["intent", "reorder"], ["kind", "park"], ["id", b!.id], ["id", a!.id]]))).toBe(400);
    expect(await forged([["intent", "add"], ["kind", "park"], ["id", b!.id]])).toEqual({ ok: true });

    expect(await storedParks(alice.id)).toEqual(alices);
    expect(await storedParks(bob.id)).toEqual(numbered([b!.id]));
  });
});

describe("kinds", () => {
  it("keep parks and attractions apart", async () => {
    const user = await member();
    const [park] = await parksOf(1);
    const ride = await createRide(database.db, park!.id);
    const kinds: TopListKind[] = ["park", "attraction"];
    await addToTopList(database.db, user.id, kinds[0]!, park!.id);
    await addToTopList(database.db, user.id, kinds[1]!, ride.id);
    expect(await reorderTopList(database.db, user.id, "park", [ride.id])).toMatchObject({ ok: false });
    expect(await storedParks(user.id)).toEqual(numbered([park!.id]));
    expect(await storedRides(user.id)).toEqual(numbered([ride.id]));
  });
});
