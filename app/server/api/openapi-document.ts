import * as z from "zod";
import { API_OPERATIONS, type ApiOperation } from "./api-operations";
import { apiSchemas } from "./api-schemas";
import { API_BASE_PATH } from "./api-urls";

/**
 * The OpenAPI 3.1 document of the public read API, generated (never written by hand) from the operation
 * list and the zod schemas the handlers validate with: JSON Schema 2020-12, OpenAPI 3.1's dialect.
 * Named shapes (apiSchemas) become components and are referenced; the rest is inlined.
 */

type JsonSchema = Record<string, unknown>;

const TARGET = "draft-2020-12" as const;
const componentRef = (id: string) => `#/components/schemas/${id}`;

/** What /api/v1/openapi.json answers: checked like every other body, and documented from this shape. */
export const openApiDocumentShape = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
apiSchemas.add(openApiDocumentShape, { id: "OpenApiDocument", description: "This document." });

/** The JSON Schema of a parameters object, as clients write it (`io: "input"`: defaults show, fields with one are optional). */
function inputSchemaOf(schema: z.ZodObject): JsonSchema {
  return withoutKeys(z.toJSONSchema(schema, { target: TARGET, io: "input" }) as JsonSchema, ["$schema"]);
}

/** Inside an OpenAPI document a schema takes the document's dialect and place: no $schema, no $id of its own. */
function withoutKeys(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

/** A reference to a named response shape: every operation's answer is one of apiSchemas. */
function referenceTo(schema: z.ZodType): JsonSchema {
  const id = apiSchemas.get(schema)?.id;
  if (!id) throw new Error("an API response schema must be registered in apiSchemas");
  return { $ref: componentRef(id) };
}

function components(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(apiSchemas, { target: TARGET, uri: componentRef }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutKeys(schema, ["$schema", "$id"])]));
}

type ParameterField = { name: string; required: boolean; schema: JsonSchema };
const fieldsOf = new WeakMap<z.ZodObject, ParameterField[]>();

/** The JSON Schema of each field of a parameters object, with whether it is required (worked out once per object). */
export function parameterFields(parameters: z.ZodObject): ParameterField[] {
  let fields = fieldsOf.get(parameters);
  if (!fields) {
    fields = fieldsFrom(parameters);
    fieldsOf.set(parameters, fields);
  }
  return fields;
}

function fieldsFrom(parameters: z.ZodObject): ParameterField[] {
  const object = inputSchemaOf(parameters) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, schema]) => ({
    name,
    required: object.required?.includes(name) ?? false,
    schema,
  }));
}

const ERROR_DESCRIPTIONS = {
  400: "A parameter is not valid (unknown sort or type, limit out of range, a cursor this API did not write, an id that is not a uuid)",
  404: "Nothing public has this id",
  429: "Too many requests from this address: wait Retry-After seconds",
} as const;

const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });
const errorResponse = (status: keyof typeof ERROR_DESCRIPTIONS) => ({
  description: ERROR_DESCRIPTIONS[status],
  content: jsonContent({ $ref: componentRef("Error") }),
});

const CACHING_HEADERS = {
  ETag: { description: "Strong validator over the body: send it back in If-None-Match", schema: { type: "string" } },
  "Cache-Control": { description: "public, max-age=60", schema: { type: "string" } },
  "RateLimit-Remaining": { description: "Requests left in the current window", schema: { type: "integer" } },
};

function pathItem(operation: ApiOperation) {
  const parameters = [
    ...(operation.pathParameters ? parameterFields(operation.pathParameters).map((field) => ({ ...field, in: "path" })) : []),
    ...parameterFields(operation.query).map((field) => ({ ...field, in: "query" })),
  ].map(({ name, in: location, required, schema }) => {
    const { description, ...rest } = schema;
    return { name, in: location, required: location === "path" ? true : required, description, schema: rest };
  });
  const responses: Record<string, unknown> = {
    200: { description: "OK", headers: CACHING_HEADERS, content: jsonContent(referenceTo(operation.response)) },
    304: { description: "Not modified: the If-None-Match ETag is still current" },
  };
  for (const status of operation.errors) responses[status] = errorResponse(status);
  responses[429] = errorResponse(429);
  return { get: { operationId: operation.id, summary: operation.summary, description: operation.description, parameters, responses } };
}

const documents = new Map<string, ReturnType<typeof buildDocument>>();

/** The document for this public address, built once per process (the schemas do not change while it runs). */
export function openApiDocument(publicUrl: string) {
  let document = documents.get(publicUrl);
  if (!document) {
    document = buildDocument(publicUrl);
    documents.set(publicUrl, document);
  }
  return document;
}

function buildDocument(publicUrl: string) {
  const paths: Record<string, unknown> = Object.fromEntries(API_OPERATIONS.map((operation) => [operation.path, pathItem(operation)]));
  paths["/openapi.json"] = {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This document",
      description: "The OpenAPI 3.1 description of every operation, generated from the schemas the handlers use.",
      parameters: [],
      responses: {
        200: { description: "OK", headers: CACHING_HEADERS, content: jsonContent(referenceTo(openApiDocumentShape)) },
        304: { description: "Not modified" },
        429: errorResponse(429),
      },
    },
  };
  return {
    openapi: "3.1.0" as const,
    info: {
      title: "Parcours public API",
      version: "1.0.0",
      summary: "Read-only access to Parcours's parks, rides, ratings and rankings.",
      description:
        "Approved content only, no personal data beyond public usernames. Anonymous: no key, no cookies; open to any origin (CORS). " +
        "Answers carry a strong ETag (send If-None-Match for a 304) and `Cache-Control: public, max-age=60`. " +
        "Each client address may make a limited number of requests per minute; past it the answer is 429 with Retry-After. " +
        "Writes answer 405. Ratings and texts are the community's (see the site's terms).",
    },
    servers: [{ url: `${publicUrl}${API_BASE_PATH}` }],
    paths,
    components: { schemas: components() },
  };
}
