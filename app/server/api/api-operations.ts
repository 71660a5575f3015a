import * as z from "zod";
import type { MessageKey } from "~/i18n/translate";
import { decodeParkCursor } from "~/domain/api-paging";
import type { Executor } from "../db/database";
import {
  bestRidesRanking,
  contributorRanking,
  duelRanking,
  idPath,
  manufacturerList,
  manufacturerRidePage,
  noQuery,
  pageQuery,
  parkDetail,
  parkListQuery,
  parkPage,
  rankedTypeQuery,
  reviewerRanking,
  rideDetail,
  rideList,
  rideRankingHistory,
  rideWaits,
  slugPath,
  type ApiErrorCode,
} from "./api-schemas";
import type { ApiUrls } from "./api-urls";
import { findApiPark, findApiRide, listApiParks, listApiRidesOfPark, parkSummaryOf } from "./catalog-api";
import { findManufacturer } from "../catalog/manufacturer-rides";
import { manufacturerListApi, manufacturerRidesApi } from "./manufacturers-api";
import { bestRidesApi, contributorRankingApi, duelRankingApi, reviewerRankingApi, rideRankingHistoryApi, type RideRankingFilter } from "./rankings-api";
import { rideWaitsApi } from "./waits-api";

/**
 * Every operation of the public read API: its address, its parameters and its answer's schema, and the
 * service call behind it. The request handler (api-request.ts) and the OpenAPI document
 * (openapi-document.ts) both read this list, so an operation cannot be served without being documented.
 */

type ApiFailure = { status: 400 | 404; code: ApiErrorCode; message: MessageKey; values?: Record<string, string> };
type Outcome = { body: unknown } | { failure: ApiFailure };

type RunInput<P extends z.ZodObject | null, Q extends z.ZodObject> = {
  db: Executor;
  urls: ApiUrls;
  path: P extends z.ZodObject ? z.output<P> : Record<string, never>;
  query: z.output<Q>;
  url: URL;
};

export type ApiOperation = {
  id: string;
  /** OpenAPI path template under /api/v1, `{name}` for a path parameter. */
  path: string;
  summary: string;
  description: string;
  pathParameters: z.ZodObject | null;
  query: z.ZodObject;
  /** The 200 answer's shape: every body goes through it. */
  response: z.ZodType;
  /** The error statuses the operation may answer besides 429 (every operation may). */
  errors: readonly (400 | 404)[];
  run: (input: { db: Executor; urls: ApiUrls; path: Record<string, unknown>; query: Record<string, unknown>; url: URL }) => Promise<Outcome>;
};

/**
 * An operation from its definition; most have no path parameter, no query and no error but 429, so those
 * fields default to that.
 */
function operation<P extends z.ZodObject | null = null, Q extends z.ZodObject = typeof noQuery>(definition: {
  id: string;
  path: string;
  summary: string;
  description: string;
  pathParameters?: P;
  query?: Q;
  response: z.ZodType;
  errors?: readonly (400 | 404)[];
  run: (input: RunInput<P, Q>) => Promise<Outcome>;
}): ApiOperation {
  return { pathParameters: null, query: noQuery, errors: [], ...definition } as unknown as ApiOperation;
}

/** What tells an operation apart in the document: its name, address, texts and answer. */
type OperationText = Pick<ApiOperation, "id" | "path" | "summary" | "description" | "response">;

const notFound: Outcome = { failure: { status: 404, code: "not_found", message: "api.errors.notFound" } };

/** The answer of a look-up: its body, or a 404 when nothing public matched. */
const foundOr404 = (body: unknown): Outcome => (body ? { body } : notFound);

/** A ride ranking's filters with the maker looked up; null for a slug no maker has (a 404, like an unknown id). */
async function rideRankingFilter(db: Executor, query: { type?: RideRankingFilter["type"]; manufacturer?: string }): Promise<RideRankingFilter | null> {
  const maker = query.manufacturer === undefined ? null : await findManufacturer(db, query.manufacturer);
  if (query.manufacturer !== undefined && !maker) return null;
  return { type: query.type ?? null, manufacturer: maker ? { id: maker.id, slug: maker.slug } : null };
}

