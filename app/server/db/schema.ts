/**
 * The whole product's schema. Rules that must hold whatever the code does live
 * here as constraints: rating ranges, enumerations, one rating per user and
 * target, one vote per user and review, one duel per user, type and pair.
 * Every foreign key states what happens on delete (see docs/decisions/0003).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { RIDE_STATUSES } from "../../domain/ride-types";
import { RIDE_MODEL_MAX_LENGTH } from "../../domain/ride-manufacturers";
import { COMMENT_MAX_LENGTH } from "../../domain/comment-limits";
import { MODERATION_STATUSES } from "../../domain/moderation";
import { MODERATION_TARGET_TYPES } from "../../domain/moderation-log";
import { ADMIN_NOTIFICATION_KINDS, DIGEST_FREQUENCIES } from "../../domain/admin-notifications";
import { AUDIENCES, VISIT_DURATIONS } from "../../domain/park-scores";
import { TOP_LIST_SIZE } from "../../domain/top-lists";
import { DEFAULT_CREDIT_RULES, RIDE_LOG_MAX_TIMES, RIDE_LOG_NOTE_MAX_LENGTH, RIDE_LOG_VISIBILITIES } from "../../domain/ride-log";
import { parkRatingScore } from "./park-rating-score";
import { ACCENTED, LIGATURES, UNACCENTED } from "../../domain/search";
import { BAYES_PRIOR_MEAN, BAYES_PRIOR_WEIGHT } from "../../domain/ranking-scores";
import { BRADLEY_TERRY_PRIOR_SD } from "../../domain/bradley-terry";
import { UTC_OFFSET_MAX, UTC_OFFSET_MIN, WAIT_DAY_TYPES, WAIT_MINUTES_MAX } from "../../domain/wait-reports";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

// The enumerations the domain also knows take its lists: one source for both.
export const moderationStatus = pgEnum("moderation_status", MODERATION_STATUSES);
export const rideStatus = pgEnum("attraction_status", RIDE_STATUSES);
export const visitDuration = pgEnum("visit_duration", VISIT_DURATIONS);
export const audienceType = pgEnum("audience_type", AUDIENCES);
export const ratingKind = pgEnum("rating_kind", ["park", "attraction"]);
export const contentTarget = pgEnum("content_target", ["park", "attraction"]);
export const contentAction = pgEnum("content_action", ["create", "update"]);
export const reportStatus = pgEnum("report_status", ["pending", "resolved", "dismissed"]);
export const moderationTarget = pgEnum("moderation_target", MODERATION_TARGET_TYPES);
export const digestFrequency = pgEnum("digest_frequency", DIGEST_FREQUENCIES);
export const adminNotificationKind = pgEnum("admin_notification_kind", ADMIN_NOTIFICATION_KINDS);

// ---------------------------------------------------------------------------
// Authentication (better-auth's core tables, plus its admin and two-factor
// plugin fields, its database rate limiter and our captcha replay guard).
// ---------------------------------------------------------------------------

export const users = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").notNull().default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps,
}, (table) => [
  // The back office's members search finds an e-mail by any part of it.
  index("user_email_trgm_idx").using("gin", sql`lower(${table.email}) gin_trgm_ops`),
]);

export const sessions = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [
    index("account_user_id_idx").on(table.userId),
    uniqueIndex("account_provider_account_idx").on(table.providerId, table.accountId),
  ],
);

export const verifications = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

export const twoFactors = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [index("two_factor_user_id_idx").on(table.userId)],
);

export const rateLimits = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: numeric("last_request", { mode: "number" }).notNull(),
});

/** Each solved captcha is accepted once: the primary key refuses a replay atomically. */
export const captchaSolutions = pgTable(
  "captcha_solution",
  {
    challenge: text("challenge").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("captcha_solution_expires_at_idx").on(table.expiresAt)],
);

