import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { slugify } from "~/domain/slug";
import { RIDE_MANUFACTURERS } from "~/domain/manufacturer-list";
import { updateRide } from "~/server/admin/ride-moderation";
import { rideColumnsOf, findSuggestionTarget } from "~/server/suggestions/suggestion-targets";
import { MANUFACTURER_RIDES_PER_PAGE, RIDE_MODEL_MAX_LENGTH } from "~/domain/ride-manufacturers";
import { loader as rideLoader } from "~/routes/attraction";
import { loader as manufacturerLoader } from "~/routes/manufacturer";
import { listManufacturerChoices, listManufacturerRides } from "~/server/catalog/manufacturer-rides";
import { manufacturersSitemap, sitemapIndex } from "~/server/catalog/sitemap";
import * as schema from "~/server/db/schema";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** Ride manufacturers (decision 0052): the seeded list, its constraints, its page, the ride page's facts and the sitemap. */
let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase();
  context = createAuthContext(database).context;
});
afterAll(async () => {
  await database?.close();
});

async function maker(slug: string) {
  const [row] = await database.db.select().from(schema.manufacturers).where(eq(schema.manufacturers.slug, slug));
  return row!;
}

type Loader = (args: never) => Promise<unknown>;
async function load<T>(loader: Loader, path: string, params: Record<string, string>): Promise<T> {
  return (await loader({ request: new Request(`${TEST_ORIGIN}${path}`), context, params } as never)) as T;
}
async function status(promise: Promise<unknown>): Promise<number | undefined> {
  const thrown = await promise.then(() => null).catch((error: unknown) => error);
  return (thrown as { init?: { status?: number } } | null)?.init?.status;
}

describe("the reference list", () => {
  it("is seeded with the makers enthusiasts look for, each slug its name's slug, each country a two-letter code", async () => {
    const rows = await database.db.select().from(schema.manufacturers);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(["Intamin", "Bolliger & Mabillard", "Mack Rides", "Vekoma", "Rocky Mountain Construction", "Gerstlauer", "Zierer"]),
    );
    for (const row of rows) {
      expect(row.slug).toBe(slugify(row.name));
      expect(row.countryCode).toMatch(/^[A-Z]{2}$/);
    }
    expect((await maker("bolliger-mabillard")).countryCode).toBe("CH");
  });

  it("holds the forms' list (app/domain/manufacturer-list.ts) row for row, ids included", async () => {
    const rows = await database.db.select().from(schema.manufacturers).orderBy(schema.manufacturers.id);
    expect(rows).toEqual(RIDE_MANUFACTURERS.map((maker, index) => ({ id: index + 1, ...maker })));
  });

  it("cannot lose a maker its rides still name, and bounds a ride's model", async () => {
    const park = await createPark(database.db);
    const zierer = await maker("zierer");
    await createRide(database.db, park.id, { manufacturerId: zierer.id });
    await expect(database.db.delete(schema.manufacturers).where(eq(schema.manufacturers.id, zierer.id))).rejects.toThrow();
    await expect(createRide(database.db, park.id, { model: "x".repeat(RIDE_MODEL_MAX_LENGTH + 1) })).rejects.toThrow();
    await expect(createRide(database.db, park.id, { model: "   " })).rejects.toThrow();
    expect((await createRide(database.db, park.id, { model: "x".repeat(RIDE_MODEL_MAX_LENGTH) })).model).toHaveLength(RIDE_MODEL_MAX_LENGTH);
  });
});

