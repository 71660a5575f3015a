import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RideTypeName } from "~/domain/ride-types";
import { planTotals } from "~/domain/visit-plan";
import { queryRows } from "~/server/db/database";
import { readDemoParks, readReviewComments, type DemoRide } from "~/server/demo/demo-data";
import { demoUsers } from "~/server/demo/demo-users";
import { loadDemoContentIfEmpty } from "~/server/demo/load-demo-content";
import { rideIntensity } from "~/server/demo/ride-intensity";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
type Review = { park: string; ride: string | null; type: RideTypeName | null; username: string; comment: string };
let reviews: Review[];

const texts = readReviewComments();
const rideData = new Map(
  readDemoParks().flatMap((park) => park.attractions.map((ride) => [`${park.name}|${ride.name}`, ride] as [string, DemoRide])),
);
const language = new Map<string, string>([["Admin", "fr"], ...demoUsers().map((user) => [user.username, user.language] as [string, string])]);

beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoContentIfEmpty(database.db, pino({ level: "silent" }), "admin@parcours.local");
  reviews = await queryRows<Review>(
    database.db,
    sql`SELECT p.name AS park, NULL AS ride, NULL AS type, pr.username, r.comment
          FROM park_ratings r JOIN parks p ON p.id = r.park_id JOIN profiles pr ON pr.id = r.user_id
         WHERE r.comment IS NOT NULL
        UNION ALL
        SELECT p.name, a.name, t.name, pr.username, r.comment
          FROM attraction_ratings r JOIN attractions a ON a.id = r.attraction_id JOIN parks p ON p.id = a.park_id
          JOIN attraction_types t ON t.id = a.type_id JOIN profiles pr ON pr.id = r.user_id
         WHERE r.comment IS NOT NULL`,
  );
});
afterAll(async () => {
  await database.close();
});

/** Which text of its pool a review's comment is, whatever its language. */
const indexOf = (review: Review) =>
  (review.ride === null ? texts.park : texts.attraction).findIndex((text) => text.fr === review.comment || text.en === review.comment);
const entryOf = (review: Review) => {
  const pool: ReadonlyArray<{ fr: string; en: string }> = review.ride === null ? texts.park : texts.attraction;
  return { index: indexOf(review), text: pool[indexOf(review)] };
};
const rideTextOf = (review: Review) => texts.attraction[indexOf(review)]!;

describe("demo reviews", () => {
  it("are many, each in its author's language, taken from the bilingual pools", () => {
    expect(reviews.filter((review) => review.ride === null).length).toBeGreaterThan(50);
    expect(reviews.filter((review) => review.ride !== null).length).toBeGreaterThan(150);
    for (const review of reviews) {
      const { text } = entryOf(review);
      expect(text, review.comment).toBeDefined();
      const own = language.get(review.username) === "en" ? text!.en : text!.fr;
      expect(review.comment, `${review.username} on ${review.ride ?? review.park}`).toBe(own);
    }
  });

  it("never repeat a text, or its translation, among a park's reviews and its rides' reviews", () => {
    const seen = new Map<string, Review>();
    for (const review of reviews) {
      const key = `${review.park}|${review.ride === null ? "park" : "ride"}|${entryOf(review).index}`;
      expect(seen.get(key), `${review.comment} twice at ${review.park}`).toBeUndefined();
      seen.set(key, review);
    }
  });

  it("praise thrills only on thrill rides, and calm or family fun only on family and gentle rides", () => {
    const thrillOnly = texts.attraction.filter((text) => text.intensities?.every((intensity) => intensity === "thrill"));
    const calmOrFamily = texts.attraction.filter((text) => text.intensities?.every((intensity) => intensity !== "thrill"));
    expect(thrillOnly.map((text) => text.fr)).toContain("Trop intense pour moi, mais mes ados sont ressortis ravis.");
    // Once given to The Smiler.
    expect(calmOrFamily.map((text) => text.fr)).toContain("Belle balade, calme et reposante, parfaite pour les grands-parents.");
    let checked = 0;
    for (const review of reviews) {
      if (review.ride === null) continue;
      const text = rideTextOf(review);
      const intensity = rideIntensity(rideData.get(`${review.park}|${review.ride}`)!);
      if (thrillOnly.includes(text)) expect(intensity, `${review.comment} on ${review.ride}`).toBe("thrill");
      if (calmOrFamily.includes(text)) expect(["family", "gentle"], `${review.comment} on ${review.ride}`).toContain(intensity);
      if (text.types) expect(text.types, `${review.comment} on ${review.ride}`).toContain(review.type);
      checked += thrillOnly.includes(text) || calmOrFamily.includes(text) ? 1 : 0;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe("demo ride durations", () => {
  it("give every demo ride a duration, so that a plan of any demo park has a known total", async () => {
    const rides = await queryRows<{ park: string; duration: number | null; status: string }>(
      database.db,
      sql`SELECT p.name AS park, a.duration, a.status FROM attractions a JOIN parks p ON p.id = a.park_id`,
    );
    expect(rides.length).toBeGreaterThan(300);
    expect(rides.filter((ride) => ride.duration === null)).toEqual([]);
    const efteling = rides.filter((ride) => ride.park === "Efteling");
    const totals = planTotals(efteling.map((ride) => ({ durationSeconds: ride.duration, removed: ride.status === "removed" })));
    expect(totals.ridesWithoutDuration).toBe(0);
    expect(totals.rideSeconds).toBeGreaterThan(0);
  });
});
