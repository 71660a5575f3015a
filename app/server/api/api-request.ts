import crypto from "node:crypto";
import type * as z from "zod";
import { languageFromAcceptLanguage, DEFAULT_LANGUAGE } from "~/domain/languages";
import { createTranslator } from "~/i18n/translate";
import { resources } from "~/i18n/resources";
import type { MessageKey } from "~/i18n/translate";
import { CLIENT_IP_HEADER } from "../auth/auth";
import { clientAddressKey } from "../client-address-key";
import type { Config } from "../config";
import type { Executor } from "../db/database";
import { matchesIfNoneMatch } from "../if-none-match";
import { consumeApiAllowance, type ApiAllowance } from "./api-rate-limit";
import { matchOperation, type ApiOperation } from "./api-operations";
import { errorBody, type ApiErrorCode } from "./api-schemas";
import { API_BASE_PATH, apiUrls } from "./api-urls";
import { openApiDocument, openApiDocumentShape, parameterFields } from "./openapi-document";

/**
 * The HTTP side of the public read API (decision 0036), for the /api/v1/* resource route.
 *
 * - The same answer for everyone: the session and cookies are never read, links are built from
 *   PUBLIC_URL; only an error's message follows Accept-Language (and says so in Vary).
 * - Any origin may read (CORS `*`, no credentials); a preflight is answered without touching the database.
 * - `Cache-Control: public, max-age=60`: the data changes with every rating, and a minute is what the
 *   site's own anonymous pages give shared caches (decision 0012); clients revalidate with the strong
 *   ETag (a hash of the exact bytes) and get a 304 without a body.
 * - Every GET or HEAD counts against its client address's allowance, found or not (api-rate-limit.ts).
 */

const METHODS = "GET, HEAD, OPTIONS";
const API_CACHE_CONTROL = "public, max-age=60";
const RATE_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "ETag"];

type ApiContext = { db: Executor; config: Pick<Config, "publicUrl" | "apiRequestsPerMinute"> };

function corsHeaders(): Headers {
  return new Headers({ "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": RATE_HEADERS.join(", ") });
}

/** A preflight: any origin may send GET or HEAD with the headers a client would (If-None-Match, Accept-Language…). */
export function answerPreflight(request: Request): Response {
  const headers = corsHeaders();
  headers.set("Access-Control-Allow-Methods", METHODS);
  const asked = request.headers.get("access-control-request-headers");
  if (asked) headers.set("Access-Control-Allow-Headers", asked);
  headers.set("Access-Control-Max-Age", "86400");
  headers.set("Allow", METHODS);
  return new Response(null, { status: 204, headers });
}

function errorResponse(
  request: Request,
  status: number,
  code: ApiErrorCode,
  message: MessageKey,
  values: Record<string, string | number> = {},
  headers = corsHeaders(),
): Response {
  const language = languageFromAcceptLanguage(request.headers.get("accept-language")) ?? DEFAULT_LANGUAGE;
  const t = createTranslator(language, resources[language]);
  const body = errorBody.parse({ error: { code, message: t(message, values) } });
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Vary", "Accept-Language");
  // Bad parameters and unknown ids stay so for a minute like any answer; a refusal of the method or of the rate does not.
  headers.set("Cache-Control", status === 400 || status === 404 ? API_CACHE_CONTROL : "no-store");
  headers.set("Content-Language", language);
  return new Response(JSON.stringify(body), { status, headers });
}

/** A write of any kind: the API only reads. */
export function answerWrite(request: Request): Response {
  const headers = corsHeaders();
  headers.set("Allow", METHODS);
  return errorResponse(request, 405, "method_not_allowed", "api.errors.methodNotAllowed", {}, headers);
}

function rateHeaders(headers: Headers, allowance: ApiAllowance) {
  headers.set("RateLimit-Limit", String(allowance.limit));
  headers.set("RateLimit-Remaining", String(allowance.remaining));
  headers.set("RateLimit-Reset", String(allowance.resetSeconds));
}

/** The body as sent, with its strong ETag; 304 when the client already holds it. */
function jsonResponse(request: Request, body: unknown, headers: Headers): Response {
  const text = JSON.stringify(body);
  const etag = `"${crypto.createHash("sha256").update(text).digest("base64url").slice(0, 32)}"`;
  headers.set("ETag", etag);
  headers.set("Cache-Control", API_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(text, { status: 200, headers });
}

/**
 * Query and path values are text; the fields a schema declares as numbers are turned into numbers
 * first (text that is not a plain number stays text, for the schema to refuse), so that the schemas
 * — and the document made from them — carry the real types.
 */
function parameterValues(schema: z.ZodObject, raw: (name: string) => string | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of parameterFields(schema)) {
    const value = raw(field.name);
    if (value === null) continue;
    const numeric = field.schema.type === "integer" || field.schema.type === "number";
    values[field.name] = numeric && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return values;
}

type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false; name: string };

function parse(schema: z.ZodObject, values: Record<string, unknown>): Parsed {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data as Record<string, unknown> };
  return { ok: false, name: String(result.error.issues[0]?.path[0] ?? "") };
}

type Call = { request: Request; url: URL; context: ApiContext; operation: ApiOperation; pathValues: Record<string, string>; headers: Headers };

async function run({ request, url, context, operation, pathValues, headers }: Call) {
  const badParameter = (name: string) => errorResponse(request, 400, "bad_parameter", "api.errors.badParameter", { name }, headers);
  const pathSchema = operation.pathParameters;
  const path = pathSchema ? parse(pathSchema, parameterValues(pathSchema, (name) => pathValues[name] ?? null)) : { ok: true as const, value: {} };
  if (!path.ok) return badParameter(path.name);
  const query = parse(operation.query, parameterValues(operation.query, (name) => url.searchParams.get(name)));
  if (!query.ok) return badParameter(query.name);
  const urls = apiUrls(context.config.publicUrl);
  const outcome = await operation.run({ db: context.db, urls, path: path.value, query: query.value, url });
  if ("failure" in outcome) {
    const { status, code, message, values } = outcome.failure;
    return errorResponse(request, status, code, message, values, headers);
  }
  // Through the schema on the way out: what the document promises is what is sent, and nothing else.
  return jsonResponse(request, operation.response.parse(outcome.body), headers);
}

/** Answers a GET or HEAD under /api/v1 (the docs page has its own route). */
export async function answerApiRequest(request: Request, context: ApiContext): Promise<Response> {
  const url = new URL(request.url);
  const headers = corsHeaders();
  const address = clientAddressKey(request.headers.get(CLIENT_IP_HEADER));
  const allowance = await consumeApiAllowance(context.db, address, context.config.apiRequestsPerMinute);
  rateHeaders(headers, allowance);
  if (!allowance.allowed) {
    headers.set("Retry-After", String(allowance.resetSeconds));
    const seconds = allowance.resetSeconds;
    return errorResponse(request, 429, "too_many_requests", "api.errors.tooManyRequests", { seconds }, headers);
  }
  const path = url.pathname.slice(API_BASE_PATH.length) || "/";
  if (path === "/openapi.json") {
    return jsonResponse(request, openApiDocumentShape.parse(openApiDocument(context.config.publicUrl)), headers);
  }
  const match = matchOperation(path);
  if (!match) return errorResponse(request, 404, "not_found", "api.errors.noSuchEndpoint", {}, headers);
  return run({ request, url, context, operation: match.operation, pathValues: match.pathValues, headers });
}