// ---------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    isSuspended: boolean("is_suspended").notNull().default(false),
    suspensionReason: text("suspension_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** What others see of the member's ride log (docs/rules/ride-log.md#who-sees-it). */
    rideLogVisibility: text("ride_log_visibility").notNull().default("private"),
    /** The member's counting rules for their credits (docs/rules/ride-log.md#credits). */
    creditsCoastersOnly: boolean("credits_coasters_only").notNull().default(DEFAULT_CREDIT_RULES.coastersOnly),
    creditsCountRemoved: boolean("credits_count_removed").notNull().default(DEFAULT_CREDIT_RULES.countRemoved),
    /** The member's credits under their rules, kept by triggers (ride_log_credits_recount and its kin, decision 0074). */
    rideCredits: integer("ride_credits").notNull().default(0),
  },
  (table) => [
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${table.username})`),
    // The back office's keyset pages, newest first, in the keyset's own order (app/server/admin/keyset.ts:
    // DESC NULLS LAST) so that PostgreSQL reads it without sorting; its search by username uses the trigram one.
    index("profiles_created_id_idx").on(table.createdAt.desc(), table.id.desc()),
    index("profiles_username_trgm_idx").using("gin", sql`lower(${table.username}) gin_trgm_ops`),
    check("profiles_ride_log_visibility", sql.raw(`ride_log_visibility IN (${RIDE_LOG_VISIBILITIES.map((value) => `'${value}'`).join(", ")})`)),
    // The public 'Top riders' (docs/rules/ride-log.md#top-riders) reads the members whose credits are shown, in its
    // order: credits, then the username ignoring case (unique, so no further key), in the C collation so that the
    // order is the same whatever the database's locale (migration 0033 replaced the (credits, id) of 0031).
    index("profiles_top_riders_idx")
      .on(table.rideCredits.desc(), sql`lower(${table.username}) COLLATE "C"`)
      .where(sql`ride_log_visibility <> 'private' AND ride_credits > 0`),
    check("profiles_username_format", sql`${table.username} ~ '^[A-Za-z0-9_-]{3,20}$'`),
    check(
      "profiles_suspension_reason",
      sql`NOT ${table.isSuspended} OR length(btrim(coalesce(${table.suspensionReason}, ''))) > 0`,
    ),
  ],
);

/** A member's figures (docs/rules/profiles.md#influence, decision 0031), kept by row triggers (app/server/db/triggers/); docs/architecture.md, "Stored totals", names each column's. */
export const userRatingStats = pgTable(
  "user_rating_stats",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    totalParkRatings: integer("total_park_ratings").notNull().default(0),
    totalRideRatings: integer("total_attraction_ratings").notNull().default(0),
    currentWeight: numeric("current_weight", { precision: 3, scale: 2, mode: "number" }).notNull().default(1),
    /** The sum of the member's park rating scores (best reviewers' average), kept by a trigger on park_ratings. */
    parkScoreSum: numeric("park_score_sum", { mode: "number" }).notNull().default(0),
    // The profile's figures (decision 0031), kept by row triggers on the ratings and on the
    // attractions' facts (app/server/db/triggers/): the profile reads this one row instead of the history.
    rideRatingSum: integer("attraction_rating_sum").notNull().default(0),
    rideTrackMetres: integer("ride_track_metres").notNull().default(0),
    rideInversions: integer("ride_inversions").notNull().default(0),
    rideSeconds: integer("ride_seconds").notNull().default(0),
    rideHeightMetres: numeric("ride_height_metres", { mode: "number" }).notNull().default(0),
    rollerCoasterCount: integer("roller_coaster_count").notNull().default(0),
    waterRideCount: integer("water_ride_count").notNull().default(0),
    darkRideCount: integer("dark_ride_count").notNull().default(0),
    kidsRideCount: integer("kids_ride_count").notNull().default(0),
    virtualRealityCount: integer("virtual_reality_count").notNull().default(0),
    interactiveRideCount: integer("interactive_ride_count").notNull().default(0),
    transportCount: integer("transport_count").notNull().default(0),
    walkThroughCount: integer("walk_through_count").notNull().default(0),
    // The two types outside the profile's grid, for its chart of every type (decision 0035, migration 0021).
    flatRideCount: integer("flat_ride_count").notNull().default(0),
    showCount: integer("show_count").notNull().default(0),
    /** Helpful votes received on the member's park and attraction reviews. */
    helpfulVotesReceived: integer("helpful_votes_received").notNull().default(0),
    /** The member's reviews hidden by auto-moderation (decision 0017): not counted as reviews shown. */
    hiddenReviews: integer("hidden_reviews").notNull().default(0),
    /** Photos in the member's park reviews. */
    reviewPhotos: integer("review_photos").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("user_rating_stats_total_park_ratings_idx").on(table.totalParkRatings.desc()),
    // Best reviewers: top 100 by park ratings, ties in a stable order.
    index("user_rating_stats_reviewers_idx")
      .on(table.totalParkRatings.desc(), table.userId)
      .where(sql`total_park_ratings > 0`),
    check("user_rating_stats_counts", sql`${table.totalParkRatings} >= 0 AND ${table.totalRideRatings} >= 0`),
  ],
);

/**
 * A member's top 10 (docs/rules/profiles.md#top-10-lists): one row per listed item, positions
 * 1..10 without gaps. The unique position and the range check keep the list
 * ordered and capped even when two requests race.
 */
const topListColumns = (table: { userId: AnyPgColumn; position: AnyPgColumn }, name: string) => [
  uniqueIndex(`${name}_user_position_idx`).on(table.userId, table.position),
  check(`${name}_position`, sql`${table.position} BETWEEN 1 AND ${sql.raw(String(TOP_LIST_SIZE))}`),
];

/**
 * A member's ratings by calendar month (UTC) of their creation, parks and rides apart: the
 * profile's "ratings by month" chart reads at most 12 rows by primary key (decision 0035).
 * Kept by row triggers on the rating tables (ratings_member_months, app/server/db/triggers/); a month
 * whose counts fall to zero loses its row, so the table holds what recomputeAggregates builds.
 */
export const userRatingMonths = pgTable(
  "user_rating_months",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    parkRatings: integer("park_ratings").notNull().default(0),
    rideRatings: integer("attraction_ratings").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.month] }),
    check("user_rating_months_counts", sql`${table.parkRatings} >= 0 AND ${table.rideRatings} >= 0`),
  ],
);

export const userTopParks = pgTable(
  "user_top_parks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    parkId: uuid("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.parkId] }),
    index("user_top_parks_park_idx").on(table.parkId),
    ...topListColumns(table, "user_top_parks"),
  ],
);

export const userTopRides = pgTable(
  "user_top_attractions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.rideId] }),
    index("user_top_attractions_attraction_idx").on(table.rideId),
    ...topListColumns(table, "user_top_attractions"),
  ],
);

// ---------------------------------------------------------------------------
// Parks and attractions
// ---------------------------------------------------------------------------

const openingYearCheck = (column: unknown) =>
  sql`${column} IS NULL OR ${column} BETWEEN 1800 AND extract(year FROM now())::int`;

/**
 * A name folded for search (lower case, ligatures spelled out, accents removed)
 * with the same tables as searchKey() in app/domain/search.ts.
 */
const searchName = (column: string) => {
  let expression = column;
  for (const [ligature, spelled] of LIGATURES) expression = `replace(${expression}, '${ligature}', '${spelled}')`;
  return sql.raw(`lower(translate(${expression}, '${ACCENTED}', '${UNACCENTED}'))`);
};

/** Average of a maintained sum and count, null while nothing is rated. */
const average = (sum: string, count: string) =>
  sql.raw(`CASE WHEN ${count} > 0 THEN round(${sum}::numeric / ${count}, 2) END`);

const PARK_CATEGORIES = [
  ["kidsFriendly", "kids_friendly"],
  ["familyFriendly", "family_friendly"],
  ["thrill", "thrill"],
  ["theming", "theming"],
  ["operations", "operations"],
  ["value", "value"],
] as const;

type CategoryKey = (typeof PARK_CATEGORIES)[number][0];

/** A sum and a count of given stars per park category: sub-ratings may be left out. */
function categoryAggregates() {
  const columns: Record<string, ReturnType<typeof integer>> = {};
  for (const [key, column] of PARK_CATEGORIES) {
    columns[`${key}Sum`] = integer(`${column}_sum`).notNull().default(0);
    columns[`${key}Count`] = integer(`${column}_count`).notNull().default(0);
  }
  return columns as { [K in CategoryKey as `${K}Sum` | `${K}Count`]: ReturnType<typeof integer> };
}

/**
 * How many ratings gave 1, 2, 3, 4 and 5 stars, in that order (docs/rules/ratings.md#rating-distributions): five counts
 * in one array column, moved in the same UPDATE as the sums, so a chart costs no read of ratings.
 */
const starHistogram = (name: string) =>
  integer(name).array().notNull().default(sql`'{0,0,0,0,0}'`);

/** A star histogram per park category (decision 0035). */
function categoryHistograms() {
  const columns: Record<string, ReturnType<typeof starHistogram>> = {};
  for (const [key, column] of PARK_CATEGORIES) columns[`${key}Histogram`] = starHistogram(`${column}_histogram`);
  return columns as { [K in CategoryKey as `${K}Histogram`]: ReturnType<typeof starHistogram> };
}

/** Five counts, none negative (array_position finds a negative one; a NULL element fails too). */
const histogramCheck = (column: string) =>
  sql.raw(`cardinality(${column}) = 5 AND array_position(${column}, NULL) IS NULL AND 0 <= ALL(${column})`);

export const parks = pgTable(
  "parks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    searchName: text("search_name").generatedAlwaysAs(searchName("name")),
    slug: text("slug").notNull().unique(),
    region: text("region").notNull(),
    country: text("country").notNull(),
    imageUrl: text("image_url"),
    description: text("description"),
    descriptionFr: text("description_fr"),
    descriptionEn: text("description_en"),
    openingYear: integer("opening_year"),
    adultPrice: numeric("adult_price", { precision: 8, scale: 2, mode: "number" }),
    childPrice: numeric("child_price", { precision: 8, scale: 2, mode: "number" }),
    openingHours: text("opening_hours"),
    /** Where the park is, in WGS 84 degrees; both or neither (the map and the distances: docs/rules/catalogue.md#map). */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /**
     * The same place as a point of the unit sphere, computed once when it is written: the map's statement projects
     * every park of a view with arithmetic alone, where sines and cosines cost most of its time (decision 0059).
     */
    sphereX: doublePrecision("sphere_x").generatedAlwaysAs(sql`cos(radians(latitude)) * cos(radians(longitude))`),
    sphereY: doublePrecision("sphere_y").generatedAlwaysAs(sql`cos(radians(latitude)) * sin(radians(longitude))`),
    sphereZ: doublePrecision("sphere_z").generatedAlwaysAs(sql`sin(radians(latitude))`),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    moderationStatus: moderationStatus("moderation_status").notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    ...timestamps,
    // Maintained aggregates (docs/rules/quality.md#maintained-aggregates).
    ratingCount: integer("rating_count").notNull().default(0),
    /** Sum over ratings of each rating's mean sub-rating (docs/rules/catalogue.md#park-scores). */
    scoreSum: numeric("score_sum", { precision: 14, scale: 4, mode: "number" }).notNull().default(0),
    ...categoryAggregates(),
    ...categoryHistograms(),
    visitHalfDayCount: integer("visit_half_day_count").notNull().default(0),
    visitFullDayCount: integer("visit_full_day_count").notNull().default(0),
    visitTwoDaysCount: integer("visit_two_days_count").notNull().default(0),
    /** Approved attractions that have at least one rating, and the sum of their averages. */
    ratedRidesCount: integer("rated_attractions_count").notNull().default(0),
    ridesAverageSum: numeric("attractions_average_sum", { precision: 14, scale: 4, mode: "number" })
      .notNull()
      .default(0),
    /** Approved, operating attractions. */
    attractionsCount: integer("attractions_count").notNull().default(0),
    averageRating: numeric("average_rating", { precision: 4, scale: 2, mode: "number" }).generatedAlwaysAs(
      average("score_sum", "rating_count"),
    ),
    attractionsRating: numeric("attractions_rating", { precision: 4, scale: 2, mode: "number" }).generatedAlwaysAs(
      average("attractions_average_sum", "rated_attractions_count"),
    ),
    kidsFriendlyAverage: numeric("kids_friendly_average", { precision: 4, scale: 2, mode: "number" }).generatedAlwaysAs(
      average("kids_friendly_sum", "kids_friendly_count"),
    ),
    familyFriendlyAverage: numeric("family_friendly_average", {
      precision: 4,
      scale: 2,
      mode: "number",
    }).generatedAlwaysAs(average("family_friendly_sum", "family_friendly_count")),
    thrillAverage: numeric("thrill_average", { precision: 4, scale: 2, mode: "number" }).generatedAlwaysAs(
      average("thrill_sum", "thrill_count"),
    ),
    themingAverage: numeric("theming_average", { precision: 4, scale: 2, mode: "number" }).generatedAlwaysAs(
      average("theming_sum", "theming_count"),
    ),
    operationsAverage: numeric("operations_average", { precision: 4, scale: 2, mode: "number" }).generatedAlwaysAs(
      average("operations_sum", "operations_count"),
    ),
    valueAverage: numeric("value_average", { precision: 4, scale: 2, mode: "number" }).generatedAlwaysAs(
      average("value_sum", "value_count"),
    ),
  },
  (table) => [
    index("parks_status_created_idx").on(table.moderationStatus, table.createdAt.desc()),
    index("parks_status_country_region_idx").on(table.moderationStatus, table.country, table.region),
    index("parks_status_rating_idx").on(table.moderationStatus, table.averageRating.desc().nullsLast()),
    // The map (decision 0059): a view's parks in the order of its list, with all the statement reads of them, so
    // that it reads this index alone, already sorted, and never the parks' wide rows.
    index("parks_map_idx").on(
      table.moderationStatus,
      table.averageRating.desc().nullsLast(),
      table.ratingCount.desc().nullsFirst(),
      table.name,
      table.id,
      table.country,
      table.latitude,
      table.longitude,
      table.sphereX,
      table.sphereY,
      table.sphereZ,
    ),
    index("parks_name_lower_idx").on(sql`lower(${table.name})`),
    index("parks_search_name_trgm_idx").using("gin", sql`${table.searchName} gin_trgm_ops`),
    // Search suggestions (decision 0031): names starting with the text, and the most rated first,
    // each read 5 rows at a time (NULLS FIRST is what ORDER BY … DESC reads).
    index("parks_search_name_prefix_idx").on(sql`${table.searchName} text_pattern_ops`),
    index("parks_search_rank_idx").on(table.ratingCount.desc().nullsFirst(), table.name),
    index("parks_created_by_idx").on(table.createdBy),
    // The back office's park list: every state, newest first, keyset-paged on (created_at, id).
    index("parks_created_id_idx").on(table.createdAt.desc(), table.id.desc()),
    // The public API's park list (decision 0036), keyset-paged in one direction: (sort value, rating count, id), so a
    // page after a cursor is a seek on the row comparison. The rating sort reads parks_status_rating_idx above.
    ...(
      [
        ["kids_friendly", table.kidsFriendlyAverage],
        ["family_friendly", table.familyFriendlyAverage],
        ["thrill", table.thrillAverage],
        ["theming", table.themingAverage],
        ["operations", table.operationsAverage],
        ["value", table.valueAverage],
        ["attractions", table.attractionsRating],
        ["attractions_count", table.attractionsCount],
      ] as const
    ).map(([sort, column]) =>
      index(`parks_api_${sort}_keyset_idx`)
        .on(column.desc().nullsLast(), table.ratingCount.desc(), table.id.desc())
        .where(sql`moderation_status = 'approved'`),
    ),
    check("parks_opening_year", openingYearCheck(table.openingYear)),
    check("parks_adult_price", sql`${table.adultPrice} IS NULL OR ${table.adultPrice} > 0`),
    check("parks_child_price", sql`${table.childPrice} IS NULL OR ${table.childPrice} > 0`),
    // Spelled out for NULL: a CHECK that evaluates to NULL passes, so half a location must be false, not unknown.
    check(
      "parks_location",
      sql`(${table.latitude} IS NULL AND ${table.longitude} IS NULL) OR (${table.latitude} IS NOT NULL AND ${table.longitude} IS NOT NULL AND ${table.latitude} BETWEEN -90 AND 90 AND ${table.longitude} BETWEEN -180 AND 180)`,
    ),
    check(
      "parks_histograms",
      sql.join(PARK_CATEGORIES.map(([, column]) => histogramCheck(`${column}_histogram`)), sql` AND `),
    ),
    check("parks_name_not_blank", sql`length(btrim(${table.name})) > 0`),
    check("parks_slug_format", sql`${table.slug} ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'`),
    check(
      "parks_rejection_reason",
      sql`${table.moderationStatus} <> 'rejected' OR length(btrim(coalesce(${table.rejectionReason}, ''))) > 0`,
    ),
  ],
);

