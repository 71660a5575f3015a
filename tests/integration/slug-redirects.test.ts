import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { loader as rideLoader } from "~/routes/attraction";
import { loader as parkLoader } from "~/routes/park";
import { updateRide } from "~/server/admin/ride-moderation";
import { deletePark, updatePark } from "~/server/admin/park-moderation";
import { findRideRedirect, findParkRedirect, moveRideSlug, moveParkSlug } from "~/server/catalog/slug-history";
import { createRide as contributeRide } from "~/server/contributions/create-ride";
import { createPark as contributePark } from "~/server/contributions/create-park";
import * as schema from "~/server/db/schema";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let context: AppLoadContext;
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  context = createAuthContext(database).context;
  const created = await createMember(database.db);
  admin = { id: created.id, username: created.username, isAdmin: true, twoFactorEnabled: false };
});
afterAll(async () => {
  await database.close();
});

/** A name and its slug, different in every test so that tests share one database safely. */
function fresh(words: string) {
  const tag = crypto.randomBytes(4).toString("hex");
  return { name: `${words} ${tag}`, slug: `${words.toLowerCase().replace(/ /g, "-")}-${tag}` };
}

async function parkAt(words: string, overrides: Partial<typeof schema.parks.$inferInsert> = {}) {
  const { name, slug } = fresh(words);
  return createPark(database.db, { name, slug, ...overrides });
}

const renamePark = (parkId: string, name: string) => database.db.transaction((tx) => moveParkSlug(tx, parkId, name));
const renameRide = (rideId: string, name: string) => database.db.transaction((tx) => moveRideSlug(tx, rideId, name));
const slugOfPark = async (id: string) => (await database.db.select({ slug: schema.parks.slug }).from(schema.parks).where(eq(schema.parks.id, id)))[0]?.slug;
const slugOfRide = async (id: string) =>
  (await database.db.select({ slug: schema.rides.slug }).from(schema.rides).where(eq(schema.rides.id, id)))[0]?.slug;
const parkRedirects = async (parkId: string) =>
  (await database.db.select({ slug: schema.parkSlugRedirects.slug }).from(schema.parkSlugRedirects).where(eq(schema.parkSlugRedirects.parkId, parkId)))
    .map((row) => row.slug)
    .sort();

