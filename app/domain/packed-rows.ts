/**
 * A list of records of one shape as a page's loader data carries it (decision 0063): the field names once, then
 * each record's values in their order. React Router writes the data into the page's HTML as an object per record
 * in which every field is a reference to its name, about 13 bytes each once escaped in the script; a list of a few
 * dozen cards or a hundred rows is kilobytes lighter as rows of values. The loader packs the list, the component
 * unpacks it into the same records.
 */
export type PackedRows<Row extends object> = { fields: (keyof Row)[]; rows: Row[keyof Row][][] };

/** The records' fields are their first one's: a list of one shape (a query's rows). */
export function packRows<Row extends object>(records: readonly Row[]): PackedRows<Row> {
  const fields = records.length > 0 ? (Object.keys(records[0]!) as (keyof Row)[]) : [];
  return { fields, rows: records.map((record) => fields.map((field) => record[field])) };
}

export function unpackRows<Row extends object>({ fields, rows }: PackedRows<Row>): Row[] {
  return rows.map((values) => Object.fromEntries(fields.map((field, index) => [field, values[index]])) as Row);
}
