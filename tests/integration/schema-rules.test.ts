import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Runs a write expected to break a database rule and returns the constraint it broke. */
async function violation(write: () => Promise<unknown>): Promise<string> {
  try {
    await write();
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; constraint_name?: string; message?: string } }).cause;
    return cause?.constraint ?? cause?.constraint_name ?? cause?.message ?? String(error);
  }
  throw new Error("the write was accepted");
}

describe("reference data", () => {
  it("seeds the ten attraction types", async () => {
    const types = await database.db.select().from(schema.rideTypes).orderBy(schema.rideTypes.id);
    expect(types.map((type) => type.name)).toEqual([
      "roller_coaster", "dark_ride", "water_ride", "flat_ride", "show",
      "kids_ride", "virtual_reality", "interactive_ride", "transport", "walk_through",
    ]);
  });

  it("holds one settings row with the defaults of the settings", async () => {
    const rows = await database.db.select().from(schema.adminSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      autoModeration: false,
      requireApproval: true,
      maxReportsBeforeHide: 3,
      emailNotifications: true,
      notifyOnNewPark: true,
      notifyOnNewAttraction: true,
      notifyOnReport: true,
      digestFrequency: "daily",
    });
    expect(await violation(() => database.db.insert(schema.adminSettings).values({ id: 2 }))).toMatch(/admin_settings/);
    expect(
      await violation(() => database.db.update(schema.adminSettings).set({ maxReportsBeforeHide: 11 })),
    ).toBe("admin_settings_max_reports");
  });
});

describe("profiles", () => {
  it("comes with every account, so an account cannot exist without a valid username", async () => {
    const member = await createMember(database.db, "Nouveau_membre");
    const [profile] = await database.db.select().from(schema.profiles).where(eq(schema.profiles.id, member.id));
    expect(profile?.username).toBe("Nouveau_membre");
    const [stats] = await database.db.select().from(schema.userRatingStats).where(eq(schema.userRatingStats.userId, member.id));
    expect(stats).toMatchObject({ totalParkRatings: 0, currentWeight: 1 });
    for (const username of ["ab", "a".repeat(21), "with space", "accentué"]) {
      expect(await violation(() => createMember(database.db, username))).toBe("profiles_username_format");
    }
    const [count] = await queryRows<{ users: number }>(database.db, sql`SELECT count(*)::int AS users FROM "user" WHERE name = 'ab'`);
    expect(count!.users).toBe(0);
  });

  it("keeps usernames unique regardless of case", async () => {
    await createMember(database.db, "Coaster_Fan");
    expect(await violation(() => createMember(database.db, "coaster_fan"))).toBe("profiles_username_lower_idx");
  });
});

