import type { CatalogueField } from "~/domain/catalogue-field";

/** The column a declared field is stored in: its own name unless its declaration names another. */
type ColumnKey<Fields extends Record<string, CatalogueField>, Name extends keyof Fields> = Fields[Name] extends { column: infer Column extends string }
  ? Column
  : Name;

/**
 * The columns to select for the named declared fields (park-fields.ts, ride-fields.ts; decision
 * 0051), keyed by the fields' names: a field added to the declaration is read by every query
 * built on it.
 */
export function declaredColumns<Table extends object, Fields extends Record<string, CatalogueField>, Name extends keyof Fields & string>(
  table: Table,
  fields: Fields,
  names: readonly Name[],
): { [Field in Name]: Table[ColumnKey<Fields, Field> & keyof Table] } {
  return Object.fromEntries(names.map((name) => [name, table[(fields[name]!.column ?? name) as keyof Table]])) as {
    [Field in Name]: Table[ColumnKey<Fields, Field> & keyof Table];
  };
}
