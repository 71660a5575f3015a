import { and, eq, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/domain/current-user";
import type { VisitDuration } from "~/domain/park-scores";
import type { ParkRatingCategory } from "~/domain/park-rating-categories";
import type { AttractionReview, OwnAttractionRating, OwnParkRating, ParkReview, ReviewBase } from "~/domain/reviews";
import type { Executor } from "../db/database";
import { attractionRatings, commentReports, parkRatings, profiles, ratingVotes } from "../db/schema";
import { visibleReview } from "../catalog/review-visibility";

/** Reviews shown on one page: the most useful (or newest) ones; a page stays one query however many there are. */
export const REVIEWS_PER_PAGE = 50;

type RatingTable = typeof parkRatings | typeof attractionRatings;

/** A park rating's own values, as both the review list and the member's form read them. */
const parkRatingValues = {
  kidsFriendly: parkRatings.kidsFriendlyRating,
  familyFriendly: parkRatings.familyFriendlyRating,
  thrill: parkRatings.thrillRating,
  theming: parkRatings.themingRating,
  operations: parkRatings.operationsRating,
  value: parkRatings.valueRating,
  visitDuration: parkRatings.visitDuration,
  comment: parkRatings.comment,
  images: parkRatings.images,
};

/**
 * What every review shows, with the viewer's vote and report on it read in the
 * same query through LEFT JOINs on the (member, type, rating) unique indexes:
 * no query per review.
 */
function reviewColumns(table: RatingTable, viewer: CurrentUser | null) {
  return {
    id: table.id,
    userId: table.userId,
    username: profiles.username,
    comment: table.comment,
    createdAt: table.createdAt,
    helpfulCount: table.helpfulCount,
    unhelpfulCount: table.unhelpfulCount,
    isHelpful: ratingVotes.isHelpful,
    reportId: commentReports.id,
    isMine: viewer ? sql<boolean>`${table.userId} = ${viewer.id}` : sql<boolean>`false`,
    hiddenAt: table.hiddenAt,
  };
}

function viewerJoins(type: "park" | "attraction", table: RatingTable, viewer: CurrentUser | null): { vote: SQL; report: SQL } {
  if (!viewer) return { vote: sql`false`, report: sql`false` };
  return {
    vote: and(eq(ratingVotes.ratingType, type), eq(ratingVotes.ratingId, table.id), eq(ratingVotes.userId, viewer.id))!,
    report: and(eq(commentReports.commentType, type), eq(commentReports.commentId, table.id), eq(commentReports.reportedBy, viewer.id))!,
  };
}

function reviewBase(row: {
  id: string;
  userId: string;
  username: string;
  comment: string | null;
  createdAt: Date;
  helpfulCount: number;
  unhelpfulCount: number;
  isHelpful: boolean | null;
  reportId: string | null;
  isMine: boolean;
  hiddenAt: Date | null;
}): ReviewBase {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    helpfulCount: row.helpfulCount,
    unhelpfulCount: row.unhelpfulCount,
    myVote: row.isHelpful === null ? "none" : row.isHelpful ? "helpful" : "unhelpful",
    reportedByMe: row.reportId !== null,
    isMine: Boolean(row.isMine),
    hidden: row.hiddenAt !== null,
  };
}

/**
 * A park's reviews, most helpful first then newest (public site §2), in the order of park_ratings_park_order_idx;
 * a review hidden by auto-moderation only for its author (and the administrator), marked.
 */
export async function listParkReviews(db: Executor, parkId: string, viewer: CurrentUser | null): Promise<ParkReview[]> {
  const joins = viewerJoins("park", parkRatings, viewer);
  const rows = await db
    .select({ ...parkRatingValues, ...reviewColumns(parkRatings, viewer) })
    .from(parkRatings)
    .innerJoin(profiles, eq(profiles.id, parkRatings.userId))
    .leftJoin(ratingVotes, joins.vote)
    .leftJoin(commentReports, joins.report)
    .where(and(eq(parkRatings.parkId, parkId), visibleReview(parkRatings, viewer)))
    // NULLS LAST as the index is built (Drizzle's .desc() on an index): a bare DESC means NULLS FIRST,
    // which the index cannot give, and PostgreSQL then sorts every rating of the park (issue 7 benchmark).
    .orderBy(sql`${parkRatings.helpfulCount} DESC NULLS LAST`, sql`${parkRatings.createdAt} DESC NULLS LAST`)
    .limit(REVIEWS_PER_PAGE);
  return rows.map((row) => ({ ...reviewBase(row), ...parkRatingShape(row) }));
}

/** An attraction's reviews, newest first (public site §7); hidden ones as for a park. */
export async function listAttractionReviews(db: Executor, attractionId: string, viewer: CurrentUser | null): Promise<AttractionReview[]> {
  const joins = viewerJoins("attraction", attractionRatings, viewer);
  const rows = await db
    .select({ rating: attractionRatings.rating, audienceType: attractionRatings.audienceType, ...reviewColumns(attractionRatings, viewer) })
    .from(attractionRatings)
    .innerJoin(profiles, eq(profiles.id, attractionRatings.userId))
    .leftJoin(ratingVotes, joins.vote)
    .leftJoin(commentReports, joins.report)
    .where(and(eq(attractionRatings.attractionId, attractionId), visibleReview(attractionRatings, viewer)))
    // NULLS LAST as attraction_ratings_attraction_created_idx is built (see listParkReviews).
    .orderBy(sql`${attractionRatings.createdAt} DESC NULLS LAST`)
    .limit(REVIEWS_PER_PAGE);
  return rows.map((row) => ({ ...reviewBase(row), rating: row.rating, audienceType: row.audienceType }));
}

/** The member's own rating of the park, to fill the form; null when they have none (public site §8). */
export async function findOwnParkRating(db: Executor, parkId: string, userId: string): Promise<OwnParkRating | null> {
  const [row] = await db
    .select({ id: parkRatings.id, ...parkRatingValues, createdAt: parkRatings.createdAt })
    .from(parkRatings)
    .where(and(eq(parkRatings.parkId, parkId), eq(parkRatings.userId, userId)));
  return row ? { id: row.id, ...parkRatingShape(row), createdAt: row.createdAt.toISOString() } : null;
}

export async function findOwnAttractionRating(db: Executor, attractionId: string, userId: string): Promise<OwnAttractionRating | null> {
  const [row] = await db
    .select({
      id: attractionRatings.id,
      rating: attractionRatings.rating,
      audienceType: attractionRatings.audienceType,
      comment: attractionRatings.comment,
      createdAt: attractionRatings.createdAt,
    })
    .from(attractionRatings)
    .where(and(eq(attractionRatings.attractionId, attractionId), eq(attractionRatings.userId, userId)));
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

function parkRatingShape(row: Record<ParkRatingCategory, number | null> & { visitDuration: VisitDuration; comment: string | null; images: string[] }) {
  return {
    stars: {
      kidsFriendly: row.kidsFriendly,
      familyFriendly: row.familyFriendly,
      thrill: row.thrill,
      theming: row.theming,
      operations: row.operations,
      value: row.value,
    },
    visitDuration: row.visitDuration,
    comment: row.comment,
    images: row.images,
  };
}