export const rideTypes = pgTable("attraction_types", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull().unique(),
});

/**
 * Ride manufacturers (decision 0052): a reference list, seeded by its migration like the attraction types,
 * with the ids of app/domain/manufacturer-list.ts; addresses use the slug.
 */
export const manufacturers = pgTable(
  "manufacturers",
  {
    id: smallint("id").primaryKey(),
    name: text("name").notNull().unique(),
    slug: text("slug").notNull().unique(),
    /** ISO 3166-1 alpha-2 code of the country the maker is based in. */
    countryCode: text("country_code").notNull(),
  },
  (table) => [
    check("manufacturers_name_not_blank", sql`length(btrim(${table.name})) > 0`),
    check("manufacturers_slug_format", sql`${table.slug} ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'`),
    check("manufacturers_country_code", sql`${table.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

export const rides = pgTable(
  "attractions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    parkId: uuid("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    searchName: text("search_name").generatedAlwaysAs(searchName("name")),
    slug: text("slug").notNull(),
    typeId: smallint("type_id")
      .notNull()
      .references(() => rideTypes.id, { onDelete: "restrict" }),
    description: text("description"),
    descriptionFr: text("description_fr"),
    descriptionEn: text("description_en"),
    imageUrl: text("image_url"),
    duration: integer("duration"),
    minHeightAlone: integer("min_height_alone"),
    minHeightForbidden: integer("min_height_forbidden"),
    height: numeric("height", { precision: 7, scale: 1, mode: "number" }),
    maxSpeed: numeric("max_speed", { precision: 6, scale: 1, mode: "number" }),
    inversions: integer("inversions"),
    trackLength: integer("track_length"),
    capacityPerHour: integer("capacity_per_hour"),
    openingYear: integer("opening_year"),
    youtubeUrl: text("youtube_url"),
    // A maker still named by rides cannot leave the list: merging two makers moves their rides first.
    manufacturerId: smallint("manufacturer_id").references(() => manufacturers.id, { onDelete: "restrict" }),
    model: text("model"),
    /**
     * Where the ride stands in its park, in WGS 84 degrees; both or neither, like the park's location, and within
     * RIDE_DISTANCE_FROM_PARK_KM of the park's own when written through a form (docs/rules/catalogue.md#ride-position).
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    status: rideStatus("status").notNull().default("operating"),
    moderationStatus: moderationStatus("moderation_status").notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    /**
     * The ride this one continues (the same physical ride moved from another park), set by the administrator; always
     * the first of its line, so that a credit is the ride's own id or this one (docs/rules/ride-log.md#relocated-rides).
     */
    continuesId: uuid("continues_id").references((): AnyPgColumn => rides.id, { onDelete: "set null" }),
    ...timestamps,
    // Maintained aggregates.
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    audienceThrillCount: integer("audience_thrill_count").notNull().default(0),
    audienceKidsCount: integer("audience_kids_count").notNull().default(0),
    audienceGeneralCount: integer("audience_general_count").notNull().default(0),
    ratingHistogram: starHistogram("rating_histogram"),
    averageRating: numeric("average_rating", { precision: 4, scale: 2, mode: "number" }).generatedAlwaysAs(
      average("rating_sum", "rating_count"),
    ),
    /** The best-attractions order (decision 0020): the average pulled toward a prior. */
    bayesScore: doublePrecision("bayes_score").generatedAlwaysAs(
      sql.raw(`(${BAYES_PRIOR_MEAN * BAYES_PRIOR_WEIGHT} + rating_sum)::double precision / (${BAYES_PRIOR_WEIGHT} + rating_count)`),
    ),
    // Every member's duels of this ride, kept by a trigger on attraction_duels (attraction_duels_count, app/server/db/triggers/).
    duelWins: integer("duel_wins").notNull().default(0),
    duelLosses: integer("duel_losses").notNull().default(0),
    /**
     * The duel ranking's order (decision 0077): the ride's Bradley–Terry strength in its type and its deviation, fitted
     * from every member's duels by the rankings job and moved by one step at each new duel in between
     * (attraction_duels_count). 0 and 1: the prior's, a ride without duels.
     */
    duelStrength: doublePrecision("duel_strength").notNull().default(0),
    duelStrengthSd: doublePrecision("duel_strength_sd").notNull().default(BRADLEY_TERRY_PRIOR_SD),
  },
  (table) => [
    uniqueIndex("attractions_park_slug_idx").on(table.parkId, table.slug),
    index("attractions_park_status_idx").on(table.parkId, table.moderationStatus, table.status),
    index("attractions_type_ranking_idx").on(
      table.typeId,
      table.moderationStatus,
      table.status,
      table.averageRating.desc().nullsLast(),
    ),
    index("attractions_status_created_idx").on(table.moderationStatus, table.createdAt.desc()),
    // The rankings page's two ride rankings, all types and per type: index walks (decision 0020).
    index("attractions_bayes_rank_idx")
      .on(table.bayesScore.desc(), table.ratingCount.desc(), table.id)
      .where(sql`moderation_status = 'approved' AND status = 'operating' AND rating_count > 0`),
    index("attractions_type_bayes_rank_idx")
      .on(table.typeId, table.bayesScore.desc(), table.ratingCount.desc(), table.id)
      .where(sql`moderation_status = 'approved' AND status = 'operating' AND rating_count > 0`),
    index("attractions_duel_rank_idx")
      .on(table.duelStrength.desc(), sql`(duel_wins + duel_losses) DESC`, table.id)
      .where(sql`moderation_status = 'approved' AND duel_wins + duel_losses > 0`),
    index("attractions_type_duel_rank_idx")
      .on(table.typeId, table.duelStrength.desc(), sql`(duel_wins + duel_losses) DESC`, table.id)
      .where(sql`moderation_status = 'approved' AND duel_wins + duel_losses > 0`),
    // A manufacturer's page (its public rides, best rated first) and the foreign key's checks on the maker's side.
    index("attractions_manufacturer_idx").on(table.manufacturerId, table.averageRating.desc().nullsLast(), table.name),
    // The rankings filtered by manufacturer (decision 0052): the same walks as above, one maker's rides first.
    index("attractions_manufacturer_bayes_rank_idx")
      .on(table.manufacturerId, table.bayesScore.desc(), table.ratingCount.desc(), table.id)
      .where(sql`moderation_status = 'approved' AND status = 'operating' AND rating_count > 0`),
    index("attractions_manufacturer_duel_rank_idx")
      .on(table.manufacturerId, table.duelStrength.desc(), sql`(duel_wins + duel_losses) DESC`, table.id)
      .where(sql`moderation_status = 'approved' AND duel_wins + duel_losses > 0`),
    // The back office's list of every ride, newest first, unfiltered (keyset over created_at, id).
    index("attractions_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("attractions_name_lower_idx").on(sql`lower(${table.name})`),
    index("attractions_search_name_trgm_idx").using("gin", sql`${table.searchName} gin_trgm_ops`),
    index("attractions_search_name_prefix_idx").on(sql`${table.searchName} text_pattern_ops`),
    index("attractions_search_rank_idx").on(table.ratingCount.desc().nullsFirst(), table.name),
    index("attractions_created_by_idx").on(table.createdBy),
    index("attractions_continues_idx").on(table.continuesId).where(sql`continues_id IS NOT NULL`),
    check("attractions_continues_other", sql`${table.continuesId} IS NULL OR ${table.continuesId} <> ${table.id}`),
    check("attractions_opening_year", openingYearCheck(table.openingYear)),
    check("attractions_duration", sql`${table.duration} IS NULL OR ${table.duration} >= 1`),
    check("attractions_capacity", sql`${table.capacityPerHour} IS NULL OR ${table.capacityPerHour} >= 1`),
    check(
      "attractions_non_negative",
      sql`coalesce(${table.minHeightAlone}, 0) >= 0 AND coalesce(${table.minHeightForbidden}, 0) >= 0
        AND coalesce(${table.height}, 0) >= 0 AND coalesce(${table.maxSpeed}, 0) >= 0
        AND coalesce(${table.inversions}, 0) >= 0 AND coalesce(${table.trackLength}, 0) >= 0`,
    ),
    check("attractions_rating_histogram", histogramCheck("rating_histogram")),
    check("attractions_name_not_blank", sql`length(btrim(${table.name})) > 0`),
    check(
      "attractions_model",
      sql.raw(`model IS NULL OR (length(btrim(model)) > 0 AND char_length(model) <= ${RIDE_MODEL_MAX_LENGTH})`),
    ),
    check("attractions_duel_counts", sql`${table.duelWins} >= 0 AND ${table.duelLosses} >= 0`),
    // As parks_location: spelled out for NULL, so that half a position is false, not unknown.
    check(
      "attractions_position",
      sql`(${table.latitude} IS NULL AND ${table.longitude} IS NULL) OR (${table.latitude} IS NOT NULL AND ${table.longitude} IS NOT NULL AND ${table.latitude} BETWEEN -90 AND 90 AND ${table.longitude} BETWEEN -180 AND 180)`,
    ),
    check(
      "attractions_rejection_reason",
      sql`${table.moderationStatus} <> 'rejected' OR length(btrim(coalesce(${table.rejectionReason}, ''))) > 0`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// Ratings, votes, reports
// ---------------------------------------------------------------------------

const starRating = (column: unknown, nullable: boolean) =>
  nullable ? sql`${column} IS NULL OR ${column} BETWEEN 1 AND 5` : sql`${column} BETWEEN 1 AND 5`;


export const parkRatings = pgTable(
  "park_ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    parkId: uuid("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kidsFriendlyRating: smallint("kids_friendly_rating"),
    familyFriendlyRating: smallint("family_friendly_rating"),
    thrillRating: smallint("thrill_rating"),
    themingRating: smallint("theming_rating"),
    operationsRating: smallint("operations_rating"),
    valueRating: smallint("value_rating"),
    visitDuration: visitDuration("visit_duration").notNull(),
    comment: text("comment"),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    helpfulCount: integer("helpful_count").notNull().default(0),
    unhelpfulCount: integer("unhelpful_count").notNull().default(0),
    /** Set by auto-moderation (decision 0017): the review leaves public pages; its scores stay counted. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("park_ratings_user_park_idx").on(table.userId, table.parkId),
    // A member's reviews on their profile, keyset-paged by date or by score (decision 0031).
    index("park_ratings_user_created_idx").on(table.userId, table.createdAt, table.id),
    index("park_ratings_user_score_idx").on(table.userId, sql`((${parkRatingScore()})::float8)`, table.createdAt, table.id),
    // The park page's reviews, keyset-paged in this order (decision 0027): the id makes it total, so a
    // cursor names one place in it and the scan starts there.
    index("park_ratings_park_page_idx").on(table.parkId, table.helpfulCount.desc(), table.createdAt.desc(), table.id.desc()),
    // The back office's reviews, newest first, keyset-paged on (created_at, id) in the keyset's own
    // order (app/server/admin/keyset.ts: DESC NULLS LAST), so PostgreSQL reads it without sorting.
    index("park_ratings_created_id_idx").on(table.createdAt.desc(), table.id.desc()),
    // The back office's reviews of one park.
    index("park_ratings_park_created_idx").on(table.parkId, table.createdAt.desc(), table.id.desc()),
    // A park's members' photo (app/server/identity/member-photos.ts): its public reviews with photos only, in the
    // page's order. Without it the walk read every review of the park when none had a photo (25,658 on the large
    // dataset's most rated park, 13–140 ms at each render of its page).
    index("park_ratings_park_photos_idx")
      .on(table.parkId, table.helpfulCount.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} IS NULL AND cardinality(${table.images}) > 0`),
    check("park_ratings_kids_friendly", starRating(table.kidsFriendlyRating, true)),
    check("park_ratings_family_friendly", starRating(table.familyFriendlyRating, true)),
    check("park_ratings_thrill", starRating(table.thrillRating, true)),
    check("park_ratings_theming", starRating(table.themingRating, true)),
    check("park_ratings_operations", starRating(table.operationsRating, true)),
    check("park_ratings_value", starRating(table.valueRating, true)),
    check(
      "park_ratings_at_least_one",
      sql`num_nonnulls(${table.kidsFriendlyRating}, ${table.familyFriendlyRating}, ${table.thrillRating},
        ${table.themingRating}, ${table.operationsRating}, ${table.valueRating}) > 0`,
    ),
    check("park_ratings_comment_length", sql`char_length(${table.comment}) <= ${sql.raw(String(COMMENT_MAX_LENGTH))}`),
    check("park_ratings_vote_counts", sql`${table.helpfulCount} >= 0 AND ${table.unhelpfulCount} >= 0`),
  ],
);

