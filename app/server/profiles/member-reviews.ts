import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CurrentUser } from "~/domain/current-user";
import {
  MEMBER_REVIEWS_PER_PAGE,
  type MemberReviewCursor,
  type MemberReviewPage,
  type MemberReviewSort,
} from "~/domain/member-reviews";
import { queryRows, type Executor } from "../db/database";
import { parkRatingScore } from "../db/park-rating-score";
import { visibleTo } from "../catalog/visibility";
import { visibleReview } from "../catalog/review-visibility";
import { rideRatings, rides, parkRatings, parks } from "../db/schema";

// The statement names either rating table `r`: the visibility condition must say `r` too.
const parkReview = alias(parkRatings, "r");
const rideReview = alias(rideRatings, "r");

type SortKey = "rating" | "name_key" | "created_at" | "id";
type Key = { column: SortKey; descending: boolean };

/**
 * Each sort's keys, the review id last so that every review has one place.
 * The date and rating sorts read the (user, created_at, id) and (user,
 * rating or score, created_at, id) indexes in order, so a page costs the same
 * wherever it is (ascending is the exact reverse of descending, ties
 * included, for that reason); the name sorts order the member's reviews —
 * bounded by the catalogue — by their park's or ride's name, which no index
 * of the rating tables holds.
 */
const KEYS: Record<MemberReviewSort, Key[]> = {
  "date-desc": [desc("created_at"), desc("id")],
  "date-asc": [asc("created_at"), asc("id")],
  "rating-desc": [desc("rating"), desc("created_at"), desc("id")],
  "rating-asc": [asc("rating"), asc("created_at"), asc("id")],
  "name-asc": [asc("name_key"), desc("created_at"), desc("id")],
  "name-desc": [desc("name_key"), desc("created_at"), desc("id")],
};

type Row = {
  kind: "park" | "attraction";
  id: string;
  target_id: string;
  target_name: string;
  park_name: string | null;
  rating: number;
  comment: string | null;
  created_at: string | Date;
  hidden: boolean;
};

/** A review's sort keys as PostgreSQL prints them (a timestamp keeps its microseconds as text). */
type CursorRow = { id: string; rating: number; name_key: string; created_at: string };

/**
 * One page of a member's park and attraction reviews, keyset-paged (decision
 * 0031): the page after (or before) a given review in the chosen sort, read
 * from that review's keys outwards — one more row than a page tells whether
 * another follows. Reviews of a park or attraction the viewer may not see (a
 * pending contribution) are left out, as everywhere else, and so are reviews
 * hidden by auto-moderation (but for their author, who sees them marked). A
 * cursor review that is gone or not visible gives the first page. One query,
 * two with a cursor (its keys are read first).
 */
