import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { loader as apiLoader } from "~/routes/api.v1";
import { loader as parkPage } from "~/routes/park";
import { loader as planLoader } from "~/routes/park-plan";
import { editableRide } from "~/server/admin/admin-rides";
import { updateRide } from "~/server/admin/ride-moderation";
import { createRide } from "~/server/contributions/create-ride";
import { rides, rideSuggestions } from "~/server/db/schema";
import { createLocalDiskStorage } from "~/server/images/local-disk-storage";
import { submitSuggestion } from "~/server/suggestions/submit-suggestion";
import { approveSuggestion } from "~/server/suggestions/suggestion-moderation";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createMember, createPark, createRide as insertRide } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * A ride's position in its park (docs/rules/catalogue.md#ride-position) through every write that takes it — the
 * park page's add-ride form, the edit suggestion and its approval, the back office's edit —, the public API's ride
 * detail, and the park's plan (docs/rules/catalogue.md#park-plan): its picture and its place on the park page.
 */
let database: TestDatabase;
let deps: Parameters<typeof createRide>[0];
let harness: ReturnType<typeof createAuthContext>;
let admin: CurrentUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const imageStorage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "parcours-positions-")));
  deps = { db: database.db, imageStorage, logger: pino({ level: "silent" }) };
  harness = createAuthContext(database, { API_REQUESTS_PER_MINUTE: "1000000" });
  admin = await member(true);
});
afterAll(async () => {
  await database.close();
});

async function member(isAdmin = false): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin, twoFactorEnabled: false };
}

/** Parc Astérix's place, and points so many metres north of it. */
const ASTERIX = { latitude: 49.1342, longitude: 2.5714 };
const north = (metres: number) => ({ latitude: String(ASTERIX.latitude + metres / 111_195), longitude: String(ASTERIX.longitude) });
const rounded = (value: number) => Number(value.toFixed(6));

async function placedPark() {
  return createPark(database.db, ASTERIX);
}

async function rideRow(id: string) {
  const [row] = await database.db.select().from(rides).where(eq(rides.id, id));
  return row!;
}

const rideCount = async (parkId: string) => (await database.db.select({ n: count() }).from(rides).where(eq(rides.parkId, parkId)))[0]!.n;

describe("adding a ride with its position (the park page's form)", () => {
  it("stores the pair, six decimals kept, a French comma read", async () => {
    const park = await placedPark();
    const created = await createRide(deps, await member(), park, {
      fields: { name: "Toutatis", type: "roller_coaster", latitude: "49,13512345", longitude: "2,5748" },
      image: null,
    });
    expect(created).toMatchObject({ ok: true });
    if (!created.ok) return;
    expect(await rideRow(created.id)).toMatchObject({ latitude: 49.135123, longitude: 2.5748 });
  });

  it("refuses half a pair with its message, and writes nothing", async () => {
    const park = await placedPark();
    const refused = await createRide(deps, await member(), park, { fields: { name: "Goudurix", type: "roller_coaster", latitude: "49.1351", longitude: " " }, image: null });
    expect(refused).toEqual({ ok: false, reason: "invalid", errors: { longitude: [{ key: "contribute.errors.locationPair" }] } });
    expect(await rideCount(park.id)).toBe(0);
  });

  it("refuses a position more than 3 km from the park's, and writes nothing; takes one within, or any when the park has no location", async () => {
    const park = await placedPark();
    const author = await member();
    const far = await createRide(deps, author, park, { fields: { name: "OzIris", type: "roller_coaster", ...north(3200) }, image: null });
    expect(far).toEqual({ ok: false, reason: "invalid", errors: { latitude: [{ key: "contribute.errors.positionTooFar", values: { km: 3 } }] } });
    expect(await rideCount(park.id)).toBe(0);
    expect(await createRide(deps, author, park, { fields: { name: "OzIris", type: "roller_coaster", ...north(2800) }, image: null })).toMatchObject({ ok: true });
    const nowhere = await createPark(database.db);
    expect(await createRide(deps, author, nowhere, { fields: { name: "Ailleurs", type: "flat_ride", ...north(50_000) }, image: null })).toMatchObject({ ok: true });
  });

  it("keeps the pair both or neither in the database itself (attractions_position)", async () => {
    const park = await placedPark();
    const ride = await insertRide(database.db, park.id);
    for (const [latitude, longitude] of [[49, null], [null, 2], [91, 2], [49, 181]] as const) {
      await expect(database.db.execute(sql`UPDATE attractions SET latitude = ${latitude}, longitude = ${longitude} WHERE id = ${ride.id}`)).rejects.toThrow();
    }
  });
});

