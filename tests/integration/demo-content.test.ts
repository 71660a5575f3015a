import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RIDE_TYPES, type RideTypeName } from "~/domain/ride-types";
import { loadDuelScreen } from "~/server/duels/duel-screen";
import { queryRows } from "~/server/db/database";
import { loadDemoContentIfEmpty } from "~/server/demo/load-demo-content";
import { badgeStanding } from "~/domain/badges";
import { influenceLevel } from "~/domain/influence";
import { findProfileSummary } from "~/server/profiles/profile-queries";
import { rideRatings, rides, parkRatings, profiles } from "~/server/db/schema";
import { eq } from "drizzle-orm";
import { loadRanking } from "~/server/rankings/rankings-page";
import { listTopDuels } from "~/server/rankings/duel-ranking";
import { RANKING_TABS } from "~/domain/ranking-tabs";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const silent = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoContentIfEmpty(database.db, silent, "admin@parcours.local");
});
afterAll(async () => {
  await database.close();
});

async function storedOrder(userId: string) {
  return queryRows(database.db, sql`SELECT type_id, attraction_id, rank FROM attraction_rankings WHERE user_id = ${userId} ORDER BY 1, 3`);
}

describe("demo content", () => {
  it("holds at least 25 real parks in 6 countries, French ones first, and 300 attractions of every type", async () => {
    const [counts] = await queryRows<{ parks: number; countries: number; attractions: number; removed: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM parks WHERE moderation_status = 'approved')::int AS parks,
                 (SELECT count(DISTINCT country) FROM parks)::int AS countries,
                 (SELECT count(*) FROM attractions WHERE moderation_status = 'approved')::int AS attractions,
                 (SELECT count(*) FROM attractions WHERE status = 'removed')::int AS removed`,
    );
    expect(counts!.parks).toBeGreaterThanOrEqual(25);
    expect(counts!.countries).toBeGreaterThanOrEqual(6);
    expect(counts!.attractions).toBeGreaterThanOrEqual(300);
    expect(counts!.removed).toBeGreaterThan(0);
    const types = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT DISTINCT t.name FROM attractions a JOIN attraction_types t ON t.id = a.type_id`,
    );
    expect(types.map((type) => type.name).sort()).toEqual([...RIDE_TYPES].sort());
    const french = await queryRows<{ slug: string }>(database.db, sql`SELECT slug FROM parks WHERE country = 'France'`);
    expect(french.map((park) => park.slug)).toEqual(
      expect.arrayContaining(["parc-asterix", "disneyland-paris", "futuroscope", "puy-du-fou", "walibi-rhone-alpes", "nigloland"]),
    );
  });

  it("places every demo park where it really is, and the database refuses half a location or one out of range", async () => {
    const placed = await queryRows<{ slug: string; latitude: number; longitude: number }>(
      database.db,
      sql`SELECT slug, latitude, longitude FROM parks WHERE moderation_status = 'approved' ORDER BY slug`,
    );
    expect(placed.length).toBeGreaterThanOrEqual(27);
    for (const park of placed) {
      // Every demo park is in Europe.
      expect(park.latitude, park.slug).toBeGreaterThan(35);
      expect(park.latitude, park.slug).toBeLessThan(60);
      expect(park.longitude, park.slug).toBeGreaterThan(-10);
      expect(park.longitude, park.slug).toBeLessThan(25);
    }
    const asterix = placed.find((park) => park.slug === "parc-asterix")!;
    expect([asterix.latitude, asterix.longitude]).toEqual([49.1342, 2.5714]);
    const liseberg = placed.find((park) => park.slug === "liseberg")!;
    expect(liseberg.latitude).toBeCloseTo(57.7, 1);
    for (const [latitude, longitude] of [[48, null], [91, 2], [45, -181]] as const) {
      await expect(
        database.db.execute(sql`UPDATE parks SET latitude = ${latitude}, longitude = ${longitude} WHERE slug = 'parc-asterix'`),
      ).rejects.toThrow();
    }
  });

  it("places the rides of the five largest parks within their park (approximate demo placements), and no other park's", async () => {
    const rows = await queryRows<{ park: string; placed: number; rides: number; farthest: number | null }>(
      database.db,
      sql`SELECT p.name AS park, count(a.latitude)::int AS placed, count(*)::int AS rides,
            max(6371.0088 * 2 * asin(sqrt(power(sin(radians(a.latitude - p.latitude) / 2), 2)
              + cos(radians(p.latitude)) * cos(radians(a.latitude)) * power(sin(radians(a.longitude - p.longitude) / 2), 2)))) AS farthest
          FROM attractions a JOIN parks p ON p.id = a.park_id GROUP BY p.name ORDER BY p.name`,
    );
    const placedParks = rows.filter((row) => row.placed > 0);
    expect(placedParks.map((row) => row.park)).toEqual(["Disneyland Paris", "Efteling", "Europa-Park", "Parc Astérix", "Phantasialand"]);
    for (const row of placedParks) {
      expect(row.placed, row.park).toBe(row.rides);
      // Loops of 300 to 800 m around the park's own position, well within the 3 km rule (docs/rules/catalogue.md#ride-position).
      expect(row.farthest, row.park).toBeGreaterThan(0.25);
      expect(row.farthest, row.park).toBeLessThan(1);
    }
  });

  it("names the maker of the rides whose maker is known, and their model where it is (decision 0052)", async () => {
    const rows = await queryRows<{ park: string; ride: string; maker: string | null; model: string | null }>(
      database.db,
      sql`SELECT p.name AS park, a.name AS ride, m.slug AS maker, a.model
          FROM attractions a JOIN parks p ON p.id = a.park_id LEFT JOIN manufacturers m ON m.id = a.manufacturer_id`,
    );
    const of = (park: string, ride: string) => rows.find((row) => row.park === park && row.ride === ride);
    expect(of("Parc Astérix", "OzIris")).toMatchObject({ maker: "bolliger-mabillard", model: "Inverted Coaster" });
    expect(of("Parc Astérix", "Goudurix")).toMatchObject({ maker: "vekoma" });
    expect(of("Parc Astérix", "Tonnerre 2 Zeus")).toMatchObject({ maker: "custom-coasters-international" });
    expect(of("Europa-Park", "Silver Star")).toMatchObject({ maker: "bolliger-mabillard", model: "Hyper Coaster" });
    expect(of("Europa-Park", "Blue Fire Megacoaster")).toMatchObject({ maker: "mack-rides" });
    expect(of("Efteling", "Baron 1898")).toMatchObject({ maker: "bolliger-mabillard", model: "Dive Coaster" });
    // Unknown makers stay empty rather than guessed.
    expect(of("Puy du Fou", "La Cinéscénie")).toMatchObject({ maker: null, model: null });
    expect(rows.filter((row) => row.maker !== null).length).toBeGreaterThanOrEqual(100);
  });

  it("has members with ratings in both languages, votes, duels and one administrator", async () => {
    const [counts] = await queryRows<Record<string, number>>(
      database.db,
      sql`SELECT (SELECT count(*) FROM park_ratings WHERE comment IS NOT NULL)::int AS park_comments,
                 (SELECT count(*) FROM attraction_ratings)::int AS attraction_ratings,
                 (SELECT count(*) FROM rating_votes)::int AS votes,
                 (SELECT count(*) FROM attraction_duels)::int AS duels,
                 (SELECT count(*) FROM attraction_rankings)::int AS rankings,
                 (SELECT count(*) FROM "user" WHERE role = 'admin' AND email = 'admin@parcours.local')::int AS admins,
                 (SELECT count(*) FROM account WHERE provider_id = 'credential' AND password IS NOT NULL)::int AS passwords,
                 (SELECT count(*) FROM profiles)::int AS profiles`,
    );
    expect(counts!.park_comments).toBeGreaterThan(50);
    expect(counts!.attraction_ratings).toBeGreaterThan(500);
    expect(counts!.votes).toBeGreaterThan(100);
    expect(counts!.duels).toBeGreaterThan(50);
    expect(counts!.rankings).toBeGreaterThan(0);
    expect(counts!.admins).toBe(1);
    expect(counts!.passwords).toBe(counts!.profiles);
  });

  it("has duels asked as the duels page asks them: some types complete, some partway, the stored orders the planner's", async () => {
    const types = await queryRows<{ user_id: string; type: RideTypeName }>(
      database.db,
      sql`SELECT DISTINCT k.user_id, t.name AS type FROM attraction_rankings k JOIN attraction_types t ON t.id = k.type_id
        ORDER BY 1, 2 LIMIT 40`,
    );
    const states = new Map<string, number>();
    for (const { user_id, type } of types) {
      const before = await storedOrder(user_id);
      const screen = await loadDuelScreen(database.db, user_id, type);
      states.set(screen.state, (states.get(screen.state) ?? 0) + 1);
      // Reading a demo member's screen finds nothing to store: the demo stored the planner's order.
      expect(await storedOrder(user_id)).toEqual(before);
    }
    expect(states.get("complete")).toBeGreaterThan(0);
    expect(states.get("pair")).toBeGreaterThan(0);
  });

  it("never has anyone vote on their own review", async () => {
    const [row] = await queryRows<{ own: number }>(
      database.db,
      sql`SELECT count(*)::int AS own FROM rating_votes v
          JOIN park_ratings r ON v.rating_type = 'park' AND r.id = v.rating_id WHERE r.user_id = v.user_id`,
    );
    expect(row!.own).toBe(0);
  });

  it("stores aggregates that agree with the ratings (docs/rules/catalogue.md#park-scores)", async () => {
    const parks = await queryRows<{ id: string; average_rating: string | number | null; thrill_average: string | number | null; rating_count: number }>(
      database.db,
      sql`SELECT id, average_rating, thrill_average, rating_count FROM parks`,
    );
    const ratings = await queryRows<Record<string, number | null> & { park_id: string }>(
      database.db,
      sql`SELECT park_id, kids_friendly_rating, family_friendly_rating, thrill_rating, theming_rating, operations_rating, value_rating FROM park_ratings`,
    );
    for (const park of parks) {
      const own = ratings.filter((rating) => rating.park_id === park.id);
      expect(park.rating_count).toBe(own.length);
      if (own.length === 0) continue;
      const means = own.map((rating) => {
        const given = ["kids_friendly_rating", "family_friendly_rating", "thrill_rating", "theming_rating", "operations_rating", "value_rating"]
          .map((key) => rating[key])
          .filter((value): value is number => value !== null);
        return given.reduce((a, b) => a + b, 0) / given.length;
      });
      const expected = Math.round((means.reduce((a, b) => a + b, 0) / means.length) * 100) / 100;
      expect(Number(park.average_rating)).toBeCloseTo(expected, 2);
      const thrills = own.map((rating) => rating.thrill_rating).filter((value): value is number => value !== null);
      expect(Number(park.thrill_average)).toBeCloseTo(Math.round((thrills.reduce((a, b) => a + b, 0) / thrills.length) * 100) / 100, 2);
    }
  });

  it("is loaded only into an empty database", async () => {
    await loadDemoContentIfEmpty(database.db, silent, "admin@parcours.local");
    const [row] = await queryRows<{ parks: number }>(database.db, sql`SELECT count(*)::int AS parks FROM parks`);
    const [files] = await queryRows<{ parks: number }>(database.db, sql`SELECT count(DISTINCT slug)::int AS parks FROM parks`);
    expect(row!.parks).toBe(files!.parks);
  });
});

