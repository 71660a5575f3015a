import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as skylineLoader } from "~/routes/skyline";
import { rideRatings, parkRatings } from "~/server/db/schema";
import { readDuelState } from "~/server/duels/duel-rides";
import { readFigureStandings } from "~/server/identity/figure-standings";
import { findParkMemberPhoto } from "~/server/identity/member-photos";
import { listDrawnRides } from "~/server/identity/park-skyline";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const COASTER = 1;
const WATER_RIDE = 3;
const KIDS_RIDE = 6;

async function skyline(file: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://localhost/skylines/${file}`, { headers });
  return (await skylineLoader({ request, params: { file }, context: { db: database.db } } as unknown as Parameters<typeof skylineLoader>[0])) as Response;
}

describe("a ride's figures against its type on the site and its park", () => {
  it("counts the published, operating rides of the type below it (ties are not), and ranks it in its park", async () => {
    // The only water rides of this file: the site's count is this test's.
    const home = await createPark(database.db);
    const elsewhere = await createPark(database.db);
    const hidden = await createPark(database.db, { moderationStatus: "pending" });
    const ride = await createRide(database.db, home.id, { typeId: WATER_RIDE, height: 30, maxSpeed: 50, inversions: null, duration: 120 });
    // Site, same type: two below, one tie, one above, one without a height.
    await createRide(database.db, elsewhere.id, { typeId: WATER_RIDE, height: 10, maxSpeed: 40 });
    await createRide(database.db, elsewhere.id, { typeId: WATER_RIDE, height: 29.5 });
    await createRide(database.db, elsewhere.id, { typeId: WATER_RIDE, height: 30 });
    await createRide(database.db, elsewhere.id, { typeId: WATER_RIDE, height: 45 });
    await createRide(database.db, elsewhere.id, { typeId: WATER_RIDE, height: null, maxSpeed: 60 });
    // Counted nowhere: unpublished, removed, or in an unpublished park.
    await createRide(database.db, elsewhere.id, { typeId: WATER_RIDE, height: 1, moderationStatus: "pending" });
    await createRide(database.db, elsewhere.id, { typeId: WATER_RIDE, height: 1, status: "removed" });
    await createRide(database.db, hidden.id, { typeId: WATER_RIDE, height: 1 });
    // The park, any type: one coaster taller, one as tall, one lower; a pending one taller still is not counted.
    await createRide(database.db, home.id, { typeId: COASTER, height: 40, duration: 90 });
    await createRide(database.db, home.id, { typeId: COASTER, height: 30 });
    await createRide(database.db, home.id, { typeId: COASTER, height: 5 });
    await createRide(database.db, home.id, { typeId: COASTER, height: 99, moderationStatus: "pending" });

    const standings = await readFigureStandings(database.db, ride);
    // No inversions on this ride and no track length: neither is asked for.
    expect(standings.map((standing) => standing.figure)).toEqual(["height", "maxSpeed", "duration"]);
    // The site's water rides with a height: 10, 29.5, 30, 45 (the other three: unpublished, removed, hidden park);
    // the park's rides with a height: 40, 30, 5.
    expect(standings[0]).toEqual({ figure: "height", siteTotal: 4, siteBelow: 2, parkTotal: 3, parkAbove: 1 });
    expect(standings[1]).toEqual({ figure: "maxSpeed", siteTotal: 2, siteBelow: 1, parkTotal: 0, parkAbove: 0 });
    expect(standings[2]).toEqual({ figure: "duration", siteTotal: 0, siteBelow: 0, parkTotal: 1, parkAbove: 0 });
  });

  it("asks nothing of a ride without figures", async () => {
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id, { typeId: COASTER });
    expect(await readFigureStandings(database.db, ride)).toEqual([]);
  });
});