describe("a position suggested, then approved", () => {
  const reason = { reason: "Vu sur le plan du parc" };

  it("stores the pair as one change and writes it when approved", async () => {
    const park = await placedPark();
    const ride = await insertRide(database.db, park.id, { name: "Pégase Express", latitude: 49.1351, longitude: 2.5748 });
    const moved = { ...north(400), ...reason };
    const sent = await submitSuggestion(deps, await member(), "attraction", ride.id, { fields: moved, image: null });
    expect(sent).toMatchObject({ ok: true });
    if (!sent.ok) return;
    const [stored] = await database.db.select().from(rideSuggestions).where(eq(rideSuggestions.id, sent.id));
    expect(stored!.suggestedChanges).toEqual({ latitude: rounded(ASTERIX.latitude + 400 / 111_195), longitude: ASTERIX.longitude });
    expect(stored!.originalValues).toEqual({ latitude: 49.1351, longitude: 2.5748 });
    expect(await approveSuggestion(deps, admin, "attraction", sent.id, [])).toEqual({ ok: true });
    expect(await rideRow(ride.id)).toMatchObject({ latitude: rounded(ASTERIX.latitude + 400 / 111_195), longitude: ASTERIX.longitude });
  });

  it("refuses a half pair and a position too far, and takes other changes beside a position left as it was", async () => {
    const park = await placedPark();
    const ride = await insertRide(database.db, park.id, { name: "Romus et Rapidus" });
    const half = await submitSuggestion(deps, await member(), "attraction", ride.id, { fields: { latitude: "49.1351", longitude: "", ...reason }, image: null });
    expect(half).toEqual({ ok: false, reason: "invalid", errors: { longitude: [{ key: "contribute.errors.locationPair" }] } });
    const far = await submitSuggestion(deps, await member(), "attraction", ride.id, { fields: { ...north(5000), ...reason }, image: null });
    expect(far).toEqual({ ok: false, reason: "invalid", errors: { latitude: [{ key: "contribute.errors.positionTooFar", values: { km: 3 } }] } });
    expect(await database.db.select().from(rideSuggestions).where(eq(rideSuggestions.rideId, ride.id))).toEqual([]);

    // A ride placed before its park moved away keeps its position through a suggestion that changes its name only.
    const stranded = await insertRide(database.db, park.id, { name: "Trace", latitude: 49.2, longitude: 2.6 });
    const renamed = await submitSuggestion(deps, await member(), "attraction", stranded.id, {
      fields: { name: "La Trace du Hourra", latitude: "49.2", longitude: "2.6", ...reason },
      image: null,
    });
    expect(renamed).toMatchObject({ ok: true });
  });
});

describe("the back office's ride edit", () => {
  const editFields = (ride: { name: string }, position: { latitude: string; longitude: string }) => ({ name: ride.name, type: "roller_coaster", status: "operating", ...position });

  it("shows the position, writes a new one, refuses one too far, and keeps one left as it was", async () => {
    const park = await placedPark();
    const ride = await insertRide(database.db, park.id, { name: "Tonnerre 2 Zeus", latitude: 49.1351, longitude: 2.5748 });
    expect(await editableRide(database.db, ride.id)).toMatchObject({ latitude: 49.1351, longitude: 2.5748 });

    expect(await updateRide(database.db, admin.id, ride.id, editFields(ride, north(300)))).toEqual({ ok: true });
    expect(await rideRow(ride.id)).toMatchObject({ latitude: rounded(ASTERIX.latitude + 300 / 111_195), longitude: ASTERIX.longitude });

    const far = await updateRide(database.db, admin.id, ride.id, editFields(ride, north(3500)));
    expect(far).toEqual({
      ok: false,
      reason: "invalid",
      error: { key: "admin.attractions.errors.updateForm" },
      fields: { latitude: [{ key: "contribute.errors.positionTooFar", values: { km: 3 } }] },
    });
    const half = await updateRide(database.db, admin.id, ride.id, editFields(ride, { latitude: "", longitude: "2.5" }));
    expect(half).toMatchObject({ ok: false, reason: "invalid", fields: { latitude: [{ key: "contribute.errors.locationPair" }] } });
    expect(await rideRow(ride.id)).toMatchObject({ latitude: rounded(ASTERIX.latitude + 300 / 111_195) });

    // Far from the park already (it moved since): saved again as it is, it is not refused.
    await database.db.update(rides).set({ latitude: 49.3, longitude: 2.6 }).where(eq(rides.id, ride.id));
    expect(await updateRide(database.db, admin.id, ride.id, editFields(ride, { latitude: "49.3", longitude: "2.6" }))).toEqual({ ok: true });
    // Emptied, the position is unknown.
    expect(await updateRide(database.db, admin.id, ride.id, editFields(ride, { latitude: "", longitude: "" }))).toEqual({ ok: true });
    expect(await rideRow(ride.id)).toMatchObject({ latitude: null, longitude: null });
  });
});