describe("demo edit suggestions", () => {
  it("has two pending ones for the administrator, whose targets still hold their original values, one approved and one rejected with its reason", async () => {
    const rows = await queryRows<{ kind: string; status: string; reason: string | null; unchanged: boolean }>(
      database.db,
      sql`SELECT 'park' AS kind, s.status, s.moderation_reason AS reason,
                 to_jsonb(p.opening_hours) = s.original_values->'openingHours' AS unchanged
            FROM park_suggestions s JOIN parks p ON p.id = s.park_id
          UNION ALL
          SELECT 'attraction', s.status, s.moderation_reason,
                 to_jsonb(a.capacity_per_hour) = s.original_values->'capacityPerHour'
            FROM attraction_suggestions s JOIN attractions a ON a.id = s.attraction_id`,
    );
    const pending = rows.filter((row) => row.status === "pending");
    expect(pending.map((row) => row.kind).sort()).toEqual(["attraction", "park"]);
    expect(pending.every((row) => row.unchanged)).toBe(true);
    expect(rows.filter((row) => row.status === "approved")).toHaveLength(1);
    expect(rows.find((row) => row.status === "rejected")?.reason).toBe("Tarif promotionnel ponctuel, pas le prix public");
  });
});

describe("demo profiles (docs/rules/profiles.md#profile-page)", () => {
  const profileOf = async (username: string) => {
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.username, username));
    return (await findProfileSummary(database.db, profile!.id))!;
  };

  it("Marie's figures match a plain sum over her own ratings", async () => {
    const summary = await profileOf("Marie_Coaster");
    const ratedRides = await database.db
      .select({ rating: rideRatings.rating, attraction: rides })
      .from(rideRatings)
      .innerJoin(rides, eq(rides.id, rideRatings.rideId))
      .where(eq(rideRatings.userId, summary.id));
    const parks = await database.db.select().from(parkRatings).where(eq(parkRatings.userId, summary.id));
    const total = (pick: (ride: (typeof ratedRides)[number]["attraction"]) => number | null) =>
      ratedRides.reduce((sum, ride) => sum + (pick(ride.attraction) ?? 0), 0);
    const parkScores = parks.map((rating) => {
      const given = [rating.kidsFriendlyRating, rating.familyFriendlyRating, rating.thrillRating, rating.themingRating, rating.operationsRating, rating.valueRating].filter(
        (value): value is number => value !== null,
      );
      return given.reduce((sum, value) => sum + value, 0) / given.length;
    });
    const statistics = summary.statistics;
    expect(ratedRides.length).toBeGreaterThan(50);
    expect(statistics.testedRides).toBe(ratedRides.length);
    expect(statistics.visitedParks).toBe(parks.length);
    expect(statistics.reviewsGiven).toBe(ratedRides.length + parks.length);
    expect(statistics.distanceMetres).toBe(total((ride) => ride.trackLength));
    expect(statistics.inversions).toBe(total((ride) => ride.inversions));
    expect(statistics.rideSeconds).toBe(total((ride) => ride.duration));
    expect(statistics.heightMetres).toBeCloseTo(total((ride) => ride.height), 6);
    expect(statistics.ridesByType.roller_coaster).toBe(ratedRides.filter((ride) => ride.attraction.typeId === 1).length);
    const ratingSum = ratedRides.reduce((sum, ride) => sum + ride.rating, 0) + parkScores.reduce((sum, score) => sum + score, 0);
    expect(statistics.averageRating).toBeCloseTo(ratingSum / (ratedRides.length + parks.length), 6);
    expect(statistics.badgeValues.photos).toBe(parks.reduce((sum, rating) => sum + rating.images.length, 0));
  });

  it("Lea has rated exactly 5 parks (the first Explorer badge) and Tom 11 (Habitué x1.25)", async () => {
    const lea = await profileOf("Lea-en-famille");
    const tom = await profileOf("TomThrills");
    expect(lea.statistics.visitedParks).toBe(5);
    expect(badgeStanding("explorer", lea.statistics.badgeValues.explorer).level).toBe(1);
    expect(tom.statistics.visitedParks).toBe(11);
    expect(influenceLevel(tom.statistics.visitedParks)).toMatchObject({ name: "Habitué", multiplier: 1.25 });
  });
});