describe("ratings", () => {
  it("accepts stars from 1 to 5 only", async () => {
    const member = await createMember(database.db);
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    expect(
      await violation(() =>
        database.db.insert(schema.rideRatings).values({ rideId: ride.id, userId: member.id, rating: 6, audienceType: "thrill" }),
      ),
    ).toBe("attraction_ratings_rating");
    expect(
      await violation(() =>
        database.db.insert(schema.parkRatings).values({ parkId: park.id, userId: member.id, thrillRating: 0, visitDuration: "full_day" }),
      ),
    ).toBe("park_ratings_thrill");
    expect(
      await violation(() =>
        database.db.insert(schema.parkRatings).values({ parkId: park.id, userId: member.id, visitDuration: "full_day" }),
      ),
    ).toBe("park_ratings_at_least_one");
  });

  it("allows one park rating per user and park, one attraction rating per user and attraction", async () => {
    const member = await createMember(database.db);
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const parkRating = { parkId: park.id, userId: member.id, thrillRating: 4, visitDuration: "full_day" as const };
    await database.db.insert(schema.parkRatings).values(parkRating);
    expect(await violation(() => database.db.insert(schema.parkRatings).values(parkRating))).toBe("park_ratings_user_park_idx");
    const rideRating = { rideId: ride.id, userId: member.id, rating: 5, audienceType: "thrill" as const };
    await database.db.insert(schema.rideRatings).values(rideRating);
    expect(await violation(() => database.db.insert(schema.rideRatings).values(rideRating))).toBe(
      "attraction_ratings_user_attraction_idx",
    );
  });

  it("refuses an unknown audience or visit duration", async () => {
    const member = await createMember(database.db);
    const park = await createPark(database.db);
    const message = await violation(() =>
      database.db.execute(
        sql`INSERT INTO park_ratings (park_id, user_id, thrill_rating, visit_duration) VALUES (${park.id}, ${member.id}, 3, 'week')`,
      ),
    );
    expect(message).toMatch(/visit_duration|invalid input value/);
  });

  it("allows one vote per user and review, and deletes votes and reports with their review", async () => {
    const author = await createMember(database.db);
    const voter = await createMember(database.db);
    const park = await createPark(database.db);
    const [rating] = await database.db
      .insert(schema.parkRatings)
      .values({ parkId: park.id, userId: author.id, themingRating: 5, visitDuration: "half_day", comment: "Super" })
      .returning();
    const vote = { ratingType: "park" as const, ratingId: rating!.id, userId: voter.id, isHelpful: true };
    await database.db.insert(schema.ratingVotes).values(vote);
    expect(await violation(() => database.db.insert(schema.ratingVotes).values({ ...vote, isHelpful: false }))).toBe(
      "rating_votes_user_rating_idx",
    );
    await database.db
      .insert(schema.commentReports)
      .values({ commentType: "park", commentId: rating!.id, reportedBy: voter.id, reason: "Spam" });

    await database.db.delete(schema.parkRatings).where(eq(schema.parkRatings.id, rating!.id));
    const left = await queryRows<{ votes: number; reports: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM rating_votes WHERE rating_id = ${rating!.id})::int AS votes,
                 (SELECT count(*) FROM comment_reports WHERE comment_id = ${rating!.id})::int AS reports`,
    );
    expect(left[0]).toEqual({ votes: 0, reports: 0 });
  });
});

describe("duels", () => {
  it("allows one duel per user, type and pair, whichever won", async () => {
    const member = await createMember(database.db);
    const park = await createPark(database.db);
    const a = await createRide(database.db, park.id);
    const b = await createRide(database.db, park.id);
    await database.db.insert(schema.rideDuels).values({ userId: member.id, typeId: 1, winnerId: a.id, loserId: b.id });
    expect(
      await violation(() =>
        database.db.insert(schema.rideDuels).values({ userId: member.id, typeId: 1, winnerId: b.id, loserId: a.id }),
      ),
    ).toBe("attraction_duels_user_pair_idx");
    expect(
      await violation(() =>
        database.db.insert(schema.rideDuels).values({ userId: member.id, typeId: 1, winnerId: a.id, loserId: a.id }),
      ),
    ).toBe("attraction_duels_distinct");
  });
});

describe("parks and attractions", () => {
  it("checks years, prices, slugs and rejection reasons", async () => {
    const nextYear = new Date().getFullYear() + 1;
    expect(await violation(() => createPark(database.db, { openingYear: 1799 }))).toBe("parks_opening_year");
    expect(await violation(() => createPark(database.db, { openingYear: nextYear }))).toBe("parks_opening_year");
    expect(await violation(() => createPark(database.db, { adultPrice: 0 }))).toBe("parks_adult_price");
    expect(await violation(() => createPark(database.db, { slug: "Parc Astérix" }))).toBe("parks_slug_format");
    expect(await violation(() => createPark(database.db, { moderationStatus: "rejected" }))).toBe("parks_rejection_reason");
    const park = await createPark(database.db);
    expect(await violation(() => createPark(database.db, { slug: park.slug }))).toMatch(/parks_slug/);
    expect(await violation(() => createRide(database.db, park.id, { duration: 0 }))).toBe("attractions_duration");
    expect(await violation(() => createRide(database.db, park.id, { height: -1 }))).toBe("attractions_non_negative");
  });

  it("keeps attraction slugs unique within a park only", async () => {
    const first = await createPark(database.db);
    const second = await createPark(database.db);
    await createRide(database.db, first.id, { slug: "carrousel" });
    await createRide(database.db, second.id, { slug: "carrousel" });
    expect(await violation(() => createRide(database.db, first.id, { slug: "carrousel" }))).toBe(
      "attractions_park_slug_idx",
    );
  });

  it("derives averages from the maintained sums and counts", async () => {
    const park = await createPark(database.db, { ratingCount: 3, scoreSum: 11, thrillSum: 14, thrillCount: 3 });
    expect(park.averageRating).toBe(3.67);
    expect(park.thrillAverage).toBe(4.67);
    expect(park.themingAverage).toBeNull();
  });
});

describe("deleting a member", () => {
  it("removes their ratings, votes and duels, and keeps their approved parks without an author", async () => {
    const member = await createMember(database.db);
    const other = await createMember(database.db);
    const park = await createPark(database.db, { createdBy: member.id });
    const a = await createRide(database.db, park.id, { createdBy: member.id });
    const b = await createRide(database.db, park.id);
    const [rating] = await database.db
      .insert(schema.parkRatings)
      .values({ parkId: park.id, userId: other.id, valueRating: 2, visitDuration: "two_days" })
      .returning();
    await database.db.insert(schema.parkRatings).values({ parkId: park.id, userId: member.id, valueRating: 4, visitDuration: "full_day" });
    await database.db.insert(schema.ratingVotes).values({ ratingType: "park", ratingId: rating!.id, userId: member.id, isHelpful: true });
    await database.db.insert(schema.rideDuels).values({ userId: member.id, typeId: 1, winnerId: a.id, loserId: b.id });

    await database.db.delete(schema.users).where(eq(schema.users.id, member.id));

    const [counts] = await queryRows<Record<string, number>>(
      database.db,
      sql`SELECT
        (SELECT count(*) FROM profiles WHERE id = ${member.id})::int AS profiles,
        (SELECT count(*) FROM park_ratings WHERE user_id = ${member.id})::int AS ratings,
        (SELECT count(*) FROM rating_votes WHERE user_id = ${member.id})::int AS votes,
        (SELECT count(*) FROM attraction_duels WHERE user_id = ${member.id})::int AS duels,
        (SELECT count(*) FROM park_ratings WHERE user_id = ${other.id})::int AS others_ratings`,
    );
    expect(counts).toEqual({ profiles: 0, ratings: 0, votes: 0, duels: 0, others_ratings: 1 });
    const [kept] = await database.db.select().from(schema.parks).where(eq(schema.parks.id, park.id));
    expect(kept?.createdBy).toBeNull();
  });
});