export const rideRatings = pgTable(
  "attraction_ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    audienceType: audienceType("audience_type").notNull(),
    comment: text("comment"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    unhelpfulCount: integer("unhelpful_count").notNull().default(0),
    /** Set by auto-moderation (decision 0017), as on park_ratings. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("attraction_ratings_user_attraction_idx").on(table.userId, table.rideId),
    index("attraction_ratings_user_created_idx").on(table.userId, table.createdAt, table.id),
    // The rating as the profile list compares it with park scores (float8), so that the index serves it.
    index("attraction_ratings_user_rating_idx").on(table.userId, sql`(${table.rating}::float8)`, table.createdAt, table.id),
    // The ride page's reviews, newest first, keyset-paged as a park's (decision 0027); the back office's too.
    index("attraction_ratings_attraction_page_idx").on(table.rideId, table.createdAt.desc(), table.id.desc()),
    // The back office's keyset pages, newest first, in the keyset's own order (DESC NULLS LAST).
    index("attraction_ratings_created_id_idx").on(table.createdAt.desc(), table.id.desc()),
    check("attraction_ratings_rating", starRating(table.rating, false)),
    check(
      "attraction_ratings_comment_length",
      sql`char_length(${table.comment}) <= ${sql.raw(String(COMMENT_MAX_LENGTH))}`,
    ),
    check("attraction_ratings_vote_counts", sql`${table.helpfulCount} >= 0 AND ${table.unhelpfulCount} >= 0`),
  ],
);

/**
 * rating_type + rating_id point at a park or attraction rating. A polymorphic
 * pair cannot carry a foreign key, so triggers (migration 0001) delete the
 * votes and reports of a rating when it is deleted.
 */
export const ratingVotes = pgTable(
  "rating_votes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ratingType: ratingKind("rating_type").notNull(),
    ratingId: uuid("rating_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    isHelpful: boolean("is_helpful").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("rating_votes_user_rating_idx").on(table.userId, table.ratingType, table.ratingId),
    index("rating_votes_rating_idx").on(table.ratingType, table.ratingId),
  ],
);

export const commentReports = pgTable(
  "comment_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentType: ratingKind("comment_type").notNull(),
    commentId: uuid("comment_id").notNull(),
    reportedBy: text("reported_by")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: reportStatus("status").notNull().default("pending"),
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("comment_reports_reporter_comment_idx").on(table.reportedBy, table.commentType, table.commentId),
    index("comment_reports_comment_status_idx").on(table.commentType, table.commentId, table.status),
    // The administrator's list, by status or all, newest first: built as app/server/admin/keyset.ts
    // orders (DESC NULLS LAST), so that PostgreSQL reads it in order without sorting.
    index("comment_reports_status_created_idx").on(table.status, table.createdAt.desc(), table.id.desc()),
    index("comment_reports_created_idx").on(table.createdAt.desc(), table.id.desc()),
    check("comment_reports_reason", sql`length(btrim(${table.reason})) > 0`),
    check(
      "comment_reports_resolution",
      sql`${table.status} <> 'resolved' OR length(btrim(coalesce(${table.resolution}, ''))) > 0`,
    ),
  ],
);

/**
 * Per-member write limits (app/server/allowances/write-limits.ts), kept in the
 * database so every server process counts the same writes: the times of the
 * member's recent writes of one kind, never more than the limit allows.
 */
export const userWriteLimits = pgTable(
  "user_write_limits",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    recent: timestamp("recent", { withTimezone: true }).array().notNull().default(sql`'{}'::timestamptz[]`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.action] })],
);

