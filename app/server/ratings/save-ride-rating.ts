import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Logger } from "pino";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import { checkRideRatingForm, type RideRatingField } from "~/domain/rating-forms";
import { rideTopic, parkTopic } from "~/domain/live-topics";
import { queryRows, type Database, type Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { rideRatings, rides, parks } from "../db/schema";
import { approvedRide, publicPark } from "../catalog/visibility";
import { LIVE_CHANNEL } from "../live/notify";
import { barredMessage, suspensionColumn } from "../allowances/member-standing";
import { rideAggregateDelta } from "./rating-deltas";
import { movedHistogram } from "./star-histograms";
import type { SaveRatingOutcome } from "./rating-outcome";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";

export type RideRatingDeps = { db: Database; logger: Logger; limits?: WriteLimits };

type Outcome = SaveRatingOutcome<RideRatingField>;
type Refusal = Extract<Outcome, { ok: false }>;

/**
 * A member's rating of an attraction (docs/rules/ratings.md#one-rating-per-member): created
 * when they have none for it, updated otherwise, found by (member, attraction)
 * only. An approved attraction of an approved park can be rated whether it
 * still runs or has been removed (people rate rides they remember).
 *
 * The transaction locks the park, then the attraction (the same order as
 * every other write here, so two writes never wait for each other in a
 * circle), then the member's rating; it moves the attraction's sums by the
 * difference (its star histogram too), then the park's attractions-quality sum, and tells the open
 * pages of both: the park page shows each ride's average.
 */
export async function saveRideRating(
  { db, logger, limits = WRITE_LIMITS }: RideRatingDeps,
  user: CurrentUser,
  rideId: string,
  form: { fields: Record<string, string> },
): Promise<Outcome> {
  const read = checkRideRatingForm(form.fields);
  if (!read.ok) return { ok: false, reason: "invalid", errors: read.errors };
  const { data: draft } = read;
  if (!isUuid(rideId)) return rideNotFound();

  try {
    const saved = await transactionOrRefusal<{ created: boolean; id: string }, Refusal>(db, async (tx, refuse) => {
      // The ride's park locked first, as every writer of a park's ratings does, with the member's standing.
      const [park] = await tx
        .select({ id: parks.id, suspension: suspensionColumn(user.id) })
        .from(parks)
        .where(and(eq(parks.id, sql`(SELECT ${rides.parkId} FROM ${rides} WHERE ${rides.id} = ${rideId})`), publicPark()))
        .for("update", { of: parks });
      if (!park) return refuse(rideNotFound());
      const barred = barredMessage(park.suspension);
      if (barred) return refuse({ ok: false, reason: "forbidden", errors: { form: [barred] } });
      const parkId = park.id;
      const [ride] = await tx
        .select({ id: rides.id })
        .from(rides)
        // Its park was checked (and locked) just above: together, publicAttraction.
        .where(and(eq(rides.id, rideId), eq(rides.parkId, parkId), approvedRide()))
        .for("update");
      if (!ride) return refuse(rideNotFound());
      const [existing] = await tx
        .select({ id: rideRatings.id, rating: rideRatings.rating, audienceType: rideRatings.audienceType })
        .from(rideRatings)
        .where(and(eq(rideRatings.userId, user.id), eq(rideRatings.rideId, rideId)))
        .for("update");
      if (!(await consumeWriteAllowance(tx, user.id, existing ? "reviewEdit" : "review", limits))) return refuse(tooManyReviews());

      const write = existing
        ? tx.update(rideRatings).set({ ...draft, updatedAt: sql`now()` }).where(eq(rideRatings.id, existing.id)).returning({ id: rideRatings.id })
        : tx.insert(rideRatings).values({ rideId, userId: user.id, ...draft }).returning({ id: rideRatings.id });
      const id = await writeAndMoveAggregates(tx, write, rideId, parkId, rideAggregateDelta(existing ?? null, draft));
      return { created: !existing, id };
    });
    if ("ok" in saved) return saved;
    return { ok: true, created: saved.created, id: saved.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "conflict", errors: { form: [{ key: "ratings.errors.submitFailed" }] } };
    logger.error({ err: error }, "attraction rating not saved");
    return { ok: false, reason: "failed", errors: { form: [{ key: "ratings.errors.submitFailed" }] } };
  }
}

/**
 * Writes the rating (`write` returns its id), moves the ride's maintained
 * sums by the write's difference, then takes the
 * park's attractions-quality sum (docs/rules/catalogue.md#park-scores: the average of its approved
 * rides' averages) again from its rides' own sums — a read of the park's
 * attractions, never of their ratings — and tells both pages, in one
 * statement (the frequent writes count their statements, docs/rules/quality.md#member-writes).
 * Adding and subtracting averages instead would round each time at 4
 * decimals (an average of 7 ratings has no exact decimal form) and drift away
 * from what recomputeAllAggregates finds; this stays equal to it. A statement
 * does not see its own CTEs' writes, hence the moved ride's row taken from
 * its CTE and the others from the table. The park row is locked by the
 * caller, so parallel ratings of one park's rides take turns.
 */
async function writeAndMoveAggregates(
  tx: Executor,
  write: SQLWrapper,
  rideId: string,
  parkId: string,
  delta: ReturnType<typeof rideAggregateDelta>,
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`
    WITH written AS ${write}, moved AS (
      UPDATE ${rides} SET
        rating_count = rating_count + ${delta.ratingCount},
        rating_sum = rating_sum + ${delta.ratingSum},
        audience_thrill_count = audience_thrill_count + ${delta.audiences.thrill},
        audience_kids_count = audience_kids_count + ${delta.audiences.kids},
        audience_general_count = audience_general_count + ${delta.audiences.general},
        rating_histogram = ${movedHistogram(sql`rating_histogram`, delta.histogram)}
      WHERE id = ${rideId}
      RETURNING rating_count, rating_sum
    ), rides AS (
      SELECT rating_count, rating_sum FROM ${rides}
      WHERE park_id = ${parkId} AND id <> ${rideId} AND ${approvedRide()}
      UNION ALL SELECT rating_count, rating_sum FROM moved
    )
    UPDATE ${parks} SET (rated_attractions_count, attractions_average_sum) = (
      SELECT count(*) FILTER (WHERE rating_count > 0)::int,
        coalesce(sum(rating_sum::numeric / rating_count) FILTER (WHERE rating_count > 0), 0)
      FROM rides
    )
    WHERE id = ${parkId}
    RETURNING (SELECT id FROM written) AS id,
      pg_notify(${LIVE_CHANNEL}, ${rideTopic(rideId)}), pg_notify(${LIVE_CHANNEL}, ${parkTopic(parkId)})`,
  );
  return row!.id;
}

function rideNotFound(): Refusal {
  return { ok: false, reason: "notFound", errors: { form: [{ key: "attraction.notFound" }] } };
}

function tooManyReviews(): Refusal {
  return { ok: false, reason: "tooMany", errors: { form: [{ key: "ratings.errors.tooManyReviews" }] } };
}