describe("a manufacturer's page", () => {
  it("lists its public rides best rated first, with their park, type, model and rating; nothing else", async () => {
    const gerstlauer = await maker("gerstlauer");
    const park = await createPark(database.db, { name: "Parc Gerstlauer", slug: "parc-gerstlauer" });
    const hiddenPark = await createPark(database.db, { moderationStatus: "pending" });
    const best = await createRide(database.db, park.id, { manufacturerId: gerstlauer.id, model: "Infinity Coaster", ratingCount: 2, ratingSum: 9 });
    const unrated = await createRide(database.db, park.id, { manufacturerId: gerstlauer.id, status: "removed" });
    const worse = await createRide(database.db, park.id, { manufacturerId: gerstlauer.id, ratingCount: 1, ratingSum: 2 });
    await createRide(database.db, park.id, { manufacturerId: gerstlauer.id, moderationStatus: "pending" });
    await createRide(database.db, hiddenPark.id, { manufacturerId: gerstlauer.id });
    await createRide(database.db, park.id, { ratingCount: 5, ratingSum: 25 });

    const page = await load<{ manufacturer: { name: string; country: string }; rides: Array<{ id: string }>; total: number; pages: number }>(
      manufacturerLoader,
      "/fr/manufacturers/gerstlauer",
      { manufacturerSlug: "gerstlauer" },
    );
    expect(page.manufacturer).toEqual({ name: "Gerstlauer", slug: "gerstlauer", country: "Allemagne" });
    expect(page.rides.map((ride) => ride.id)).toEqual([best.id, worse.id, unrated.id]);
    expect(page.rides[0]).toEqual({
      id: best.id,
      name: best.name,
      slug: best.slug,
      type: "roller_coaster",
      status: "operating",
      model: "Infinity Coaster",
      parkName: "Parc Gerstlauer",
      parkSlug: "parc-gerstlauer",
      averageRating: 4.5,
      ratingCount: 2,
    });
    expect(page).toMatchObject({ total: 3, pages: 1 });
    const english = await load<{ manufacturer: { country: string } }>(manufacturerLoader, "/en/manufacturers/gerstlauer", { manufacturerSlug: "gerstlauer" });
    expect(english.manufacturer.country).toBe("Germany");
  });

  it("pages its rides without overlap, and says so when it has none", async () => {
    const huss = await maker("huss-rides");
    const park = await createPark(database.db);
    for (let index = 0; index < MANUFACTURER_RIDES_PER_PAGE + 2; index++) {
      await createRide(database.db, park.id, { manufacturerId: huss.id, ratingCount: 1, ratingSum: 1 + (index % 5) });
    }
    const first = await listManufacturerRides(database.db, huss.id, 1);
    const second = await listManufacturerRides(database.db, huss.id, 2);
    expect(first.total).toBe(MANUFACTURER_RIDES_PER_PAGE + 2);
    expect(first.rides).toHaveLength(MANUFACTURER_RIDES_PER_PAGE);
    expect(second.rides).toHaveLength(2);
    expect(new Set([...first.rides, ...second.rides].map((ride) => ride.id)).size).toBe(MANUFACTURER_RIDES_PER_PAGE + 2);
    const paged = await load<{ page: number; pages: number; rides: unknown[] }>(manufacturerLoader, "/fr/manufacturers/huss-rides?page=2", {
      manufacturerSlug: "huss-rides",
    });
    expect(paged).toMatchObject({ page: 2, pages: 2 });
    expect(paged.rides).toHaveLength(2);
    const empty = await load<{ total: number; rides: unknown[] }>(manufacturerLoader, "/fr/manufacturers/togo", { manufacturerSlug: "togo" });
    expect(empty).toMatchObject({ total: 0, rides: [] });
  });

  it("answers 404 to a slug no maker has", async () => {
    expect(await status(load(manufacturerLoader, "/fr/manufacturers/nobody", { manufacturerSlug: "nobody" }))).toBe(404);
    expect(await status(load(manufacturerLoader, "/fr/manufacturers/Mack%20Rides", { manufacturerSlug: "Mack Rides" }))).toBe(404);
  });

  it("is offered by the rankings' filter only when it has a public ride", async () => {
    const choices = await listManufacturerChoices(database.db);
    expect(choices.find((choice) => choice.slug === "gerstlauer")?.hasRides).toBe(true);
    expect(choices.find((choice) => choice.slug === "togo")?.hasRides).toBe(false);
  });
});

describe("the ride page", () => {
  it("shows the maker, linked to its page, and the model among the characteristics", async () => {
    const park = await createPark(database.db, { slug: "parc-mack" });
    const mack = await maker("mack-rides");
    const ride = await createRide(database.db, park.id, { slug: "blue-fire", manufacturerId: mack.id, model: "Launched Coaster" });
    const page = await load<{ cards: Array<{ id: string; facts: unknown[] }> }>(rideLoader, "/fr/parc-mack/blue-fire", {
      parkSlug: park.slug,
      rideSlug: ride.slug,
    });
    const characteristics = page.cards.find((card) => card.id === "characteristics")!;
    expect(characteristics.facts.slice(0, 2)).toEqual([
      { label: "manufacturer", value: { text: "Mack Rides", href: "/manufacturers/mack-rides" } },
      { label: "model", value: { text: "Launched Coaster" } },
    ]);
  });
});

describe("the forms' writes (decision 0051's declaration)", () => {
  it("a suggestion reads the ride's maker as its slug and an accepted one writes its id; the back office's edit writes both fields", async () => {
    const park = await createPark(database.db);
    const gerstlauer = await maker("gerstlauer");
    const zierer = await maker("zierer");
    const ride = await createRide(database.db, park.id, { manufacturerId: gerstlauer.id, model: "Bobsled Coaster" });
    const target = await findSuggestionTarget(database.db, "attraction", ride.id);
    expect(target?.values).toMatchObject({ manufacturer: "gerstlauer", model: "Bobsled Coaster" });
    expect(rideColumnsOf({ manufacturer: "zierer", model: "Tivoli" })).toEqual({ manufacturerId: zierer.id, model: "Tivoli" });
    expect(rideColumnsOf({ manufacturer: null })).toEqual({ manufacturerId: null });

    const admin = await createMember(database.db);
    const edit = { name: ride.name, type: "roller_coaster", status: "operating", manufacturer: "zierer", model: "Tivoli" };
    expect(await updateRide(database.db, admin.id, ride.id, edit)).toEqual({ ok: true });
    const [saved] = await database.db.select().from(schema.rides).where(eq(schema.rides.id, ride.id));
    expect(saved).toMatchObject({ manufacturerId: zierer.id, model: "Tivoli" });
    expect(await updateRide(database.db, admin.id, ride.id, { ...edit, manufacturer: "", model: "" })).toEqual({ ok: true });
    const [cleared] = await database.db.select().from(schema.rides).where(eq(schema.rides.id, ride.id));
    expect(cleared).toMatchObject({ manufacturerId: null, model: null });
  });
});

describe("the sitemap", () => {
  it("indexes the manufacturers' file, which lists the makers with public rides in both languages", async () => {
    expect(await sitemapIndex(database.db, TEST_ORIGIN)).toContain(`<loc>${TEST_ORIGIN}/sitemaps/manufacturers.xml</loc>`);
    const xml = await manufacturersSitemap(database.db, TEST_ORIGIN);
    expect(xml).toContain(`<loc>${TEST_ORIGIN}/fr/manufacturers/gerstlauer</loc>`);
    expect(xml).toContain(`hreflang="en" href="${TEST_ORIGIN}/en/manufacturers/gerstlauer"`);
    expect(xml).not.toContain("/manufacturers/togo");
  });
});
