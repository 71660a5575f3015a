import * as z from "zod";
import { RIDE_STATUSES, RIDE_TYPES } from "~/domain/ride-types";
import { API_PARK_SORTS, API_PAGE_SIZE_DEFAULT, API_PAGE_SIZE_MAX } from "~/domain/api-paging";
import { PARK_FIELDS } from "~/domain/park-fields";
import { PARK_RATING_CATEGORIES } from "~/domain/park-rating-categories";
import { RIDE_FIELDS } from "~/domain/ride-fields";
import { apiShape } from "./api-fields";
import { RIDE_MODEL_MAX_LENGTH } from "~/domain/ride-manufacturers";
import { WAIT_DAY_TYPES, WAIT_MINUTES_MAX } from "~/domain/wait-reports";

/**
 * The public read API's shapes (docs/rules/catalogue.md#public-api, decision 0036), in one place: the handlers validate their
 * query parameters with these and pass every body through them (which also drops any field a query
 * returned that is not declared, so nothing private leaves by accident), and the OpenAPI document is
 * generated from them (openapi-document.ts). The parks' and rides' own fields come from their
 * declarations (apiShape, decision 0051). A shape given an `id` in `apiSchemas` becomes a named
 * component of the document.
 */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

function named<T extends z.ZodType>(schema: T, id: string, description: string): T {
  apiSchemas.add(schema, { id, description });
  return schema;
}

const ERROR_CODES = ["bad_parameter", "bad_cursor", "not_found", "method_not_allowed", "too_many_requests"] as const;
export type ApiErrorCode = (typeof ERROR_CODES)[number];

export const errorBody = named(
  z.object({
    error: z.object({
      code: z.enum(ERROR_CODES).describe("Stable machine-readable code"),
      message: z.string().describe("Human-readable explanation, in the language of Accept-Language (French or English)"),
    }),
  }),
  "Error",
  "Every error answer: a code and a message.",
);

const pageUrls = named(
  z.object({ fr: z.url(), en: z.url() }),
  "PageUrls",
  "The canonical addresses of the public web page, in French and in English.",
);

const ratingSummary = named(
  z.object({
    average: z.number().min(1).max(5).nullable().describe("Mean of the approved ratings, null without any"),
    count: z.int().min(0).describe("Number of ratings"),
  }),
  "RatingSummary",
  "A rating aggregate, maintained by the site as ratings are written.",
);

const parkReference = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

export const parkSummary = named(
  z.object({
    id: z.uuid().describe("Stable identifier"),
    name: z.string(),
    slug: z.string().describe("The park's address segment on the web site (may change; the id does not)"),
    country: z.string(),
    region: z.string(),
    latitude: z.number().min(-90).max(90).nullable().describe("WGS 84 degrees; null when unknown (with longitude)"),
    longitude: z.number().min(-180).max(180).nullable(),
    rating: ratingSummary.describe("The park score: ratings of the park, each the mean of its sub-ratings"),
    attractionsRating: z.number().min(1).max(5).nullable().describe("Mean of the averages of its rated rides"),
    attractionsCount: z.int().min(0).describe("Operating, approved rides"),
    pageUrls,
    links: z.object({ self: z.url(), rides: z.url() }),
  }),
  "ParkSummary",
  "A park as lists show it.",
);

const categoryRatings = z.object(
  Object.fromEntries(PARK_RATING_CATEGORIES.map((category) => [category, ratingSummary])) as Record<
    (typeof PARK_RATING_CATEGORIES)[number],
    typeof ratingSummary
  >,
);

export const parkDetail = named(
  parkSummary.extend({
    description: z.object({ fr: z.string().nullable(), en: z.string().nullable() }).describe("As the French and English pages show it"),
    ...apiShape(PARK_FIELDS),
    categoryRatings: categoryRatings.describe("The six sub-ratings' aggregates"),
    visitDurations: z.object({ halfDay: z.int().min(0), fullDay: z.int().min(0), twoDays: z.int().min(0) }).describe(
      "How many raters stayed how long",
    ),
  }),
  "ParkDetail",
  "One park, with its rating aggregates.",
);

const nextLink = z.url().nullable().describe("The next page, null on the last one");

export const parkPage = named(
  z.object({ data: z.array(parkSummary), links: z.object({ self: z.url(), next: nextLink }) }),
  "ParkPage",
  "One page of parks; follow links.next until it is null.",
);

