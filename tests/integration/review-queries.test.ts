import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import { countQueriesOf } from "~/server/db/query-count";
import { rideRatings, commentReports, parkRatings, ratingVotes } from "~/server/db/schema";
import { REVIEWS_PER_PAGE } from "~/domain/review-paging";
import { findOwnRideReview, findOwnParkReview, listRideReviews, listParkReviews } from "~/server/ratings/review-queries";
import { createRide, createMember, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

const at = (minutes: number) => new Date(Date.UTC(2026, 4, 1, 12, minutes));

describe("park reviews (docs/rules/ratings.md#park-reviews-order)", () => {
  it("come most helpful first, then newest, with the viewer's own vote and report marked, in one query; their own review apart", async () => {
    const park = await createPark(database.db);
    const [alice, bruno, chloe, viewer] = [await member(), await member(), await member(), await member()];
    const insert = async (author: CurrentUser, values: Partial<typeof parkRatings.$inferInsert>) => {
      const [row] = await database.db
        .insert(parkRatings)
        .values({ parkId: park.id, userId: author.id, visitDuration: "full_day", thrillRating: 3, ...values })
        .returning();
      return row!;
    };
    const old = await insert(alice, { helpfulCount: 2, createdAt: at(0), comment: "Ancien mais utile", images: ["img:v1:park_images/x"] });
    const recent = await insert(bruno, { helpfulCount: 0, unhelpfulCount: 1, createdAt: at(30) });
    const older = await insert(chloe, { helpfulCount: 0, createdAt: at(10), kidsFriendlyRating: 5, thrillRating: null });
    const mine = await insert(viewer, { helpfulCount: 0, createdAt: at(20) });
    await database.db.insert(ratingVotes).values([
      { ratingType: "park", ratingId: old.id, userId: viewer.id, isHelpful: true },
      { ratingType: "park", ratingId: recent.id, userId: viewer.id, isHelpful: false },
      // Someone else's vote is not the viewer's.
      { ratingType: "park", ratingId: older.id, userId: alice.id, isHelpful: true },
      // A vote on an attraction rating with the same id space must not leak in.
      { ratingType: "attraction", ratingId: older.id, userId: viewer.id, isHelpful: true },
    ]);
    await database.db.insert(commentReports).values({ commentType: "park", commentId: recent.id, reportedBy: viewer.id, reason: "Spam" });

    const counter = { count: 0 };
    const { reviews, next } = await countQueriesOf(counter, () => listParkReviews(database.db, park.id, viewer));
    expect(counter.count).toBe(1);
    // The viewer's own review is shown first by the page, from findOwnParkReview: not in the list.
    expect(reviews.map((review) => [review.id, review.myVote, review.reportedByMe, review.isMine])).toEqual([
      [old.id, "helpful", false, false],
      [recent.id, "unhelpful", true, false],
      [older.id, "none", false, false],
    ]);
    expect(next).toBeNull();
    expect(await findOwnParkReview(database.db, park.id, viewer.id)).toMatchObject({ id: mine.id, isMine: true, myVote: "none", username: viewer.username });
    expect(reviews[0]).toEqual({
      id: old.id,
      userId: alice.id,
      username: alice.username,
      stars: { kidsFriendly: null, familyFriendly: null, thrill: 3, theming: null, operations: null, value: null },
      visitDuration: "full_day",
      comment: "Ancien mais utile",
      images: ["img:v1:park_images/x"],
      createdAt: at(0).toISOString(),
      helpfulCount: 2,
      unhelpfulCount: 0,
      myVote: "helpful",
      reportedByMe: false,
      isMine: false,
      hidden: false,
    });

    const visitor = (await listParkReviews(database.db, park.id, null)).reviews;
    expect(visitor.map((review) => review.id)).toEqual([old.id, recent.id, mine.id, older.id]);
    expect(visitor.map((review) => [review.myVote, review.reportedByMe, review.isMine])).toEqual(Array(4).fill(["none", false, false]));
  });

  it("stop at REVIEWS_PER_PAGE", async () => {
    const park = await createPark(database.db);
    for (let index = 0; index <= REVIEWS_PER_PAGE; index += 1) {
      const author = await member();
      await database.db.insert(parkRatings).values({ parkId: park.id, userId: author.id, visitDuration: "half_day", valueRating: 4 });
    }
    const page = await listParkReviews(database.db, park.id, null);
    expect(page.reviews).toHaveLength(REVIEWS_PER_PAGE);
    expect(page.next).toEqual(expect.any(String));
  });

  it("give the member's own review for the form and the top of the list, or null", async () => {
    const park = await createPark(database.db);
    const author = await member();
    expect(await findOwnParkReview(database.db, park.id, author.id)).toBeNull();
    const [row] = await database.db
      .insert(parkRatings)
      .values({ parkId: park.id, userId: author.id, visitDuration: "two_days", themingRating: 5, comment: "Magique" })
      .returning();
    expect(await findOwnParkReview(database.db, park.id, author.id)).toEqual({
      id: row!.id,
      userId: author.id,
      username: author.username,
      stars: { kidsFriendly: null, familyFriendly: null, thrill: null, theming: 5, operations: null, value: null },
      visitDuration: "two_days",
      comment: "Magique",
      images: [],
      createdAt: row!.createdAt.toISOString(),
      helpfulCount: 0,
      unhelpfulCount: 0,
      myVote: "none",
      reportedByMe: false,
      isMine: true,
      hidden: false,
    });
  });
});

describe("attraction reviews", () => {
  it("come newest first with the audience and the viewer's marks; the member's own rating is found for the form", async () => {
    const park = await createPark(database.db);
    const ride = await createRide(database.db, park.id);
    const [author, viewer] = [await member(), await member()];
    const [first] = await database.db
      .insert(rideRatings)
      .values({ rideId: ride.id, userId: author.id, rating: 5, audienceType: "thrill", createdAt: at(0), helpfulCount: 9 })
      .returning();
    const [second] = await database.db
      .insert(rideRatings)
      .values({ rideId: ride.id, userId: viewer.id, rating: 3, audienceType: "kids", createdAt: at(5), comment: "Sympa" })
      .returning();
    await database.db.insert(ratingVotes).values({ ratingType: "attraction", ratingId: first!.id, userId: viewer.id, isHelpful: true });

    const counter = { count: 0 };
    const { reviews } = await countQueriesOf(counter, () => listRideReviews(database.db, ride.id, viewer));
    expect(counter.count).toBe(1);
    expect(reviews.map((review) => [review.id, review.rating, review.audienceType, review.myVote, review.isMine])).toEqual([
      [first!.id, 5, "thrill", "helpful", false],
    ]);
    expect((await listRideReviews(database.db, ride.id, null)).reviews.map((review) => review.id)).toEqual([second!.id, first!.id]);
    expect(await findOwnRideReview(database.db, ride.id, viewer.id)).toMatchObject({
      id: second!.id,
      rating: 3,
      audienceType: "kids",
      comment: "Sympa",
      createdAt: at(5).toISOString(),
      isMine: true,
    });
    expect(await findOwnRideReview(database.db, ride.id, (await member()).id)).toBeNull();
  });
});
