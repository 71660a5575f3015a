import type { ApiDocsOperation, ApiDocsParameter, ApiDocsView } from "~/domain/api-docs";
import type { MessageKey, TFunction } from "~/i18n/translate";
import { openApiDocument } from "./openapi-document";

/**
 * The documentation page's content, read from the generated OpenAPI document only, so the page can
 * never describe an API other than the one served. Its words (summaries, descriptions, parameters,
 * answers, shapes) are the page's language's (`apiReference.*`, looked up by operation id, parameter
 * name, status and shape name); the document itself stays in English, a contract for programs
 * (docs/decisions/0047-open-data-licences.md). A name without a translation shows the document's text.
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query"; required: boolean; description?: string; schema: Schema };
type Response = { description: string; content?: { "application/json": { schema: Schema } } };
type Operation = { operationId: string; summary: string; description: string; parameters: Parameter[]; responses: Record<string, Response> };

/** A parameter's type in a few words: `integer 1–100, default 24`, `one of: a, b`. */
function typeText(schema: Schema, t: TFunction): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(t("apiReference.type.oneOf", { values: schema.enum.join(", ") }));
  else parts.push(schema.format ? `${String(schema.type)} (${String(schema.format)})` : String(schema.type ?? "any"));
  const range = (low: unknown, high: unknown) => `${String(low ?? "")}–${String(high ?? "")}`;
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(range(schema.minimum, schema.maximum));
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    parts.push(t("apiReference.type.characters", { range: range(schema.minLength ?? 0, schema.maxLength) }));
  }
  if (schema.default !== undefined) parts.push(t("apiReference.type.default", { value: String(schema.default) }));
  return parts.join(", ");
}

/** `key`'s text, or `fallback` (the document's English) when the catalogue has none for this name. */
function translated(t: TFunction, key: string, fallback: string): string {
  const text = t(key as MessageKey);
  return text === key ? fallback : text;
}

function shapeName(schema: Schema | undefined): string | null {
  const ref = schema?.$ref;
  return typeof ref === "string" ? ref.split("/").pop()! : null;
}

export function apiDocsView(publicUrl: string, requestsPerMinute: number, t: TFunction): ApiDocsView {
  const document = openApiDocument(publicUrl);
  const baseUrl = document.servers[0]!.url;
  const operations: ApiDocsOperation[] = Object.entries(document.paths).map(([path, item]) => {
    const operation = (item as { get: Operation }).get;
    const parameters: ApiDocsParameter[] = operation.parameters.map((parameter) => ({
      name: parameter.name,
      location: parameter.in,
      required: parameter.required,
      type: typeText(parameter.schema, t),
      description: translated(t, `apiReference.parameters.${parameter.name}`, parameter.description ?? ""),
    }));
    return {
      id: operation.operationId,
      method: "GET",
      path,
      summary: translated(t, `apiReference.operations.${operation.operationId}.summary`, operation.summary),
      description: translated(t, `apiReference.operations.${operation.operationId}.description`, operation.description),
      parameters,
      responses: Object.entries(operation.responses).map(([status, response]) => ({
        status,
        description: translated(t, `apiReference.responses.${status}`, response.description),
        shape: shapeName(response.content?.["application/json"].schema),
      })),
    };
  });
  const shapes = Object.entries(document.components.schemas).map(([name, schema]) => ({
    name,
    description: translated(t, `apiReference.shapes.${name}`, typeof schema.description === "string" ? schema.description : ""),
    schema: JSON.stringify(schema, null, 2),
  }));
  return { baseUrl, documentUrl: `${baseUrl}/openapi.json`, requestsPerMinute, operations, shapes };
}