describe("a park's skyline (/skylines/<park id>.svg)", () => {
  it("draws the published, operating rides with a height, by name, each in its type's colour", async () => {
    const park = await createPark(database.db);
    await createRide(database.db, park.id, { name: "Zénith", typeId: COASTER, height: 50 });
    await createRide(database.db, park.id, { name: "Abysse", typeId: KIDS_RIDE, height: 20 });
    await createRide(database.db, park.id, { name: "Sans hauteur", typeId: COASTER });
    await createRide(database.db, park.id, { name: "En attente", typeId: COASTER, height: 80, moderationStatus: "pending" });
    await createRide(database.db, park.id, { name: "Démontée", typeId: COASTER, height: 80, status: "removed" });
    expect((await listDrawnRides(database.db, park.id)).skyline).toEqual([
      { name: "Abysse", type: "kids_ride", height: 20 },
      { name: "Zénith", type: "roller_coaster", height: 50 },
    ]);

    const response = await skyline(`${park.id}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'");
    const body = await response.text();
    expect(body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 800 160"/);
    // Two rides and the ground line; the kids' ride (first by name) a tower, the coaster a peak reaching the top margin.
    expect(body.match(/<path /g)).toHaveLength(3);
    expect(body).toContain('<path d="M168 160V99.2H232V160Z" fill="#bef264"/>');
    expect(body).toContain('<path d="M568 160L600 8L632 160Z" fill="#fcd34d"/>');
    expect(body).not.toMatch(/<script|<text|href/);

    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await skyline(`${park.id}.svg`, { "If-None-Match": etag });
    expect(again.status).toBe(304);

    // A new ride changes the drawing, hence its tag.
    await createRide(database.db, park.id, { name: "Manège", typeId: 4, height: 8 });
    const changed = await skyline(`${park.id}.svg`, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("answers 404 for an unknown or unpublished park, a park without heights, or any other address", async () => {
    const pending = await createPark(database.db, { moderationStatus: "pending" });
    await createRide(database.db, pending.id, { height: 30 });
    const flat = await createPark(database.db);
    await createRide(database.db, flat.id, { typeId: 5 });
    for (const file of [`${crypto.randomUUID()}.svg`, `${pending.id}.svg`, `${flat.id}.svg`, "not-a-park.svg", `${flat.id}.png`, flat.id]) {
      const response = await skyline(file);
      expect(response.status, file).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("a duel card's figures", () => {
  it("come with each eligible ride, as numbers, absent figures as null", async () => {
    const park = await createPark(database.db);
    const member = await createMember(database.db);
    const tall = await createRide(database.db, park.id, { name: "Grande", typeId: COASTER, height: 76.5, maxSpeed: 134, inversions: 0, duration: 150 });
    const plain = await createRide(database.db, park.id, { name: "Simple", typeId: COASTER });
    for (const ride of [tall, plain]) await database.db.insert(rideRatings).values({ userId: member.id, rideId: ride.id, rating: 5, audienceType: "thrill" });
    const { rides } = await readDuelState(database.db, member.id, "roller_coaster");
    expect(rides.map(({ name, height, maxSpeed, inversions, duration }) => ({ name, height, maxSpeed, inversions, duration }))).toEqual([
      { name: "Grande", height: 76.5, maxSpeed: 134, inversions: 0, duration: 150 },
      { name: "Simple", height: null, maxSpeed: null, inversions: null, duration: null },
    ]);
  });
});

describe("a park's member photo", () => {
  it("is the first photo of its most helpful public review that has one", async () => {
    const park = await createPark(database.db);
    expect(await findParkMemberPhoto(database.db, park.id)).toBeNull();
    const review = async (images: string[], helpfulCount: number, hidden = false) => {
      const author = await createMember(database.db);
      await database.db.insert(parkRatings).values({
        parkId: park.id, userId: author.id, thrillRating: 4, visitDuration: "full_day", images, helpfulCount, hiddenAt: hidden ? new Date() : null,
      });
    };
    await review([], 9);
    await review(["park_images/hidden"], 8, true);
    await review(["park_images/most-helpful", "park_images/most-helpful-2"], 3);
    await review(["park_images/less-helpful"], 1);
    expect(await findParkMemberPhoto(database.db, park.id)).toBe("park_images/most-helpful");
  });
});