describe("moving a park's address", () => {
  it("gives a renamed park its new name's slug and keeps the old one as a redirect", async () => {
    const park = await parkAt("Parc Ancien");
    const next = fresh("Parc Nouveau");
    expect(await renamePark(park.id, next.name)).toBe(next.slug);
    expect(await slugOfPark(park.id)).toBe(next.slug);
    expect(await findParkRedirect(database.db, park.slug, null)).toBe(next.slug);
    // The live address is no redirect, and an unknown one leads nowhere.
    expect(await findParkRedirect(database.db, next.slug, null)).toBeNull();
    expect(await findParkRedirect(database.db, fresh("Inconnu").slug, null)).toBeNull();
  });

  it("keeps the address when the slug is the same (case, accents, punctuation) or a numbered variant of it", async () => {
    const park = await createPark(database.db, { name: "Parc Eclair", slug: `parc-eclair-${crypto.randomBytes(4).toString("hex")}` });
    const tag = park.slug.slice("parc-eclair-".length);
    expect(await renamePark(park.id, `PARC ÉCLAIR ${tag}!`)).toBeNull();
    expect(await slugOfPark(park.id)).toBe(park.slug);
    const numbered = await createPark(database.db, { name: "Admin", slug: "admin-2" });
    expect(await renamePark(numbered.id, "Admin !")).toBeNull();
    // A name with no letter or digit keeps the address generated for it.
    const symbols = await createPark(database.db, { name: "!!!", slug: `parc-${crypto.randomBytes(3).toString("hex")}` });
    expect(await renamePark(symbols.id, "???")).toBeNull();
    expect(await parkRedirects(park.id)).toEqual([]);
    expect(await parkRedirects(numbered.id)).toEqual([]);
    expect(await parkRedirects(symbols.id)).toEqual([]);
    await database.db.delete(schema.parks).where(eq(schema.parks.id, numbered.id));
  });

  it("leads every old slug of a park renamed twice to the newest", async () => {
    const park = await parkAt("Parc Premier");
    const second = fresh("Parc Second");
    const third = fresh("Parc Troisieme");
    await renamePark(park.id, second.name);
    await renamePark(park.id, third.name);
    expect(await findParkRedirect(database.db, park.slug, null)).toBe(third.slug);
    expect(await findParkRedirect(database.db, second.slug, null)).toBe(third.slug);
    expect(await parkRedirects(park.id)).toEqual([park.slug, second.slug].sort());
  });

  it("takes its old slug back when renamed back, and no redirect loops", async () => {
    const park = await parkAt("Parc Retour");
    const other = fresh("Parc Detour");
    await renamePark(park.id, other.name);
    expect(await renamePark(park.id, park.name)).toBe(park.slug);
    expect(await parkRedirects(park.id)).toEqual([other.slug]);
    expect(await findParkRedirect(database.db, park.slug, null)).toBeNull();
    expect(await findParkRedirect(database.db, other.slug, null)).toBe(park.slug);
  });

  it("lets a new park take a freed slug: the live park wins, the renamed one is numbered if it comes back", async () => {
    const renamed = await parkAt("Parc Libere");
    const away = fresh("Parc Ailleurs");
    await renamePark(renamed.id, away.name);
    const newcomer = await createPark(database.db, { name: renamed.name, slug: renamed.slug });
    expect(await findParkRedirect(database.db, renamed.slug, null)).toBeNull();
    expect(await findParkRedirect(database.db, renamed.slug, admin)).toBeNull();

    // Back to its first name: the newcomer keeps the address, so the renamed park is numbered.
    expect(await renamePark(renamed.id, renamed.name)).toBe(`${renamed.slug}-2`);
    expect(await slugOfPark(newcomer.id)).toBe(renamed.slug);
    expect(await findParkRedirect(database.db, away.slug, null)).toBe(`${renamed.slug}-2`);

    // The newcomer renamed in turn: its address now leads to it, not to the first park.
    const elsewhere = fresh("Parc Nouveau Venu");
    await renamePark(newcomer.id, elsewhere.name);
    expect(await findParkRedirect(database.db, renamed.slug, null)).toBe(elsewhere.slug);
  });

  it("numbers another park's old slug away when a rename gives it, so the old links still lead to the renamed park", async () => {
    const first = await parkAt("Parc Un");
    const firstNew = fresh("Parc Un Bis");
    await renamePark(first.id, firstNew.name);
    const second = await parkAt("Parc Deux");
    expect(await renamePark(second.id, first.name)).toBe(`${first.slug}-2`);
    expect(await parkRedirects(first.id)).toEqual([first.slug]);
    expect(await findParkRedirect(database.db, first.slug, null)).toBe(firstNew.slug);
  });

  it("numbers another park's old slug away from a new park's contribution, pending as it is", async () => {
    const renamed = await parkAt("Parc Rebaptise");
    const next = fresh("Parc Rebaptise Ensuite");
    await renamePark(renamed.id, next.name);
    await database.db.update(schema.parks).set({ name: next.name }).where(eq(schema.parks.id, renamed.id));
    const author = await createMember(database.db);
    const contributed = await contributePark(
      { db: database.db, imageStorage: context.imageStorage, logger: context.logger },
      { id: author.id, username: author.username, isAdmin: false, twoFactorEnabled: false },
      { fields: { name: renamed.name, region: "Oise", country: "France", descriptionFr: "Un parc.", adultPrice: "40", openingYear: "1990" }, image: null },
    );
    expect(contributed).toMatchObject({ ok: true, slug: `${renamed.slug}-2`, moderationStatus: "pending" });
    expect(await findParkRedirect(database.db, renamed.slug, null)).toBe(next.slug);
  });

  it("numbers reserved slugs and other parks' slugs away, as the contribution does", async () => {
    const park = await parkAt("Parc Reserve");
    expect(await renamePark(park.id, "Contact")).toBe("contact-2");
    expect(await findParkRedirect(database.db, park.slug, null)).toBe("contact-2");
    const other = await parkAt("Parc Voisin");
    expect(await renamePark(other.id, "Contact")).toBe("contact-3");
    // park.slug is the old address of the park now at contact-2: taken too.
    expect(await renamePark(other.id, park.name)).toBe(`${park.slug}-2`);
    // "contact" itself is never an address, not even a redirect.
    expect(await findParkRedirect(database.db, "contact", null)).toBeNull();
  });

  it("does not reveal a pending park by its old address to a stranger, but does to its author and the administrator", async () => {
    const author = await createMember(database.db);
    const member: CurrentUser = { id: author.id, username: author.username, isAdmin: false, twoFactorEnabled: false };
    const stranger = await createMember(database.db);
    const park = await parkAt("Parc Attente", { moderationStatus: "pending", createdBy: author.id });
    const next = fresh("Parc Attente Bis");
    await renamePark(park.id, next.name);
    expect(await findParkRedirect(database.db, park.slug, null)).toBeNull();
    expect(await findParkRedirect(database.db, park.slug, { id: stranger.id, username: stranger.username, isAdmin: false, twoFactorEnabled: false })).toBeNull();
    expect(await findParkRedirect(database.db, park.slug, member)).toBe(next.slug);
    expect(await findParkRedirect(database.db, park.slug, admin)).toBe(next.slug);
  });

  it("removes a park's redirects with the park", async () => {
    const park = await parkAt("Parc Supprime");
    const ride = await createRide(database.db, park.id);
    await renamePark(park.id, fresh("Parc Supprime Bis").name);
    await renameRide(ride.id, fresh("Manege Supprime").name);
    expect(await deletePark(database.db, admin, park.id)).toMatchObject({ ok: true });
    expect(await parkRedirects(park.id)).toEqual([]);
    expect(await database.db.select().from(schema.rideSlugRedirects).where(eq(schema.rideSlugRedirects.parkId, park.id))).toEqual([]);
    expect(await findParkRedirect(database.db, park.slug, admin)).toBeNull();
  });

  it("moves the address from the back office's edit only when the name changes", async () => {
    const park = await parkAt("Parc Bureau");
    const values = { region: "Bretagne", country: "France", descriptionFr: "Un parc.", descriptionEn: "", openingYear: "", adultPrice: "", childPrice: "", openingHours: "" };
    expect(await updatePark(database.db, admin, park.id, { ...values, name: park.name })).toEqual({ ok: true });
    expect(await slugOfPark(park.id)).toBe(park.slug);
    const next = fresh("Parc Bureau Bis");
    expect(await updatePark(database.db, admin, park.id, { ...values, name: next.name })).toEqual({ ok: true });
    expect(await slugOfPark(park.id)).toBe(next.slug);
    expect(await findParkRedirect(database.db, park.slug, null)).toBe(next.slug);
  });
});

