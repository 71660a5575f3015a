/**
 * A PostgreSQL array literal of ids (`{"a","b"}`), to pass a whole list as one
 * query parameter — `column = ANY(${idArray(ids)}::uuid[])` — however long it is.
 */
export function idArray(ids: Iterable<string>): string {
  return `{${[...ids].map((id) => `"${id.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

/** The same for finite numbers (`{1,2.5}`): a whole column of a bulk write as one parameter. */
export function numberArray(values: Iterable<number>): string {
  return `{${[...values].map((value) => String(value)).join(",")}}`;
}
