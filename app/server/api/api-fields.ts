import * as z from "zod";
import type { CatalogueField } from "~/domain/catalogue-field";

/**
 * The public API's share of the declared catalogue fields (park-fields.ts, ride-fields.ts; decision
 * 0051): each field with an `api` entry is a property of the park's or ride's detail, under its API
 * name, typed by its kind — null when unknown, unless its value is required.
 */
type ApiDeclared = CatalogueField & { api: { name: string; type: "string" | "int" | "number" } };

type Nullable<Field extends CatalogueField, Schema extends z.ZodType> = Field extends { optional: true }
  ? z.ZodNullable<Schema>
  : Field extends { required: string } | { kind: "choice" }
    ? Schema
    : z.ZodNullable<Schema>;

type ApiSchema<Field extends ApiDeclared> = Nullable<
  Field,
  Field["api"]["type"] extends "int" ? z.ZodInt : Field["api"]["type"] extends "number" ? z.ZodNumber : z.ZodString
>;

export type ApiShape<Fields extends Record<string, CatalogueField>> = {
  [Name in keyof Fields as Fields[Name] extends ApiDeclared ? Fields[Name]["api"]["name"] : never]: Fields[Name] extends ApiDeclared ? ApiSchema<Fields[Name]> : never;
};

function declaredWithApi(fields: Record<string, CatalogueField>): Array<[string, ApiDeclared]> {
  return Object.entries(fields).filter((entry): entry is [string, ApiDeclared] => entry[1].api !== undefined);
}

function schemaOf(field: ApiDeclared): z.ZodType {
  const base = field.api.type === "int" ? z.int() : field.api.type === "number" ? z.number() : z.string();
  const described = field.api.description ? base.describe(field.api.description) : base;
  return (field.kind === "text" && field.required) || (field.kind === "choice" && !field.optional) ? described : described.nullable();
}

/** The detail's properties for the declared fields, to extend its Zod shape with. */
export function apiShape<Fields extends Record<string, CatalogueField>>(fields: Fields): ApiShape<Fields> {
  return Object.fromEntries(declaredWithApi(fields).map(([, field]) => [field.api.name, schemaOf(field)])) as ApiShape<Fields>;
}

/** The declared fields' values of a row (a park or ride as selected whole), under their API names. */
export function apiValues<Fields extends Record<string, CatalogueField>>(fields: Fields, row: object): z.input<z.ZodObject<ApiShape<Fields>>> {
  const columns = row as Record<string, unknown>;
  return Object.fromEntries(
    declaredWithApi(fields).map(([name, field]) => {
      const value = columns[field.column ?? name];
      // A numeric column may come back as text from a driver that does not map it: the API gives a number.
      return [field.api.name, field.api.type === "number" && value !== null ? Number(value) : value];
    }),
  ) as z.input<z.ZodObject<ApiShape<Fields>>>;
}