describe("moving a ride's address", () => {
  it("renames within its park: numbered after the park's other rides only, old slug redirected", async () => {
    const park = await parkAt("Parc Manege");
    const neighbour = await parkAt("Parc Voisin");
    const ride = await createRide(database.db, park.id);
    const next = fresh("Grand Huit");
    await createRide(database.db, park.id, { name: next.name, slug: next.slug });
    await createRide(database.db, neighbour.id, { name: `${next.name} 2`, slug: `${next.slug}-2` });
    expect(await renameRide(ride.id, next.name)).toBe(`${next.slug}-2`);
    expect(await findRideRedirect(database.db, park.slug, ride.slug, null)).toEqual({ parkSlug: park.slug, rideSlug: `${next.slug}-2` });
    // A ride's slug is a second segment: a reserved word is a fine address for it.
    expect(await renameRide(ride.id, "Contact")).toBe("contact");
    expect(await findRideRedirect(database.db, park.slug, ride.slug, null)).toEqual({ parkSlug: park.slug, rideSlug: "contact" });
    expect(await findRideRedirect(database.db, park.slug, `${next.slug}-2`, null)).toEqual({ parkSlug: park.slug, rideSlug: "contact" });
    expect(await findRideRedirect(database.db, neighbour.slug, ride.slug, null)).toBeNull();
    expect(await renameRide(ride.id, "CONTACT")).toBeNull();
  });

  it("finds a ride by an old park slug, an old ride slug, or both", async () => {
    const park = await parkAt("Parc Origine");
    const ride = await createRide(database.db, park.id);
    const parkNext = fresh("Parc Arrivee");
    await renamePark(park.id, parkNext.name);
    expect(await findRideRedirect(database.db, park.slug, ride.slug, null)).toEqual({ parkSlug: parkNext.slug, rideSlug: ride.slug });
    const rideNext = fresh("Manege Arrivee");
    await renameRide(ride.id, rideNext.name);
    const expected = { parkSlug: parkNext.slug, rideSlug: rideNext.slug };
    expect(await findRideRedirect(database.db, park.slug, ride.slug, null)).toEqual(expected);
    expect(await findRideRedirect(database.db, parkNext.slug, ride.slug, null)).toEqual(expected);
    expect(await findRideRedirect(database.db, park.slug, rideNext.slug, null)).toEqual(expected);
    // The live address itself is not a redirect.
    expect(await findRideRedirect(database.db, parkNext.slug, rideNext.slug, null)).toBeNull();
  });

  it("does not reveal a pending ride by its old address, nor by its live one", async () => {
    const author = await createMember(database.db);
    const park = await parkAt("Parc Public");
    const ride = await createRide(database.db, park.id, { moderationStatus: "pending", createdBy: author.id });
    const next = fresh("Manege Cache");
    await renameRide(ride.id, next.name);
    expect(await findRideRedirect(database.db, park.slug, ride.slug, null)).toBeNull();
    expect(await findRideRedirect(database.db, park.slug, ride.slug, admin)).toEqual({ parkSlug: park.slug, rideSlug: next.slug });
    expect(await findRideRedirect(database.db, park.slug, next.slug, null)).toBeNull();
  });

  it("numbers another ride's old slug away, from a rename and from a contribution in the same park", async () => {
    const park = await parkAt("Parc Maneges");
    const ride = await createRide(database.db, park.id);
    const next = fresh("Manege Rebaptise");
    await renameRide(ride.id, next.name);
    await database.db.update(schema.rides).set({ name: next.name }).where(eq(schema.rides.id, ride.id));
    const other = await createRide(database.db, park.id);
    expect(await renameRide(other.id, ride.name)).toBe(`${ride.slug}-2`);
    const author = await createMember(database.db);
    const contributed = await contributeRide(
      { db: database.db, imageStorage: context.imageStorage, logger: context.logger },
      { id: author.id, username: author.username, isAdmin: false, twoFactorEnabled: false },
      { id: park.id },
      { fields: { name: ride.name, type: "flat_ride" }, image: null },
    );
    expect(contributed).toMatchObject({ ok: true, slug: `${ride.slug}-3` });
    expect(await findRideRedirect(database.db, park.slug, ride.slug, null)).toEqual({ parkSlug: park.slug, rideSlug: next.slug });
  });

  it("lets a new ride take a freed slug: the live ride wins", async () => {
    const park = await parkAt("Parc Rides");
    const ride = await createRide(database.db, park.id);
    await renameRide(ride.id, fresh("Manege Parti").name);
    await createRide(database.db, park.id, { name: ride.name, slug: ride.slug, moderationStatus: "pending", createdBy: admin.id });
    expect(await findRideRedirect(database.db, park.slug, ride.slug, null)).toBeNull();
  });

  it("moves the address from the back office's edit", async () => {
    const park = await parkAt("Parc Edition");
    const ride = await createRide(database.db, park.id);
    const values = { type: "roller_coaster", status: "operating", descriptionFr: "", descriptionEn: "" };
    const next = fresh("Manege Edite");
    expect(await updateRide(database.db, admin.id, ride.id, { ...values, name: next.name })).toEqual({ ok: true });
    expect(await slugOfRide(ride.id)).toBe(next.slug);
    expect(await findRideRedirect(database.db, park.slug, ride.slug, null)).toEqual({ parkSlug: park.slug, rideSlug: next.slug });
  });
});

