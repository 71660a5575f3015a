import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { CurrentUser } from "~/domain/current-user";
import { isUuid } from "~/domain/ids";
import { checkAttractionRatingForm, type AttractionRatingField } from "~/domain/rating-forms";
import { attractionTopic, parkTopic } from "~/domain/live-topics";
import type { Database, Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { attractionRatings, attractions, parks } from "../db/schema";
import { approvedAttraction, publicPark } from "../catalog/visibility";
import { notifyLive } from "../live/notify";
import { writeBarredMessage } from "./member-standing";
import { attractionAggregateDelta } from "./rating-deltas";
import type { SaveRatingOutcome } from "./rating-outcome";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { consumeWriteAllowance, WRITE_LIMITS, type WriteLimits } from "./write-limits";

export type AttractionRatingDeps = { db: Database; logger: Logger; limits?: WriteLimits };

type Outcome = SaveRatingOutcome<AttractionRatingField>;
type Refusal = Extract<Outcome, { ok: false }>;

/**
 * A member's rating of an attraction (public site §4, community §4): created
 * when they have none for it, updated otherwise, found by (member, attraction)
 * only. An approved attraction of an approved park can be rated whether it
 * still runs or has been removed (people rate rides they remember).
 *
 * The transaction locks the park, then the attraction (the same order as
 * every other write here, so two writes never wait for each other in a
 * circle), then the member's rating; it moves the attraction's sums by the
 * difference, then the park's attractions-quality sum, and tells the open
 * pages of both: the park page shows each ride's average.
 */
export async function saveAttractionRating(
  { db, logger, limits = WRITE_LIMITS }: AttractionRatingDeps,
  user: CurrentUser,
  attractionId: string,
  form: { fields: Record<string, string> },
): Promise<Outcome> {
  const read = checkAttractionRatingForm(form.fields);
  if (!read.ok) return { ok: false, status: 400, errors: read.errors };
  const { data: draft } = read;
  if (!isUuid(attractionId)) return attractionNotFound();
  const barred = await writeBarredMessage(db, user.id);
  if (barred) return { ok: false, status: 403, errors: { form: [barred] } };
  const [target] = await db.select({ parkId: attractions.parkId }).from(attractions).where(eq(attractions.id, attractionId));
  if (!target) return attractionNotFound();
  const { parkId } = target;

  try {
    const saved = await transactionOrRefusal<{ created: boolean; id: string }, Refusal>(db, async (tx, refuse) => {
      const [park] = await tx
        .select({ id: parks.id })
        .from(parks)
        .where(and(eq(parks.id, parkId), publicPark()))
        .for("update");
      if (!park) return refuse(attractionNotFound());
      const [attraction] = await tx
        .select({ id: attractions.id })
        .from(attractions)
        // Its park was checked (and locked) just above: together, publicAttraction.
        .where(and(eq(attractions.id, attractionId), approvedAttraction()))
        .for("update");
      if (!attraction) return refuse(attractionNotFound());
      const [existing] = await tx
        .select({ id: attractionRatings.id, rating: attractionRatings.rating, audienceType: attractionRatings.audienceType })
        .from(attractionRatings)
        .where(and(eq(attractionRatings.userId, user.id), eq(attractionRatings.attractionId, attractionId)))
        .for("update");
      if (!(await consumeWriteAllowance(tx, user.id, existing ? "reviewEdit" : "review", limits))) return refuse(tooManyReviews());

      let id: string;
      if (existing) {
        await tx.update(attractionRatings).set({ ...draft, updatedAt: sql`now()` }).where(eq(attractionRatings.id, existing.id));
        id = existing.id;
      } else {
        const [inserted] = await tx
          .insert(attractionRatings)
          .values({ attractionId, userId: user.id, ...draft })
          .returning({ id: attractionRatings.id });
        id = inserted!.id;
      }
      const delta = attractionAggregateDelta(existing ?? null, draft);
      await tx
        .update(attractions)
        .set({
          ratingCount: sql`${attractions.ratingCount} + ${delta.ratingCount}`,
          ratingSum: sql`${attractions.ratingSum} + ${delta.ratingSum}`,
          audienceThrillCount: sql`${attractions.audienceThrillCount} + ${delta.audiences.thrill}`,
          audienceKidsCount: sql`${attractions.audienceKidsCount} + ${delta.audiences.kids}`,
          audienceGeneralCount: sql`${attractions.audienceGeneralCount} + ${delta.audiences.general}`,
        })
        .where(eq(attractions.id, attractionId));
      await refreshAttractionsQuality(tx, parkId);
      await notifyLive(tx, attractionTopic(attractionId));
      await notifyLive(tx, parkTopic(parkId));
      return { created: !existing, id };
    });
    if ("ok" in saved) return saved;
    return { ok: true, created: saved.created, id: saved.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, errors: { form: [{ key: "ratings.errors.submitFailed" }] } };
    logger.error({ err: error }, "attraction rating not saved");
    return { ok: false, status: 500, errors: { form: [{ key: "ratings.errors.submitFailed" }] } };
  }
}

/**
 * The park's attractions-quality sum (public site §3: the average of its
 * approved rides' averages) taken again from the rides' own maintained sums —
 * a read of the park's attractions, never of their ratings. Adding and
 * subtracting averages instead would round each time at 4 decimals (an
 * average of 7 ratings has no exact decimal form) and drift away from what
 * recomputeAllAggregates finds; this stays equal to it. The park row is
 * locked by the caller, so parallel ratings of one park's rides take turns.
 */
async function refreshAttractionsQuality(tx: Executor, parkId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE parks SET (rated_attractions_count, attractions_average_sum) = (
      SELECT count(*) FILTER (WHERE rating_count > 0)::int,
        coalesce(sum(rating_sum::numeric / rating_count) FILTER (WHERE rating_count > 0), 0)
      FROM attractions
      WHERE park_id = ${parkId} AND ${approvedAttraction()}
    )
    WHERE id = ${parkId}`);
}

function attractionNotFound(): Refusal {
  return { ok: false, status: 404, errors: { form: [{ key: "attraction.notFound" }] } };
}

function tooManyReviews(): Refusal {
  return { ok: false, status: 429, errors: { form: [{ key: "ratings.errors.tooManyReviews" }] } };
}