export async function listMemberReviews(
  db: Executor,
  userId: string,
  viewer: CurrentUser | null,
  sort: MemberReviewSort,
  cursor: MemberReviewCursor,
): Promise<MemberReviewPage> {
  const from = cursor.reviewId
    ? (await queryRows<CursorRow>(db, sql`
        SELECT id, rating, name_key, created_at::text AS created_at
        FROM ${memberReviews(userId, viewer, sql`r.id = ${cursor.reviewId}`)} reviews`))[0]
    : undefined;
  const backwards = from !== undefined && cursor.direction === "before";
  const keys = KEYS[sort].map((key) => (backwards ? { ...key, descending: !key.descending } : key));
  const orderBy = (columns: KeyColumns) =>
    sql.join(keys.map((key) => sql`${columns[key.column]} ${sql.raw(key.descending ? "DESC" : "ASC")}`), sql`, `);
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT kind, id, target_id, target_name, park_name, rating, comment, created_at, hidden
      FROM ${memberReviews(userId, viewer, from ? after(keys, from) : sql`true`, orderBy)} reviews
      ORDER BY ${orderBy(OUTPUT_COLUMNS)}
      LIMIT ${MEMBER_REVIEWS_PER_PAGE + 1}`,
  );
  const more = rows.length > MEMBER_REVIEWS_PER_PAGE;
  const shown = rows.slice(0, MEMBER_REVIEWS_PER_PAGE);
  if (backwards) shown.reverse();
  // Paging back from a review, there is a next page (that review's); paging on from one, a previous.
  const hasPrevious = backwards ? more : from !== undefined;
  const hasNext = backwards ? true : more;
  return {
    reviews: shown.map((row) => ({
      kind: row.kind,
      id: row.id,
      targetId: row.target_id,
      targetName: row.target_name,
      parkName: row.park_name,
      rating: row.rating,
      comment: row.comment,
      createdAt: new Date(row.created_at).toISOString(),
      hidden: row.hidden,
    })),
    previous: hasPrevious && shown.length > 0 ? shown[0]!.id : null,
    next: hasNext && shown.length > 0 ? shown.at(-1)!.id : null,
  };
}

/**
 * The member's park and attraction reviews the viewer may see, as one
 * relation with the sort keys as columns; `condition` (on `r`, the rating, or
 * on the sort keys' own expressions) is repeated in both halves, so that it
 * reaches each table's index. With `orderBy`, each half reads only its first
 * page and a row in that order: PostgreSQL does not push an outer ORDER BY …
 * LIMIT into the halves of a UNION ALL of joins, and would otherwise read the
 * member's whole history to sort it.
 */
function memberReviews(
  userId: string,
  viewer: CurrentUser | null,
  condition: SQL | ((columns: KeyColumns) => SQL),
  orderBy?: (columns: KeyColumns) => SQL,
): SQL {
  const park: KeyColumns = {
    rating: sql`(${parkRatingScore("r")})::float8`,
    name_key: sql`lower(parks.name)`,
    created_at: sql`r.created_at`,
    id: sql`r.id`,
  };
  const ride: KeyColumns = { ...park, rating: sql`r.rating::float8`, name_key: sql`lower(attractions.name)` };
  const where = (columns: KeyColumns) => (typeof condition === "function" ? condition(columns) : condition);
  const firstPage = (columns: KeyColumns) => (orderBy ? sql`ORDER BY ${orderBy(columns)} LIMIT ${MEMBER_REVIEWS_PER_PAGE + 1}` : sql``);
  return sql`(
    (SELECT 'park'::text AS kind, r.id, parks.id AS target_id, parks.name AS target_name, NULL::text AS park_name,
      ${park.rating} AS rating, ${park.name_key} AS name_key, r.comment, r.created_at, r.hidden_at IS NOT NULL AS hidden
    FROM park_ratings r
    JOIN parks ON parks.id = r.park_id
    WHERE r.user_id = ${userId} AND ${visibleTo(parks, viewer)} AND ${visibleReview(parkReview, viewer)} AND ${where(park)}
    ${firstPage(park)})
    UNION ALL
    (SELECT 'attraction'::text, r.id, attractions.id, attractions.name, parks.name, ${ride.rating}, ${ride.name_key}, r.comment,
      r.created_at, r.hidden_at IS NOT NULL
    FROM attraction_ratings r
    JOIN attractions ON attractions.id = r.attraction_id
    JOIN parks ON parks.id = attractions.park_id
    WHERE r.user_id = ${userId} AND ${visibleTo(rides, viewer)} AND ${visibleTo(parks, viewer)}
      AND ${visibleReview(rideReview, viewer)} AND ${where(ride)}
    ${firstPage(ride)})
  )`;
}

type KeyColumns = Record<SortKey, SQL>;

/** The sort keys as the union's own columns, for the outer ORDER BY. */
const OUTPUT_COLUMNS: KeyColumns = { rating: sql.raw("rating"), name_key: sql.raw("name_key"), created_at: sql.raw("created_at"), id: sql.raw("id") };

/**
 * The reviews after `from` in the order of `keys`: (k1, k2, …) beyond the
 * cursor's, written as `k1 ≥ c1 AND (k1 > c1 OR (k2 … ))` so that the first
 * key bounds an index scan; directions may differ from key to key.
 */
function after(keys: Key[], from: CursorRow): (columns: KeyColumns) => SQL {
  const value = (column: SortKey): SQL => {
    if (column === "created_at") return sql`${from.created_at}::timestamptz`;
    if (column === "rating") return sql`${from.rating}::float8`;
    if (column === "id") return sql`${from.id}::uuid`;
    return sql`${from.name_key}::text`;
  };
  return (columns) => {
    const beyond = (index: number): SQL => {
      const key = keys[index]!;
      const strict = sql`${columns[key.column]} ${sql.raw(key.descending ? "<" : ">")} ${value(key.column)}`;
      if (index === keys.length - 1) return strict;
      return sql`(${strict} OR (${columns[key.column]} = ${value(key.column)} AND ${beyond(index + 1)}))`;
    };
    const first = keys[0]!;
    return sql`${columns[first.column]} ${sql.raw(first.descending ? "<=" : ">=")} ${value(first.column)} AND ${beyond(0)}`;
  };
}

function desc(column: SortKey): Key {
  return { column, descending: true };
}

function asc(column: SortKey): Key {
  return { column, descending: false };
}