describe("the pages answer a permanent redirect on a miss", () => {
  /** The loader's answer: the Response it throws (a redirect or the 404). */
  async function answer(run: () => Promise<unknown>): Promise<Response> {
    try {
      await run();
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      if (thrown && typeof thrown === "object" && "init" in thrown) return new Response(null, (thrown as { init: ResponseInit }).init);
      throw thrown;
    }
    throw new Error("the loader answered the page");
  }
  const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { "accept-language": "en" } });
  const openPark = (path: string, parkSlug: string) =>
    answer(() => parkLoader({ request: get(path), params: { parkSlug }, context } as unknown as Parameters<typeof parkLoader>[0]));
  const openRide = (path: string, parkSlug: string, rideSlug: string) =>
    answer(() => rideLoader({ request: get(path), params: { parkSlug, rideSlug }, context } as unknown as Parameters<typeof rideLoader>[0]));

  it("sends an old park or ride address to the new one, in the address's language, with its query", async () => {
    const park = await parkAt("Parc Page");
    const ride = await createRide(database.db, park.id);
    const next = fresh("Parc Page Bis");
    await renamePark(park.id, next.name);
    for (const [path, location] of [
      [`/${park.slug}?sort=name`, `/en/${next.slug}?sort=name`],
      [`/fr/${park.slug}`, `/fr/${next.slug}`],
      [`/en/${park.slug}`, `/en/${next.slug}`],
    ] as const) {
      const response = await openPark(path, park.slug);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(location);
    }
    const response = await openRide(`/fr/${park.slug}/${ride.slug}`, park.slug, ride.slug);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/fr/${next.slug}/${ride.slug}`);
  });

  it("still answers 404 where nothing ever lived", async () => {
    const nowhere = fresh("Nulle Part").slug;
    expect((await openPark(`/fr/${nowhere}`, nowhere)).status).toBe(404);
    expect((await openRide(`/fr/${nowhere}/${nowhere}`, nowhere, nowhere)).status).toBe(404);
  });
});
