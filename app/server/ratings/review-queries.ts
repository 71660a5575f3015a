import { and, eq, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { CurrentUser } from "~/domain/current-user";
import type { VisitDuration } from "~/domain/park-scores";
import type { ParkRatingCategory } from "~/domain/park-rating-categories";
import { REVIEWS_PER_PAGE, type ReviewPage } from "~/domain/review-paging";
import type { RideReview, ParkReview, ReviewBase } from "~/domain/reviews";
import type { Executor } from "../db/database";
import { rideRatings, commentReports, parkRatings, profiles, ratingVotes } from "../db/schema";
import { visibleReview } from "../catalog/review-visibility";
import { encodeRideCursor, encodeParkCursor, type RideReviewCursor, type ParkReviewCursor } from "./review-cursor";

/** Which reviews a list call reads: after `cursor` (null: from the first), `pages` pages of REVIEWS_PER_PAGE (1 by default). */
export type ReviewPageRequest<Cursor> = { cursor: Cursor | null; pages?: number };

/** Whose marks (vote, report, "Votre avis") a review carries: the signed-in viewer, or the author reading their own. */
type Reader = { id: string } | null;

type RatingTable = typeof parkRatings | typeof rideRatings;

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

/** A ride rating's own values. */
const rideRatingValues = { rating: rideRatings.rating, audienceType: rideRatings.audienceType };

/**
 * What every review shows, with the viewer's vote and report on it read in the same query, each by a subquery on
 * its (type, rating, member) unique index: no query per review. Subqueries rather than LEFT JOINs: PostgreSQL plans
 * the page of a much-rated ride for its id at every run (a plan for any ride would read the member's every vote), and
 * a four-table join took it 0.6–1.0 ms to plan on the large dataset, the reviews and their authors alone 0.4 ms
 * (decision 0073).
 */
function reviewColumns(type: "park" | "attraction", table: RatingTable, viewer: Reader) {
  return {
    id: table.id,
    userId: table.userId,
    username: profiles.username,
    comment: table.comment,
    createdAt: table.createdAt,
    helpfulCount: table.helpfulCount,
    unhelpfulCount: table.unhelpfulCount,
    isHelpful: viewer
      ? sql<boolean | null>`(SELECT ${ratingVotes.isHelpful} FROM ${ratingVotes} WHERE ${ratingVotes.ratingType} = ${type} AND ${ratingVotes.ratingId} = ${table.id} AND ${ratingVotes.userId} = ${viewer.id})`
      : sql<boolean | null>`NULL::boolean`,
    reportId: viewer
      ? sql<string | null>`(SELECT ${commentReports.id} FROM ${commentReports} WHERE ${commentReports.commentType} = ${type} AND ${commentReports.commentId} = ${table.id} AND ${commentReports.reportedBy} = ${viewer.id})`
      : sql<string | null>`NULL::uuid`,
    isMine: viewer ? sql<boolean>`${table.userId} = ${viewer.id}` : sql<boolean>`false`,
    hiddenAt: table.hiddenAt,
  };
}

/**
 * The reviews of one table with their author, the reader's vote and report, selecting `values`
 * (the kind's own, and what the caller pages by) besides what every review shows.
 */
function reviewsQuery<Values extends SelectedFields>(
  db: Executor,
  kind: { type: "park" | "attraction"; table: RatingTable },
  reader: Reader,
  values: Values,
) {
  return db
    .select({ ...values, ...reviewColumns(kind.type, kind.table, reader) })
    .from(kind.table)
    .innerJoin(profiles, eq(profiles.id, kind.table.userId));
}

const PARK_REVIEWS = { type: "park", table: parkRatings } as const;
const RIDE_REVIEWS = { type: "attraction", table: rideRatings } as const;

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
 * created_at as a cursor carries it (review-cursor.ts): UTC, in one fixed
 * format, with its microseconds, which a JavaScript date would drop.
 */
function cursorInstant(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The viewer's own review is not in the pages: the page shows it first, from
 * findOwnParkReview / findOwnAttractionReview (which the member's form reads
 * anyway), so that a member finds it however far down it ranks.
 */
function othersThanViewer(table: RatingTable, viewer: CurrentUser | null): SQL | undefined {
  return viewer ? ne(table.userId, viewer.id) : undefined;
}

/** One more row than the pages hold tells whether another page follows. */
function pageOf<Row, Review>(rows: Row[], request: ReviewPageRequest<unknown>, shape: (row: Row) => Review, cursor: (row: Row) => string): ReviewPage<Review> {
  const size = (request.pages ?? 1) * REVIEWS_PER_PAGE;
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return { reviews: shown.map(shape), next: rows.length > size && last ? cursor(last) : null };
}

/** A column a review list is ordered by, descending, with its type for the cursor's value. */
type OrderKey = { column: AnyColumn; type: "integer" | "timestamptz" | "uuid" };

/**
 * The rows of one page of a list of reviews of `target` (a page more for pageOf to tell whether another
 * follows), in the order of `order` and after the cursor's values on those columns when there is one.
 * A review hidden by auto-moderation only for the administrator, the viewer's own left out.
 *
 * The page's ids are chosen by a subquery on the ratings alone, its LIMIT written in the statement, and the
 * reviews read for those ids. PostgreSQL keeps one plan of a prepared statement for any target when it is not
 * costlier than the plans made for each target (decision 0073). With the LIMIT over the whole join, a much-rated
 * ride's plan, made for its id, looked cheaper, and the statement was planned again at every run (0.85 ms on the
 * large dataset, against 0.1 ms to bind its kept plan on small); with the LIMIT a parameter, the plan for any
 * target assumed more rows. The number of rows is one of REVIEW_PAGES_MAX values: as many statement texts.
 */
function reviewPageRows<Values extends SelectedFields>(
  db: Executor,
  kind: typeof PARK_REVIEWS | typeof RIDE_REVIEWS,
  viewer: CurrentUser | null,
  request: ReviewPageRequest<unknown>,
  list: { target: SQL; values: Values; order: OrderKey[]; after: unknown[] | null },
) {
  const { table } = kind;
  const columns = sql.join(list.order.map(({ column }) => column), sql`, `);
  const after = list.after;
  // NULLS LAST as the index is built (Drizzle's .desc() on an index): a bare DESC means NULLS FIRST,
  // which the index cannot give, and PostgreSQL then sorts every rating of the park (docs/rules/quality.md#large-dataset).
  const order = sql.join(list.order.map(({ column }) => sql`${column} DESC NULLS LAST`), sql`, `);
  const conditions = and(
    list.target,
    visibleReview(table, viewer),
    othersThanViewer(table, viewer),
    after ? sql`(${columns}) < (${sql.join(list.order.map(({ type }, i) => sql`${after[i]}::${sql.raw(type)}`), sql`, `)})` : undefined,
  );
  // A whole number the code computes (the API bounds `pages`), never the request's text.
  const rows = sql.raw(String((request.pages ?? 1) * REVIEWS_PER_PAGE + 1));
  // The subquery's columns are the inner table's: its own FROM names the same table, which hides the outer one.
  const pageIds = sql`SELECT ${table.id} FROM ${table} WHERE ${conditions} ORDER BY ${order} LIMIT ${rows}`;
  return reviewsQuery(db, kind, viewer, { ...list.values, cursorAt: cursorInstant(table.createdAt) })
    .where(sql`${table.id} IN (${pageIds})`)
    .orderBy(order);
}

/**
 * A park's reviews, most helpful first then newest (docs/rules/ratings.md#park-reviews-order), the id
 * breaking ties so that the order is total and a cursor names one place in
 * it; read from park_ratings_park_page_idx from the cursor on (the row
 * comparison is the index's own order), so page 200 costs what page 1 does.
 * A review hidden by auto-moderation only for the administrator (its author
 * sees it as their own review), marked.
 */
export async function listParkReviews(
  db: Executor,
  parkId: string,
  viewer: CurrentUser | null,
  request: ReviewPageRequest<ParkReviewCursor> = { cursor: null },
): Promise<ReviewPage<ParkReview>> {
  const { cursor } = request;
  const rows = await reviewPageRows(db, PARK_REVIEWS, viewer, request, {
    target: eq(parkRatings.parkId, parkId),
    values: parkRatingValues,
    order: [
      { column: parkRatings.helpfulCount, type: "integer" },
      { column: parkRatings.createdAt, type: "timestamptz" },
      { column: parkRatings.id, type: "uuid" },
    ],
    after: cursor && [cursor.helpful, cursor.at, cursor.id],
  });
  return pageOf(
    rows,
    request,
    (row) => ({ ...reviewBase(row), ...parkRatingShape(row) }),
    (row) => encodeParkCursor({ helpful: row.helpfulCount, at: row.cursorAt, id: row.id }),
  );
}

/** An attraction's reviews, newest first (docs/rules/ratings.md#ride-reviews-order), paged as a park's on attraction_ratings_attraction_page_idx. */
export async function listRideReviews(
  db: Executor,
  rideId: string,
  viewer: CurrentUser | null,
  request: ReviewPageRequest<RideReviewCursor> = { cursor: null },
): Promise<ReviewPage<RideReview>> {
  const { cursor } = request;
  const rows = await reviewPageRows(db, RIDE_REVIEWS, viewer, request, {
    target: eq(rideRatings.rideId, rideId),
    values: rideRatingValues,
    order: [
      { column: rideRatings.createdAt, type: "timestamptz" },
      { column: rideRatings.id, type: "uuid" },
    ],
    after: cursor && [cursor.at, cursor.id],
  });
  return pageOf(
    rows,
    request,
    (row) => ({ ...reviewBase(row), rating: row.rating, audienceType: row.audienceType }),
    (row) => encodeRideCursor({ at: row.cursorAt, id: row.id }),
  );
}

/**
 * The member's own review of the park, null when they have none: shown first
 * in the reviews (hidden or not: its author always sees it) and filling their
 * form (docs/rules/ratings.md#own-review).
 */
export async function findOwnParkReview(db: Executor, parkId: string, userId: string): Promise<ParkReview | null> {
  const [row] = await reviewsQuery(db, PARK_REVIEWS, { id: userId }, parkRatingValues).where(and(eq(parkRatings.parkId, parkId), eq(parkRatings.userId, userId)));
  return row ? { ...reviewBase(row), ...parkRatingShape(row) } : null;
}

/** The member's own review of the ride, as findOwnParkReview. */
export async function findOwnRideReview(db: Executor, rideId: string, userId: string): Promise<RideReview | null> {
  const [row] = await reviewsQuery(db, RIDE_REVIEWS, { id: userId }, rideRatingValues).where(and(eq(rideRatings.rideId, rideId), eq(rideRatings.userId, userId)));
  return row ? { ...reviewBase(row), rating: row.rating, audienceType: row.audienceType } : null;
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