// ---------------------------------------------------------------------------
// Contributions and moderation
// ---------------------------------------------------------------------------

export const contentModifications = pgTable(
  "content_modifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    targetType: contentTarget("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    action: contentAction("action").notNull(),
    status: moderationStatus("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("content_modifications_user_status_idx").on(table.userId, table.status),
    index("content_modifications_target_idx").on(table.targetType, table.targetId),
  ],
);

const suggestionColumns = {
  id: uuid("id").primaryKey().defaultRandom(),
  suggestedBy: text("suggested_by")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  suggestedChanges: jsonb("suggested_changes").notNull(),
  reason: text("reason").notNull(),
  status: moderationStatus("status").notNull().default("pending"),
  moderatedBy: text("moderated_by").references(() => profiles.id, { onDelete: "set null" }),
  moderationReason: text("moderation_reason"),
  moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  /**
   * The target's values of the changed fields when the suggestion was made:
   * the moderation screen compares them with today's to say which fields
   * changed meanwhile (decision 0019).
   */
  originalValues: jsonb("original_values").notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};

export const parkSuggestions = pgTable(
  "park_suggestions",
  {
    ...suggestionColumns,
    parkId: uuid("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
  },
  (table) => [
    // The administrator's list: pending ones only, newest first, keyset-paged on (created_at, id).
    index("park_suggestions_pending_created_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`status = 'pending'`),
    index("park_suggestions_park_idx").on(table.parkId),
    index("park_suggestions_suggested_by_idx").on(table.suggestedBy, table.createdAt.desc()),
    // One pending suggestion per member and park: a new one replaces it (decision 0019).
    uniqueIndex("park_suggestions_one_pending_idx").on(table.suggestedBy, table.parkId).where(sql`status = 'pending'`),
    check("park_suggestions_reason", sql`length(btrim(${table.reason})) > 0`),
  ],
);

export const rideSuggestions = pgTable(
  "attraction_suggestions",
  {
    ...suggestionColumns,
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
  },
  (table) => [
    // The administrator's list: pending ones only, newest first, keyset-paged on (created_at, id).
    index("attraction_suggestions_pending_created_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`status = 'pending'`),
    index("attraction_suggestions_attraction_idx").on(table.rideId),
    index("attraction_suggestions_suggested_by_idx").on(table.suggestedBy, table.createdAt.desc()),
    uniqueIndex("attraction_suggestions_one_pending_idx")
      .on(table.suggestedBy, table.rideId)
      .where(sql`status = 'pending'`),
    check("attraction_suggestions_reason", sql`length(btrim(${table.reason})) > 0`),
  ],
);

/**
 * The addresses a park or a ride had before a rename: they answer with a
 * permanent redirect to today's address (decision 0019). A live slug always
 * wins over an old one, so a new park may take a freed address.
 */
/**
 * Best contributors (docs/rules/duels-and-rankings.md#best-contributors), kept by
 * triggers on content_modifications and both suggestion tables
 * (app/server/db/triggers/, decision 0020): approved additions and approved edits, by target,
 * and every suggestion the member made.
 */
export const contributorStats = pgTable(
  "contributor_stats",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    parksCreated: integer("parks_created").notNull().default(0),
    parksUpdated: integer("parks_updated").notNull().default(0),
    attractionsCreated: integer("attractions_created").notNull().default(0),
    attractionsUpdated: integer("attractions_updated").notNull().default(0),
    suggestionsCount: integer("suggestions_count").notNull().default(0),
    totalContributions: integer("total_contributions").generatedAlwaysAs(
      sql`parks_created + parks_updated + attractions_created + attractions_updated`,
    ),
  },
  (table) => [
    index("contributor_stats_rank_idx")
      .on(table.totalContributions.desc(), table.suggestionsCount.desc(), table.userId)
      .where(sql`parks_created + parks_updated + attractions_created + attractions_updated + suggestions_count > 0`),
    check(
      "contributor_stats_counts",
      sql`${table.parksCreated} >= 0 AND ${table.parksUpdated} >= 0 AND ${table.attractionsCreated} >= 0
        AND ${table.attractionsUpdated} >= 0 AND ${table.suggestionsCount} >= 0`,
    ),
  ],
);

/**
 * Site-wide counts that would otherwise be a count over a whole table on each read (decision 0059): one row,
 * kept by a statement trigger (app/server/db/triggers/, decision 0050), rebuilt by recomputeAggregates.
 * `members`: the accounts, each of which has its profile (the back office's dashboard shows it).
 */
export const siteCounts = pgTable(
  "site_counts",
  {
    id: boolean("id").primaryKey().default(true),
    members: integer("members").notNull().default(0),
  },
  (table) => [check("site_counts_one_row", sql`${table.id}`), check("site_counts_members", sql`${table.members} >= 0`)],
);

export const parkSlugRedirects = pgTable(
  "park_slug_redirects",
  {
    slug: text("slug").primaryKey(),
    parkId: uuid("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("park_slug_redirects_park_idx").on(table.parkId)],
);

export const rideSlugRedirects = pgTable(
  "attraction_slug_redirects",
  {
    parkId: uuid("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.parkId, table.slug] }),
    index("attraction_slug_redirects_attraction_idx").on(table.rideId),
  ],
);

export const moderationLogs = pgTable(
  "moderation_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actionType: text("action_type").notNull(),
    targetType: moderationTarget("target_type").notNull(),
    targetId: text("target_id").notNull(),
    moderatorId: text("moderator_id").references(() => profiles.id, { onDelete: "set null" }),
    actionDetails: text("action_details"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("moderation_logs_created_idx").on(table.createdAt.desc()),
    // The log screen's filters by action and by target type, newest first (keyset on created_at, id).
    index("moderation_logs_action_created_idx").on(table.actionType, table.createdAt.desc(), table.id.desc()),
    index("moderation_logs_target_created_idx").on(table.targetType, table.createdAt.desc(), table.id.desc()),
  ],
);

/** A single row (id = 1) holding the administrator's settings (docs/rules/back-office.md#settings, docs/rules/quality.md#settings-take-effect). */
export const adminSettings = pgTable(
  "admin_settings",
  {
    id: smallint("id").primaryKey().default(1),
    autoModeration: boolean("auto_moderation").notNull().default(false),
    requireApproval: boolean("require_approval").notNull().default(true),
    maxReportsBeforeHide: smallint("max_reports_before_hide").notNull().default(3),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    notifyOnNewPark: boolean("notify_on_new_park").notNull().default(true),
    notifyOnNewAttraction: boolean("notify_on_new_attraction").notNull().default(true),
    notifyOnReport: boolean("notify_on_report").notNull().default(true),
    digestFrequency: digestFrequency("digest_frequency").notNull().default("daily"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("admin_settings_singleton", sql`${table.id} = 1`),
    check("admin_settings_max_reports", sql`${table.maxReportsBeforeHide} BETWEEN 1 AND 10`),
  ],
);

/**
 * The administrator's e-mail notifications (docs/decisions/0016): one row per
 * event, written in the event's transaction, sent by the notification job at
 * `due_at` (at once, or at the end of the digest period it belongs to).
 * A sender claims rows until `claimed_until`; a crashed sender's rows are
 * claimable again once that lease has passed; `sent_at` marks them done.
 */
export const adminNotifications = pgTable(
  "admin_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: adminNotificationKind("kind").notNull(),
    targetId: text("target_id").notNull(),
    /** What the e-mail says (names, author, reason), copied at the event: the target may be gone when it is sent. */
    summary: jsonb("summary").$type<Record<string, string>>().notNull(),
    delivery: digestFrequency("delivery").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: smallint("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("admin_notifications_unsent_due_idx").on(table.dueAt).where(sql`${table.sentAt} IS NULL`)],
);

// ---------------------------------------------------------------------------
// Visit plans, duels, rankings
// ---------------------------------------------------------------------------

export const visitPlans = pgTable(
  "visit_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    parkId: uuid("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    /** The member's own name; "" for the default one, which each language words itself ('Mon plan de visite'). */
    name: text("name").notNull().default(""),
    /** Sum of the durations (seconds) of the plan's rides not removed, as of its last save: a ride changed later does not move it. */
    totalDuration: integer("total_duration").notNull().default(0),
    /** Bumped by every write: a save from a tab that read an older version is refused (decision 0022). */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    // Also serves a member's list of plans (WHERE user_id = …): a member has a plan per park at most.
    uniqueIndex("visit_plans_user_park_idx").on(table.userId, table.parkId),
    check("visit_plans_total_duration", sql`${table.totalDuration} >= 0`),
  ],
);

export const visitPlanRides = pgTable(
  "visit_plan_attractions",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => visitPlans.id, { onDelete: "cascade" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    isPriority: boolean("is_priority").notNull().default(false),
    completed: boolean("completed").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.rideId] }),
    uniqueIndex("visit_plan_attractions_position_idx").on(table.planId, table.position),
    index("visit_plan_attractions_attraction_idx").on(table.rideId),
    check("visit_plan_attractions_position", sql`${table.position} >= 1`),
  ],
);

export const rideDuels = pgTable(
  "attraction_duels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    typeId: smallint("type_id")
      .notNull()
      .references(() => rideTypes.id, { onDelete: "restrict" }),
    winnerId: uuid("winner_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    loserId: uuid("loser_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One duel per user, type and unordered pair.
    uniqueIndex("attraction_duels_user_pair_idx").on(
      table.userId,
      table.typeId,
      sql`least(${table.winnerId}, ${table.loserId})`,
      sql`greatest(${table.winnerId}, ${table.loserId})`,
    ),
    index("attraction_duels_type_idx").on(table.typeId),
    index("attraction_duels_winner_idx").on(table.winnerId),
    index("attraction_duels_loser_idx").on(table.loserId),
    check("attraction_duels_distinct", sql`${table.winnerId} <> ${table.loserId}`),
  ],
);

export const rideRankings = pgTable(
  "attraction_rankings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    typeId: smallint("type_id")
      .notNull()
      .references(() => rideTypes.id, { onDelete: "restrict" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("attraction_rankings_user_attraction_idx").on(table.userId, table.typeId, table.rideId),
    index("attraction_rankings_user_rank_idx").on(table.userId, table.typeId, table.rank),
    index("attraction_rankings_attraction_idx").on(table.rideId),
    check("attraction_rankings_counts", sql`${table.rank} >= 1 AND ${table.wins} >= 0 AND ${table.losses} >= 0`),
  ],
);

// ---------------------------------------------------------------------------
// Ride log, wish list (docs/rules/ride-log.md)
// ---------------------------------------------------------------------------

/** One import of a CSV into a member's log: its entries name it, and undoing it deletes them together. */
export const rideLogImports = pgTable(
  "ride_log_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    entryCount: integer("entry_count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ride_log_imports_user_idx").on(table.userId, table.createdAt.desc())],
);

/** A member's ride of a ride on a day (or on a day they do not know): its id is chosen by the client, so that an entry sent twice is written once. */
export const rideLogEntries = pgTable(
  "ride_log_entries",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    riddenOn: date("ridden_on", { mode: "string" }),
    times: smallint("times").notNull().default(1),
    note: text("note"),
    importId: uuid("import_id").references(() => rideLogImports.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [
    // A member's entries of one ride, newest first (the ride page), and the tallies' recount.
    index("ride_log_entries_user_ride_idx").on(table.userId, table.rideId, table.riddenOn.desc().nullsLast()),
    index("ride_log_entries_attraction_idx").on(table.rideId),
    // A member's entries of one year: the year's figures counted again when one of them changes (decision 0075).
    index("ride_log_entries_user_day_idx").on(table.userId, table.riddenOn),
    index("ride_log_entries_import_idx").on(table.importId).where(sql`import_id IS NOT NULL`),
    check("ride_log_entries_times", sql.raw(`times BETWEEN 1 AND ${RIDE_LOG_MAX_TIMES}`)),
    check("ride_log_entries_note", sql.raw(`note IS NULL OR (length(btrim(note)) > 0 AND char_length(note) <= ${RIDE_LOG_NOTE_MAX_LENGTH})`)),
  ],
);

/**
 * A member's tally of one ride: how many times in all, in how many entries, the first and the latest known day. Kept
 * by the log's services (retallyRides, app/server/ride-log/ride-tallies.ts) in each write's transaction; the credits
 * are counted from these rows, one per ride the member has ridden (decision 0074).
 */
export const rideLogTallies = pgTable(
  "ride_log_tallies",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    times: integer("times").notNull(),
    entries: integer("entries").notNull(),
    firstOn: date("first_on", { mode: "string" }),
    lastOn: date("last_on", { mode: "string" }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.rideId] }),
    index("ride_log_tallies_attraction_idx").on(table.rideId),
    // The log's first, latest and most ridden rides, read from the top of each, ties by ride (decision 0075).
    index("ride_log_tallies_first_idx").on(table.userId, table.firstOn, table.rideId),
    index("ride_log_tallies_latest_idx").on(table.userId, table.lastOn.desc().nullsLast(), table.rideId),
    index("ride_log_tallies_times_idx").on(table.userId, table.times.desc(), table.rideId),
    check("ride_log_tallies_counts", sql`${table.times} >= 1 AND ${table.entries} >= 1`),
  ],
);

/**
 * A member's credits per ride type, park, country and year under their own rules (decision 0075): kept by triggers
 * as their tallies and entries change (app/server/db/triggers/ride-credit-figures-*.sql), so that the profile reads
 * them rather than counting them. `key` is the type's id, the park's id, the country, or the year; `rides` the rides
 * of a year (the sum of its entries' times), 0 for the other dimensions.
 */
export const rideCreditFigures = pgTable(
  "ride_credit_figures",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    dimension: text("dimension", { enum: ["type", "park", "country", "year"] }).notNull(),
    key: text("key").notNull(),
    credits: integer("credits").notNull(),
    rides: integer("rides").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.dimension, table.key] })],
);