/** The ride rankings' answer: the ranking for the type and maker asked, null for an unknown maker. */
function rideRanking(rank: (db: Executor, filter: RideRankingFilter, urls: ApiUrls) => Promise<unknown>) {
  return async ({ db, urls, query }: RunInput<null, typeof rankedTypeQuery>) => {
    const filter = await rideRankingFilter(db, query);
    return filter && rank(db, filter, urls);
  };
}

/** An operation whose service answers null when nothing public matches: a 404 then, a 400 for a bad parameter. */
function findingOperation<P extends z.ZodObject | null = null, Q extends z.ZodObject = typeof noQuery>(
  definition: OperationText & { pathParameters?: P; query?: Q },
  find: (input: RunInput<P, Q>) => Promise<unknown>,
): ApiOperation {
  return operation<P, Q>({ ...definition, errors: [400, 404], run: async (input) => foundOr404(await find(input)) });
}

export const API_OPERATIONS: readonly ApiOperation[] = [
  operation({
    id: "listParks",
    path: "/parks",
    summary: "List parks",
    description:
      "Approved parks, filtered and sorted like the home page's list, in pages of `limit`. " +
      "Paging is by keyset: follow `links.next` (it keeps the filters) until it is null; a walk never repeats or skips a park.",
    query: parkListQuery,
    response: parkPage,
    errors: [400],
    run: async ({ db, urls, query, url }) => {
      if (query.region && !query.country) {
        return { failure: { status: 400, code: "bad_parameter", message: "api.errors.regionNeedsCountry" } };
      }
      const cursor = query.cursor === undefined ? null : decodeParkCursor(query.cursor);
      if (query.cursor !== undefined && (!cursor || cursor.sort !== query.sort)) {
        return { failure: { status: 400, code: "bad_cursor", message: "api.errors.badCursor" } };
      }
      const page = await listApiParks(db, { ...query, cursor });
      const nextSearch = new URLSearchParams(url.search);
      if (page.next) nextSearch.set("cursor", page.next);
      return {
        body: {
          data: page.parks.map((row) => parkSummaryOf(row, urls)),
          links: { self: urls.api(`/parks${url.search}`), next: page.next ? urls.api(`/parks?${nextSearch}`) : null },
        },
      };
    },
  }),
  findingOperation(
    {
      id: "getPark",
      path: "/parks/{id}",
      summary: "One park",
      description: "An approved park with its rating aggregates: the park score, each sub-rating's average and count, visit durations.",
      pathParameters: idPath,
      response: parkDetail,
    },
    ({ db, urls, path }) => findApiPark(db, path.id, urls),
  ),
  operation({
    id: "listParkRides",
    path: "/parks/{id}/rides",
    summary: "Rides of a park",
    description: "Every approved ride of an approved park (removed ones too, with their status), best rated first.",
    pathParameters: idPath,
    response: rideList,
    errors: [400, 404],
    run: async ({ db, urls, path }) => {
      const rides = await listApiRidesOfPark(db, path.id, urls);
      if (!rides) return notFound;
      return { body: { data: rides, links: { self: urls.api(`/parks/${path.id}/rides`), park: urls.api(`/parks/${path.id}`) } } };
    },
  }),
  findingOperation(
    {
      id: "getRide",
      path: "/rides/{id}",
      summary: "One ride",
      description: "An approved ride of an approved park, with its facts, its rating aggregate and its duel results.",
      pathParameters: idPath,
      response: rideDetail,
    },
    ({ db, urls, path }) => findApiRide(db, path.id, urls),
  ),
  findingOperation(
    {
      id: "getRideRankingHistory",
      path: "/rides/{id}/rankings",
      summary: "A ride's rankings over time",
      description:
        "Where a ride stands in the best rides and the duel ranking, among all rides and among its type, with the range of places it " +
        "plausibly holds; and its place at the end of each kept month (the rankings are kept at each month's end).",
      pathParameters: idPath,
      response: rideRankingHistory,
    },
    ({ db, urls, path }) => rideRankingHistoryApi(db, path.id, urls),
  ),
  findingOperation(
    {
      id: "getRideWaits",
      path: "/rides/{id}/waits",
      summary: "A ride's typical waits",
      description:
        "The waits members reported at a ride, by day type (weekday or weekend) and hour of the park's local time: each hour's mean " +
        "and how many reports it rests on, for the hours with enough reports (each member's reports of a ride count once per hour).",
      pathParameters: idPath,
      response: rideWaits,
    },
    ({ db, urls, path }) => rideWaitsApi(db, path.id, urls),
  ),
  operation({
    id: "listManufacturers",
    path: "/manufacturers",
    summary: "List manufacturers",
    description: "Every ride manufacturer of the site's reference list, by name, with its page and its rides' address.",
    response: manufacturerList,
    run: async ({ db, urls }) => ({ body: await manufacturerListApi(db, urls) }),
  }),
  findingOperation(
    {
      id: "listManufacturerRides",
      path: "/manufacturers/{slug}/rides",
      summary: "Rides of a manufacturer",
      description:
        "Every approved ride of an approved park built by the manufacturer (removed ones too, with their status), best rated first, " +
        "100 a page: follow `links.next` until it is null.",
      pathParameters: slugPath,
      query: pageQuery,
      response: manufacturerRidePage,
    },
    ({ db, urls, path, query }) => manufacturerRidesApi(db, path.slug, query.page, urls),
  ),
  findingOperation(
    {
      id: "rankBestRides",
      path: "/rankings/rides",
      summary: "Best rides",
      description: "The rankings page's first tab: the top 100 rides by rating, all types or one, all manufacturers or one.",
      query: rankedTypeQuery,
      response: bestRidesRanking,
    },
    rideRanking(bestRidesApi),
  ),
  findingOperation(
    {
      id: "rankDuels",
      path: "/rankings/duels",
      summary: "Duel ranking",
      description: "The rankings page's duel tab: the top 100 rides of every member's duels, all types or one, all manufacturers or one.",
      query: rankedTypeQuery,
      response: duelRanking,
    },
    rideRanking(duelRankingApi),
  ),
  operation({
    id: "rankContributors",
    path: "/rankings/contributors",
    summary: "Best contributors",
    description: "The rankings page's contributors tab: the top 100 members by approved contributions (public usernames only).",
    response: contributorRanking,
    run: async ({ db, urls }) => ({ body: await contributorRankingApi(db, urls) }),
  }),
  operation({
    id: "rankReviewers",
    path: "/rankings/reviewers",
    summary: "Best reviewers",
    description: "The rankings page's reviewers tab: the top 100 members by park ratings (public usernames only).",
    response: reviewerRanking,
    run: async ({ db, urls }) => ({ body: await reviewerRankingApi(db, urls) }),
  }),
];

/** The operation serving `path` (below /api/v1) and its raw path parameters, or null. */
export function matchOperation(path: string): { operation: ApiOperation; pathValues: Record<string, string> } | null {
  const segments = path.split("/").filter(Boolean);
  for (const candidate of API_OPERATIONS) {
    const template = candidate.path.split("/").filter(Boolean);
    if (template.length !== segments.length) continue;
    const pathValues: Record<string, string> = {};
    const matches = template.every((part, index) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) pathValues[name] = decodedSegment(segments[index]!);
      return name !== undefined || part === segments[index];
    });
    if (matches) return { operation: candidate, pathValues };
  }
  return null;
}

/** A path segment as text; a malformed escape is kept as sent, for the parameter's check to refuse. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch (error) {
    if (error instanceof URIError) return segment;
    throw error;
  }
}