export const rideSummary = named(
  z.object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    type: z.enum(RIDE_TYPES),
    status: z.enum(RIDE_STATUSES),
    manufacturer: z
      .object({ slug: z.string(), name: z.string() })
      .nullable()
      .describe("Who built the ride (see /manufacturers); null when unknown"),
    model: z.string().max(RIDE_MODEL_MAX_LENGTH).nullable().describe("The maker's model, e.g. Dive Coaster; null when unknown"),
    rating: ratingSummary,
    audience: z.object({ thrill: z.int().min(0), kids: z.int().min(0), general: z.int().min(0) }).describe(
      "How many raters said the ride suits each audience",
    ),
    pageUrls,
    links: z.object({ self: z.url() }),
  }),
  "RideSummary",
  "A ride as its park's list shows it.",
);

export const rideList = named(
  z.object({ data: z.array(rideSummary), links: z.object({ self: z.url(), park: z.url() }) }),
  "RideList",
  "Every approved ride of a park, best rated first (a park has at most a few hundred: no paging).",
);

export const rideDetail = named(
  rideSummary.extend({
    park: parkReference.extend({ links: z.object({ self: z.url() }) }),
    description: z.object({ fr: z.string().nullable(), en: z.string().nullable() }),
    ...apiShape(RIDE_FIELDS),
    duels: z.object({ wins: z.int().min(0), losses: z.int().min(0) }),
  }),
  "RideDetail",
  "One ride, with its rating aggregate.",
);

export const manufacturerSummary = named(
  z.object({
    slug: z.string().describe("The manufacturer's address segment on the web site and in this API"),
    name: z.string(),
    countryCode: z.string().regex(/^[A-Z]{2}$/).describe("ISO 3166-1 alpha-2 code of the country the maker is based in"),
    pageUrls,
    links: z.object({ rides: z.url() }),
  }),
  "ManufacturerSummary",
  "A ride manufacturer of the site's reference list.",
);

export const manufacturerList = named(
  z.object({ data: z.array(manufacturerSummary), links: z.object({ self: z.url() }) }),
  "ManufacturerList",
  "Every manufacturer of the reference list, by name.",
);

export const manufacturerRidePage = named(
  z.object({
    manufacturer: manufacturerSummary,
    data: z.array(rideSummary.extend({ park: parkReference.extend({ links: z.object({ self: z.url() }) }) })),
    links: z.object({ self: z.url(), next: nextLink }),
  }),
  "ManufacturerRidePage",
  "One page of a manufacturer's approved rides, best rated first; follow links.next until it is null.",
);

const rankedRide = z.object({
  rank: z.int().min(1),
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  park: z.object({ name: z.string(), slug: z.string() }),
  pageUrls,
  links: z.object({ self: z.url() }),
});

const rankedMember = z.object({
  rank: z.int().min(1),
  username: z.string().describe("The member's public username"),
  profileUrls: pageUrls,
});

const rankingLinks = z.object({ self: z.url(), page: pageUrls.describe("The rankings page's tab") });

export const bestRidesRanking = named(
  z.object({
    data: z.array(rankedRide.extend({ rating: ratingSummary })),
    links: rankingLinks,
  }),
  "BestRidesRanking",
  "Best rides: the top 100 by a Bayesian average of their ratings (decision 0020), showing the plain average.",
);

export const duelRanking = named(
  z.object({
    data: z.array(rankedRide.extend({ wins: z.int().min(0), losses: z.int().min(0) })),
    links: rankingLinks,
  }),
  "DuelRanking",
  "The top 100 rides of every member's duels, by their Bradley–Terry strength in their type (decision 0077): a win counts for more against a stronger opponent.",
);

const standingRanking = z.enum(["ratings", "duels"]).describe("`ratings`: the best rides (Bayesian average); `duels`: the duel ranking (Bradley–Terry strength)");
const standingScope = z.enum(["all", "type"]).describe("`all`: among every ride; `type`: among the rides of its type");
const rankRange = {
  rank: z.int().min(1),
  rankLow: z.int().min(1).describe("The best place the ride plausibly holds (the 5th percentile of its rank over 200 draws)"),
  rankHigh: z.int().min(1).describe("The worst place it plausibly holds (the 95th percentile)"),
  rankedCount: z.int().min(1).describe("How many rides the ranking holds"),
};