/**
 * A wish an import took off the member's wish list (its ride logged), with the time it was made: undoing the import
 * puts it back as it was (docs/rules/ride-log.md#import-and-export).
 */
export const rideLogImportWishes = pgTable(
  "ride_log_import_wishes",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => rideLogImports.id, { onDelete: "cascade" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    wishedAt: timestamp("wished_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.rideId] }), index("ride_log_import_wishes_attraction_idx").on(table.rideId)],
);

/** A ride the member wants to ride ('Mes envies'); logging it takes it off. */
export const rideWishes = pgTable(
  "ride_wishes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.rideId] }), index("ride_wishes_attraction_idx").on(table.rideId)],
);

// ---------------------------------------------------------------------------
// Reported waits (docs/rules/waits.md, decision 0082)
// ---------------------------------------------------------------------------

/**
 * The hour of local time a report counts in: the time it happened moved by the reporting device's offset from UTC,
 * truncated to the hour (a timestamp without time zone). What waitCellOf (app/domain/wait-reports.ts) computes.
 */
const reportLocalHour = sql`date_trunc('hour', (happened_at AT TIME ZONE 'UTC') + make_interval(mins => utc_offset))`;

const waitDayTypeCheck = (column: string) => sql.raw(`${column} IN (${WAIT_DAY_TYPES.map((type) => `'${type}'`).join(", ")})`);

/**
 * A member's report of the wait they had at a ride (docs/rules/waits.md#reporting-a-wait). One per member, ride and
 * local hour (docs/rules/waits.md#once-per-hour): the key; a second report of the hour replaces the first.
 */
export const rideWaitReports = pgTable(
  "ride_wait_reports",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    waitMinutes: smallint("wait_minutes").notNull(),
    /** When the wait ended, as the member's device gave it: a report kept offline arrives later. */
    happenedAt: timestamp("happened_at", { withTimezone: true }).notNull(),
    /** The device's offset from UTC then, in minutes: it says which hour of the day it was in the park. */
    utcOffset: smallint("utc_offset").notNull(),
    localHour: timestamp("local_hour").generatedAlwaysAs(reportLocalHour),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.rideId, table.localHour] }),
    index("ride_wait_reports_attraction_idx").on(table.rideId),
    check("ride_wait_reports_minutes", sql.raw(`wait_minutes BETWEEN 0 AND ${WAIT_MINUTES_MAX}`)),
    check("ride_wait_reports_utc_offset", sql.raw(`utc_offset BETWEEN ${UTC_OFFSET_MIN} AND ${UTC_OFFSET_MAX}`)),
  ],
);

