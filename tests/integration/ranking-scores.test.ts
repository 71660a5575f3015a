import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bayesianAverage, wilsonLowerBound } from "~/domain/ranking-scores";
import { rides } from "~/server/db/schema";
import { createRide, createPark } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the best rides' order key stored by PostgreSQL is the domain's formula (decision 0020)", () => {
  it("bayes_score equals bayesianAverage", async () => {
    const park = await createPark(database.db);
    const cases = [
      { ratingCount: 0, ratingSum: 0 },
      { ratingCount: 1, ratingSum: 5 },
      { ratingCount: 2000, ratingSum: 9600 },
      { ratingCount: 3, ratingSum: 7 },
      { ratingCount: 120, ratingSum: 530 },
    ];
    for (const values of cases) {
      const ride = await createRide(database.db, park.id, values);
      const [row] = await database.db
        .select({ bayes: rides.bayesScore })
        .from(rides)
        .where(eq(rides.id, ride.id));
      expect(row!.bayes).toBeCloseTo(bayesianAverage(values.ratingSum, values.ratingCount), 10);
    }
  });

  // The Wilson bound no longer orders the duel ranking (decision 0077); it stays the baseline of its evaluation.
  it("puts 2,000 ratings at 4.8 above one 5/5, and 40–10 above 1–0 under the Wilson bound", () => {
    expect(bayesianAverage(9600, 2000)).toBeGreaterThan(bayesianAverage(5, 1));
    expect(wilsonLowerBound(40, 10)).toBeGreaterThan(wilsonLowerBound(1, 0));
    expect(wilsonLowerBound(1, 0)).toBeCloseTo(0.2065, 3);
    expect(wilsonLowerBound(0, 0)).toBe(0);
  });
});
