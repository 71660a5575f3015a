import type { ApiDocsOperation, ApiDocsParameter, ApiDocsView } from "~/domain/api-docs";
import { openApiDocument } from "./openapi-document";

/**
 * The documentation page's content, read from the generated OpenAPI document only, so the page can
 * never describe an API other than the one served.
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query"; required: boolean; description?: string; schema: Schema };
type Response = { description: string; content?: { "application/json": { schema: Schema } } };
type Operation = { operationId: string; summary: string; description: string; parameters: Parameter[]; responses: Record<string, Response> };

/** A parameter's type in a few words: `integer 1–100, default 24`, `one of: a, b`. */
function typeText(schema: Schema): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of: ${schema.enum.join(", ")}`);
  else parts.push(schema.format ? `${String(schema.type)} (${String(schema.format)})` : String(schema.type ?? "any"));
  const range = (low: unknown, high: unknown) => `${String(low ?? "")}–${String(high ?? "")}`;
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(range(schema.minimum, schema.maximum));
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`${range(schema.minLength ?? 0, schema.maxLength)} characters`);
  if (schema.default !== undefined) parts.push(`default ${String(schema.default)}`);
  return parts.join(", ");
}

function shapeName(schema: Schema | undefined): string | null {
  const ref = schema?.$ref;
  return typeof ref === "string" ? ref.split("/").pop()! : null;
}

export function apiDocsView(publicUrl: string): ApiDocsView {
  const document = openApiDocument(publicUrl);
  const baseUrl = document.servers[0]!.url;
  const operations: ApiDocsOperation[] = Object.entries(document.paths).map(([path, item]) => {
    const operation = (item as { get: Operation }).get;
    const parameters: ApiDocsParameter[] = operation.parameters.map((parameter) => ({
      name: parameter.name,
      location: parameter.in,
      required: parameter.required,
      type: typeText(parameter.schema),
      description: parameter.description ?? "",
    }));
    return {
      id: operation.operationId,
      method: "GET",
      path,
      summary: operation.summary,
      description: operation.description,
      parameters,
      responses: Object.entries(operation.responses).map(([status, response]) => ({
        status,
        description: response.description,
        shape: shapeName(response.content?.["application/json"].schema),
      })),
    };
  });
  const shapes = Object.entries(document.components.schemas).map(([name, schema]) => ({
    name,
    description: typeof schema.description === "string" ? schema.description : "",
    schema: JSON.stringify(schema, null, 2),
  }));
  return { baseUrl, documentUrl: `${baseUrl}/openapi.json`, operations, shapes };
}