/**
 * Each ride's reports summed by day type and hour of local time (docs/rules/waits.md#typical-waits): kept by a row
 * trigger on ride_wait_reports (ride_wait_reports_count, app/server/db/triggers/), so that the ride page and the plan
 * read at most 48 rows, never the reports. An hour without reports has no row.
 */
export const rideTypicalWaits = pgTable(
  "ride_typical_waits",
  {
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    dayType: text("day_type", { enum: WAIT_DAY_TYPES }).notNull(),
    hour: smallint("hour").notNull(),
    reports: integer("reports").notNull(),
    minutesSum: integer("minutes_sum").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.rideId, table.dayType, table.hour] }),
    check("ride_typical_waits_hour", sql`${table.hour} BETWEEN 0 AND 23`),
    check("ride_typical_waits_counts", sql`${table.reports} >= 0 AND ${table.minutesSum} >= 0`),
    check("ride_typical_waits_day_type", waitDayTypeCheck("day_type")),
  ],
);

// ---------------------------------------------------------------------------
// Standings, their history, tastes and suggestions: written by the rankings job (decision 0079), read by pages
// ---------------------------------------------------------------------------

/** The two public ride rankings the job places every ride in (docs/rules/duels-and-rankings.md#how-sure-a-rank-is). */
export const STANDING_RANKINGS = ["ratings", "duels"] as const;
const standingRanking = (name: string) => text(name, { enum: STANDING_RANKINGS }).notNull();
const standingRankingCheck = (column: string) => sql.raw(`${column} IN (${STANDING_RANKINGS.map((ranking) => `'${ranking}'`).join(", ")})`);
/** A standing's scope: every type (0) or one ride type's id. */
const standingScope = (name: string) => smallint(name).notNull();

