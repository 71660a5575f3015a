import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessages } from "~/domain/form-values";
import { isUuid } from "~/domain/ids";
import { PARK_RATING_CATEGORIES } from "~/domain/park-rating-categories";
import { checkParkRatingForm, type ParkRatingDraft, type ParkRatingField } from "~/domain/rating-forms";
import { MAX_REVIEW_PHOTOS } from "~/domain/rating-rules";
import { parkTopic } from "~/domain/live-topics";
import type { Database, Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { parkRatings, parks } from "../db/schema";
import { publicPark } from "../catalog/visibility";
import type { ImageStorage } from "../images/image-storage";
import { writeThenNotifyLive } from "../live/notify";
import { barredMessage, suspensionColumn } from "../allowances/member-standing";
import { movedHistogram } from "./star-histograms";
import { parkAggregateDelta, type ParkAggregateDelta, type ParkRatingValues } from "./rating-deltas";
import type { SaveRatingOutcome } from "./rating-outcome";
import { deleteStoredImages } from "../images/delete-stored-images";
import { storeRatingPhotos, tooManyPhotos } from "./rating-photos";
import { transactionOrRefusal } from "../db/refusable-transaction";
import { consumeWriteAllowance, hasWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";

export type ParkRatingDeps = { db: Database; imageStorage: ImageStorage; logger: Logger; limits?: WriteLimits };

type Outcome = SaveRatingOutcome<ParkRatingField>;
type Refusal = Extract<Outcome, { ok: false }>;

/**
 * A member's park rating (docs/rules/ratings.md#one-rating-per-member): created when they have none for the
 * park, updated otherwise. The rating is found by (member, park), never by an
 * id from the browser, so nobody can reach another member's rating.
 *
 * One transaction locks the park row, so that the writes on one park take
 * turns, then the member's rating; it writes the rating, moves the park's
 * aggregates by the difference it makes (the member's figures follow by the
 * triggers of decision 0031) and tells open pages of the park. Photos are stored before it (they
 * take seconds) and removed again if it fails; photos sent with an edit
 * replace the old ones, which are removed once the edit is committed.
 */
export async function saveParkRating(
  { db, imageStorage, logger, limits = WRITE_LIMITS }: ParkRatingDeps,
  user: CurrentUser,
  parkId: string,
  form: { fields: Record<string, string>; images: Uint8Array[] },
): Promise<Outcome> {
  const read = checkParkRatingForm(form.fields);
  if (!read.ok) return { ok: false, reason: "invalid", errors: read.errors };
  if (form.images.length > MAX_REVIEW_PHOTOS) return { ok: false, reason: "invalid", errors: { images: [tooManyPhotos()] } };
  const { data: draft } = read;
  if (!isUuid(parkId)) return parkNotFound();
  // Photos take seconds to decode and store: a first look refuses what the transaction would refuse anyway.
  if (form.images.length > 0) {
    const refusal = await refusalBeforePhotos(db, user.id, parkId, limits);
    if (refusal) return refusal;
  }

  let photos: Awaited<ReturnType<typeof storeRatingPhotos>>;
  try {
    photos = await storeRatingPhotos(imageStorage, form.images, logger);
  } catch (error) {
    logger.error({ err: error }, "review photos not stored");
    return submitFailed("failed");
  }
  if (!photos.ok) return { ok: false, reason: photos.reason, errors: { images: [photos.error] } };
  const newImages = photos.references;

  try {
    const saved = await transactionOrRefusal<{ created: boolean; id: string; replacedImages: string[] }, Refusal>(
      db,
      async (tx, refuse) => {
        const locked = await lockParkAndOwnRating(tx, parkId, user.id);
        const barred = barredMessage(locked.suspension);
        if (barred) return refuse({ ok: false, reason: "forbidden", errors: { form: [barred] } });
        if (!locked.parkFound) return refuse(parkNotFound());
        const existing = locked.own;
        if (!(await consumeWriteAllowance(tx, user.id, existing ? "reviewEdit" : "review", limits))) return refuse(tooManyReviews());

        let id: string;
        if (existing) {
          await tx
            .update(parkRatings)
            .set({ ...ratingColumns(draft), ...(newImages.length > 0 ? { images: newImages } : {}), updatedAt: sql`now()` })
            .where(eq(parkRatings.id, existing.id));
          id = existing.id;
        } else {
          const [inserted] = await tx
            .insert(parkRatings)
            .values({ parkId, userId: user.id, ...ratingColumns(draft), images: newImages })
            .returning({ id: parkRatings.id });
          id = inserted!.id;
        }
        await applyParkDeltaAndNotify(tx, parkId, parkAggregateDelta(existing ? storedValues(existing) : null, draft));
        return { created: !existing, id, replacedImages: existing && newImages.length > 0 ? existing.images : [] };
      },
    );
    if ("ok" in saved) {
      await photos.discard();
      return saved;
    }
    await deleteStoredImages(imageStorage, saved.replacedImages, logger);
    return { ok: true, created: saved.created, id: saved.id };
  } catch (error) {
    await photos.discard();
    // The park lock orders one member's parallel submissions; the unique index stays the last word.
    if (isUniqueViolation(error)) return submitFailed("conflict");
    logger.error({ err: error }, "park rating not saved");
    return submitFailed("failed");
  }
}

/**
 * What a refusal before the photos needs: the member's standing, the park, and
 * whether this is a new rating or an edit. The park page asks it before it
 * reads the form's body too (docs/decisions/0040).
 */
export async function refusalBeforePhotos(db: Database, userId: string, parkId: string, limits: WriteLimits = WRITE_LIMITS): Promise<Refusal | null> {
  const [target] = await db
    .select({ suspension: suspensionColumn(userId), ratingId: parkRatings.id })
    .from(parks)
    .leftJoin(parkRatings, and(eq(parkRatings.parkId, parks.id), eq(parkRatings.userId, userId)))
    .where(approvedPark(parkId));
  const barred = barredMessage(target?.suspension ?? null);
  if (barred) return { ok: false, reason: "forbidden", errors: { form: [barred] } };
  if (!target) return parkNotFound();
  if (!(await hasWriteAllowance(db, userId, target.ratingId ? "reviewEdit" : "review", limits))) return tooManyReviews();
  return null;
}

/** The columns of the member's own rating an edit needs: its id, the values its difference starts from, its photos. */
const OWN_RATING_COLUMNS = {
  id: parkRatings.id,
  kidsFriendlyRating: parkRatings.kidsFriendlyRating,
  familyFriendlyRating: parkRatings.familyFriendlyRating,
  thrillRating: parkRatings.thrillRating,
  themingRating: parkRatings.themingRating,
  operationsRating: parkRatings.operationsRating,
  valueRating: parkRatings.valueRating,
  visitDuration: parkRatings.visitDuration,
  images: parkRatings.images,
};
type OwnRating = Pick<typeof parkRatings.$inferSelect, keyof typeof OWN_RATING_COLUMNS>;

/**
 * The transaction's first two statements: the park locked (writes on one park
 * take turns) with the member's standing, then the member's rating of it
 * locked when there is one. Two statements, not one: the second must see a
 * rating another submission of the same member committed while this one
 * waited for the park (a statement sees what was committed when it began).
 */
async function lockParkAndOwnRating(
  tx: Executor,
  parkId: string,
  userId: string,
): Promise<{ parkFound: boolean; suspension: string | null; own: OwnRating | null }> {
  const [park] = await tx.select({ suspension: suspensionColumn(userId) }).from(parks).where(approvedPark(parkId)).for("update", { of: parks });
  if (!park) return { parkFound: false, suspension: null, own: null };
  const [own] = await tx
    .select(OWN_RATING_COLUMNS)
    .from(parkRatings)
    .where(and(eq(parkRatings.userId, userId), eq(parkRatings.parkId, parkId)))
    .for("update");
  return { parkFound: true, suspension: park.suspension, own: own ?? null };
}

function approvedPark(parkId: string) {
  return and(eq(parks.id, parkId), publicPark());
}

function ratingColumns(draft: ParkRatingDraft) {
  return {
    kidsFriendlyRating: draft.stars.kidsFriendly,
    familyFriendlyRating: draft.stars.familyFriendly,
    thrillRating: draft.stars.thrill,
    themingRating: draft.stars.theming,
    operationsRating: draft.stars.operations,
    valueRating: draft.stars.value,
    visitDuration: draft.visitDuration,
    comment: draft.comment,
  };
}

function storedValues(row: OwnRating): ParkRatingValues {
  return {
    stars: {
      kidsFriendly: row.kidsFriendlyRating,
      familyFriendly: row.familyFriendlyRating,
      thrill: row.thrillRating,
      theming: row.themingRating,
      operations: row.operationsRating,
      value: row.valueRating,
    },
    visitDuration: row.visitDuration,
  };
}

/**
 * Moves the park's aggregates by one write's difference. The score sum is
 * turned into sixtieths, moved, and rounded back to its 4 decimals: a sum of
 * sixtieths kept to 4 decimals gives its sixtieths back exactly, so the sum
 * stays what recomputeAllAggregates would find, however many edits it sees.
 * The park's open pages are told in the same statement.
 */
async function applyParkDeltaAndNotify(tx: Executor, parkId: string, delta: ParkAggregateDelta): Promise<void> {
  const moved = (column: AnyColumn, by: number) => sql`${column} + ${by}`;
  const categories: Record<string, SQL> = {};
  for (const category of PARK_RATING_CATEGORIES) {
    categories[`${category}Sum`] = moved(parks[`${category}Sum`], delta.sums[category]);
    categories[`${category}Count`] = moved(parks[`${category}Count`], delta.counts[category]);
    categories[`${category}Histogram`] = movedHistogram(parks[`${category}Histogram`], delta.histograms[category]);
  }
  const update = tx
    .update(parks)
    .set({
      ...categories,
      ratingCount: moved(parks.ratingCount, delta.ratingCount),
      scoreSum: sql`round((round(${parks.scoreSum} * 60) + ${delta.scoreSixtieths}) / 60.0, 4)`,
      visitHalfDayCount: moved(parks.visitHalfDayCount, delta.visits.half_day),
      visitFullDayCount: moved(parks.visitFullDayCount, delta.visits.full_day),
      visitTwoDaysCount: moved(parks.visitTwoDaysCount, delta.visits.two_days),
    })
    .where(eq(parks.id, parkId))
    .returning({ id: parks.id });
  await writeThenNotifyLive(tx, update, parkTopic(parkId));
}

function parkNotFound(): Refusal {
  return { ok: false, reason: "notFound", errors: { form: [{ key: "park.notFound" }] } };
}

function tooManyReviews(): Refusal {
  return { ok: false, reason: "tooMany", errors: { form: [{ key: "ratings.errors.tooManyReviews" }] } };
}

function submitFailed(reason: "conflict" | "failed"): Refusal {
  const errors: FieldMessages<ParkRatingField> = { form: [{ key: "ratings.errors.submitFailed" }] };
  return { ok: false, reason, errors };
}