describe("demo rankings", () => {
  it("give every tab of the rankings page rows, and home's Top Duels several types", async () => {
    for (const tab of RANKING_TABS) {
      const ranking = await loadRanking(database.db, { tab, type: null });
      expect(ranking.rows.length, tab).toBeGreaterThanOrEqual(3);
    }
    expect((await loadRanking(database.db, { tab: "duels", type: "roller_coaster" })).rows.length).toBeGreaterThanOrEqual(3);
    expect((await listTopDuels(database.db)).length).toBeGreaterThanOrEqual(2);
  });

  it("gives the members ride logs of the rides they rated, Marie's and Tom's shown, Léa's private", async () => {
    const logs = await queryRows<{ username: string; visibility: string; credits: number; rated: number }>(
      database.db,
      sql`SELECT p.username, p.ride_log_visibility AS visibility, p.ride_credits AS credits,
          (SELECT count(DISTINCT r.attraction_id) FROM attraction_ratings r WHERE r.user_id = p.id)::int AS rated
        FROM profiles p WHERE p.username IN ('Marie_Coaster', 'TomThrills', 'Lea-en-famille') ORDER BY p.username`,
    );
    expect(logs.map(({ username, visibility }) => [username, visibility])).toEqual([
      ["Lea-en-famille", "private"],
      ["Marie_Coaster", "log"],
      ["TomThrills", "credits"],
    ]);
    // Every rated ride is a credit under the default rules (all rides, removed ones counted).
    for (const log of logs) expect(log.credits, log.username).toBe(log.rated);
    const [shown] = await queryRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM profiles WHERE ride_log_visibility <> 'private' AND ride_credits > 0`);
    expect(shown!.count).toBeGreaterThanOrEqual(3);
  });
});