/**
 * Where the job last placed each ranked ride, in the ranking of all types and in its type's: its rank and the range of
 * ranks it plausibly holds, from the ranking's own model (decision 0079). The page's rank is the live order's; the
 * range, the neighbours and the "why" come from here. A row is rewritten only when it changed; when the job last ran is
 * in job_runs.
 */
export const rideStandings = pgTable(
  "ride_standings",
  {
    ranking: standingRanking("ranking"),
    scopeTypeId: standingScope("scope_type_id"),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
    rankLow: integer("rank_low").notNull(),
    rankHigh: integer("rank_high").notNull(),
    /** The ranking's score and its interval (the rating average's, or the duel model's). */
    score: doublePrecision("score").notNull(),
    scoreLow: doublePrecision("score_low").notNull(),
    scoreHigh: doublePrecision("score_high").notNull(),
    /** How many rides the scope ranks: "3e sur 412". */
    rankedCount: integer("ranked_count").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.rideId, table.ranking, table.scopeTypeId] }),
    // A ride's neighbours above and below: the rows of ranks rank − 1 and rank + 1 of its scope.
    index("ride_standings_rank_idx").on(table.ranking, table.scopeTypeId, table.rank),
    check("ride_standings_ranks", sql`1 <= ${table.rankLow} AND ${table.rankLow} <= ${table.rank} AND ${table.rank} <= ${table.rankHigh}`),
    check("ride_standings_ranking", standingRankingCheck("ranking")),
  ],
);

/** The standings as they were at the end of a month (`month`: its first day), kept for the history and the movement. */
export const rideStandingSnapshots = pgTable(
  "ride_standing_snapshots",
  {
    month: date("month").notNull(),
    ranking: standingRanking("ranking"),
    scopeTypeId: standingScope("scope_type_id"),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
    rankLow: integer("rank_low").notNull(),
    rankHigh: integer("rank_high").notNull(),
    rankedCount: integer("ranked_count").notNull(),
  },
  (table) => [
    // A ride's history in one scope, and its rank at one month (the movement since the last snapshot): one range.
    primaryKey({ columns: [table.rideId, table.ranking, table.scopeTypeId, table.month] }),
    index("ride_standing_snapshots_month_idx").on(table.month),
    check("ride_standing_snapshots_ranking", standingRankingCheck("ranking")),
  ],
);

/** The members whose taste is closest to a member's (decision 0078), kept by the rankings job. */
export const memberTasteNeighbours = pgTable(
  "member_taste_neighbours",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    neighbourId: text("neighbour_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    similarity: doublePrecision("similarity").notNull(),
    overlap: integer("overlap").notNull(),
    position: smallint("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.neighbourId] }),
    index("member_taste_neighbours_position_idx").on(table.userId, table.position),
    index("member_taste_neighbours_neighbour_idx").on(table.neighbourId),
  ],
);

/** Rides a member has not rated that they would likely love ("Pour vous", decision 0078), kept by the rankings job. */
export const memberRideSuggestions = pgTable(
  "member_ride_suggestions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rideId: uuid("attraction_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    score: doublePrecision("score").notNull(),
    /** Members of close taste who rated it 4 or more: the reason's number. */
    supporters: integer("supporters").notNull(),
    position: smallint("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.rideId] }),
    index("member_ride_suggestions_position_idx").on(table.userId, table.position),
    index("member_ride_suggestions_attraction_idx").on(table.rideId),
  ],
);

/** What each background job last did: when it ran, how long it took, and its error if it failed. */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  durationMs: integer("duration_ms"),
  error: text("error"),
  /** Where a job that works through the members in batches goes on at its next run (the last member done), or null. */
  cursor: text("cursor"),
});