export const rideRankingHistory = named(
  z.object({
    data: z.object({
      standings: z.array(
        z.object({
          ranking: standingRanking,
          scope: standingScope,
          ...rankRange,
          precise: z.boolean().describe("False when the range is too wide for a rank: the site says 'not enough reviews yet'"),
        }),
      ),
      history: z.array(
        z.object({ month: z.string().regex(/^\d{4}-\d{2}$/).describe("The month whose end the rank is of (YYYY-MM)"), ranking: standingRanking, scope: standingScope, ...rankRange }),
      ),
    }),
    links: z.object({ self: z.url(), ride: z.url() }),
  }),
  "RideRankingHistory",
  "A ride's places in the two ride rankings, with the range of places it plausibly holds (decision 0079), as last computed (every 10 minutes) and at the end of each kept month, oldest first, at most 36 months. Empty lists for a ride in no ranking.",
);

export const rideWaits = named(
  z.object({
    data: z.object({
      minimumReports: z.int().min(1).describe("The fewest reports an hour's typical wait rests on: hours with fewer are left out"),
      defaultMinutes: z.int().min(0).describe("The wait the site's visit plan counts at an hour left out (too few reports)"),
      hours: z.array(
        z.object({
          dayType: z.enum(WAIT_DAY_TYPES).describe("`weekday`: Monday to Friday; `weekend`: Saturday and Sunday"),
          hour: z.int().min(0).max(23).describe("The hour of local time the waits were reported in (10 for 10:00–10:59)"),
          minutes: z.number().min(0).max(WAIT_MINUTES_MAX).describe("The mean of the reported waits, in minutes, to a tenth"),
          reports: z.int().min(1).describe("How many reports the mean rests on (each member counts once per ride and hour)"),
        }),
      ),
    }),
    links: z.object({ self: z.url(), ride: z.url() }),
  }),
  "RideWaits",
  "A ride's typical waits by day type and hour of the park's local time, from the waits members reported there: the mean of each hour's reports and how many there are, weekdays first, each by hour. Only the hours with enough reports are listed; an empty list for a ride without any.",
);

export const contributorRanking = named(
  z.object({
    data: z.array(
      rankedMember.extend({
        total: z.int().min(0),
        parksCreated: z.int().min(0),
        parksUpdated: z.int().min(0),
        attractionsCreated: z.int().min(0),
        attractionsUpdated: z.int().min(0),
        suggestions: z.int().min(0),
      }),
    ),
    links: rankingLinks,
  }),
  "ContributorRanking",
  "The top 100 contributors by approved additions and edits, then suggestions.",
);

export const reviewerRanking = named(
  z.object({
    data: z.array(
      rankedMember.extend({
        parkRatings: z.int().min(0),
        weight: z.number().describe("Influence coefficient of the member's ratings"),
        averageRating: z.number().describe("Mean of the member's park ratings"),
      }),
    ),
    links: rankingLinks,
  }),
  "ReviewerRanking",
  "The top 100 members by number of park ratings.",
);

// Query and path parameters. Numbers arrive as text: readParameters (api-parameters.ts) turns the
// ones these declare numeric into numbers before validating, so the document shows real types.

export const idPath = z.object({ id: z.uuid().describe("The stable id (uuid)") });

export const parkListQuery = z.object({
  country: z.string().min(1).max(100).optional().describe("Only parks of this country (as the parks give it, e.g. France)"),
  region: z.string().min(1).max(100).optional().describe("Only parks of this region; needs country"),
  min: z.int().min(1).max(5).optional().describe("Only parks whose average rating is at least this"),
  sort: z
    .enum(API_PARK_SORTS)
    .default("rating")
    .describe("Best first by: rating (the park score), a sub-rating's average, attractions (rides' average) or attractions_count"),
  limit: z.int().min(1).max(API_PAGE_SIZE_MAX).default(API_PAGE_SIZE_DEFAULT).describe("Parks per page"),
  cursor: z.string().min(1).max(400).optional().describe("Opaque: the value of links.next's cursor; keep the same sort"),
});

const slugText = z.string().min(1).max(100).regex(/^[a-z0-9_]+(-[a-z0-9_]+)*$/);

export const rankedTypeQuery = z.object({
  type: z.enum(RIDE_TYPES).optional().describe("Only rides of this type"),
  manufacturer: slugText.optional().describe("Only rides of this manufacturer (its slug)"),
});

export const slugPath = z.object({ slug: slugText.describe("The manufacturer's slug") });

export const pageQuery = z.object({ page: z.int().min(1).max(10_000).default(1).describe("Page number, from 1") });

export const noQuery = z.object({});