describe("the public API's ride detail", () => {
  async function detail(id: string) {
    const request = new Request(`${TEST_ORIGIN}/api/v1/rides/${id}`, { headers: { "x-parcours-client-ip": "198.51.100.7" } });
    const response = (await apiLoader({ request, context: harness.context, params: { "*": `rides/${id}` } } as never)) as Response;
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  it("gives the ride's position, or null for both", async () => {
    const park = await placedPark();
    const placed = await insertRide(database.db, park.id, { latitude: 49.1351, longitude: 2.5748 });
    expect(await detail(placed.id)).toMatchObject({ id: placed.id, latitude: 49.1351, longitude: 2.5748 });
    const unplaced = await insertRide(database.db, park.id);
    expect(await detail(unplaced.id)).toMatchObject({ latitude: null, longitude: null });
  });
});

describe("the park's plan (/maps/plans/<park id>.svg)", () => {
  async function plan(file: string, headers: Record<string, string> = {}): Promise<Response> {
    const request = new Request(`${TEST_ORIGIN}/maps/plans/${file}`, { headers });
    return (await planLoader({ request, params: { file }, context: { db: database.db } } as never)) as Response;
  }

  async function pageData(slug: string) {
    return (await parkPage({ request: new Request(`${TEST_ORIGIN}/fr/${slug}`), params: { parkSlug: slug }, context: harness.context } as never)) as Record<string, unknown>;
  }

  it("draws the published, operating rides with a position, numbered by name, with an ETag", async () => {
    const park = await placedPark();
    await insertRide(database.db, park.id, { name: "Zeus", typeId: 1, latitude: 49.1351, longitude: 2.5748 });
    await insertRide(database.db, park.id, { name: "Athéna", typeId: 3, latitude: 49.1322, longitude: 2.5701 });
    await insertRide(database.db, park.id, { name: "Sans place", typeId: 1 });
    await insertRide(database.db, park.id, { name: "En attente", latitude: 49.133, longitude: 2.571, moderationStatus: "pending" });
    await insertRide(database.db, park.id, { name: "Démontée", latitude: 49.134, longitude: 2.572, status: "removed" });

    const response = await plan(`${park.id}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'");
    const body = await response.text();
    expect(body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 /);
    expect(body).not.toMatch(/<script|href|Sans place|En attente|Démontée/);
    // Two marks and two legend lines, the water ride (Athéna, first by name) number 1; the scale and north.
    expect(body.match(/<circle /g)).toHaveLength(4);
    expect(body).toMatch(/fill="#0369a1"[^>]*\/><text [^>]*>1<\/text>/);
    expect(body).toContain(">Athéna</text>");
    expect(body).toContain(">Zeus</text>");
    expect(body).toMatch(/>\d+ k?m<\/text>/);
    expect(body).toContain(">N</text>");

    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect((await plan(`${park.id}.svg`, { "If-None-Match": etag })).status).toBe(304);

    const data = await pageData(park.slug);
    expect(data.plan).toEqual({ src: `/maps/plans/${park.id}.svg`, alt: expect.stringContaining("Plan du parc") as unknown, width: 400, height: expect.any(Number) as unknown });
    expect(data.plan).toMatchObject({ alt: expect.stringContaining("2 attractions") as unknown });
  });

  it("answers 404, and the park page has no plan, for fewer than two placed rides, an unpublished park or any other address", async () => {
    const single = await placedPark();
    await insertRide(database.db, single.id, { latitude: 49.1351, longitude: 2.5748 });
    await insertRide(database.db, single.id, { height: 30 });
    const pending = await createPark(database.db, { ...ASTERIX, moderationStatus: "pending" });
    await insertRide(database.db, pending.id, { latitude: 49.1351, longitude: 2.5748 });
    await insertRide(database.db, pending.id, { latitude: 49.1322, longitude: 2.5701 });
    for (const file of [`${crypto.randomUUID()}.svg`, `${single.id}.svg`, `${pending.id}.svg`, "not-a-park.svg", `${single.id}.png`, single.id]) {
      const response = await plan(file);
      expect(response.status, file).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const data = await pageData(single.slug);
    // Not even the key: a park without a plan carries not a byte more.
    expect("plan" in data).toBe(false);
    expect(data.skyline).not.toBeNull();
  });
});
