import type { FieldMessage } from "./form-values";
import { isIsoDate, RIDE_LOG_EARLIEST_DATE, RIDE_LOG_MAX_TIMES, RIDE_LOG_NOTE_MAX_LENGTH } from "./ride-log";
import { searchKey } from "./search";

/**
 * Reading a ride log CSV for an import (docs/rules/ride-log.md#import-and-export): the file's text, its header, its
 * lines, every problem said with the lines it is on. Pure: the server runs it on the upload and again on the confirmed
 * text, so both read the same lines.
 */

/** The most entry lines a file may hold (the header and blank lines aside): a lifetime of riding, written in one transaction. */
export const RIDE_LOG_IMPORT_MAX_LINES = 10_000;
/** The largest file, in bytes: 10,000 lines of a park, a ride, a date, a count and a short note fit. */
export const RIDE_LOG_IMPORT_MAX_BYTES = 1024 * 1024;

/** A file over RIDE_LOG_IMPORT_MAX_BYTES, as the import says it. */
export const RIDE_LOG_IMPORT_TOO_LARGE: FieldMessage = { key: "rideLog.import.errors.tooLarge", values: { max: "1 MB" } };

/** One line of the file, read: `line` is where it starts in the file (the header is line 1). */
export type RideLogCsvLine = { line: number; park: string; ride: string; riddenOn: string | null; times: number; note: string | null };

export type RideLogCsvResult = { ok: true; lines: RideLogCsvLine[] } | { ok: false; errors: FieldMessage[] };

type Column = "park" | "ride" | "date" | "count" | "note";

/** The header names each column answers to, folded as searchKey folds them (case and accents aside), French and English. */
const COLUMN_NAMES: Record<Column, readonly string[]> = {
  park: ["park", "parc"],
  ride: ["ride", "attraction"],
  date: ["date"],
  count: ["count", "times", "nombre", "tours", "nombre de tours"],
  note: ["note", "notes", "comment", "commentaire"],
};

const DELIMITERS = [",", ";", "\t"] as const;

/** How many line numbers a message lists before it says there are more. */
const LINES_LISTED = 10;

/**
 * A text cell that a spreadsheet would run as a formula (CSV injection, docs/rules/ride-log.md#import-and-export):
 * one starting with =, +, -, @, a tab or a line break — after any single quotes, so that the rule below reads every
 * value back. The export writes such a text with one more single quote before it, which a spreadsheet shows as text
 * and hides; the import takes one single quote off a cell that starts with quotes and then one of these characters.
 * So a note or a name exports and imports back as it was, one that starts with a quote included (a note `'=x` is written
 * `''=x`, a note `'tis` as it is).
 */
const FORMULA_START = /^'*[=+\-@\t\r\n]/;

/** A text as the export writes it: a formula's start made harmless (FORMULA_START). */
export function csvSafeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as the import reads it: the single quote the export put before a formula's start taken off (FORMULA_START). */
function csvText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** The file's bytes as text, a byte order mark dropped; null when they are not UTF-8. */
export function decodeRideLogCsv(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A record of the file: its fields and the line it starts on. */
type CsvRecord = { line: number; fields: string[] };

/**
 * Splits the text into records, RFC 4180's way (https://www.rfc-editor.org/rfc/rfc4180): a field that starts with a
 * double quote runs to the next lone one, `""` standing for a quote, and may hold delimiters and line breaks. A line
 * ends at CRLF, LF or a lone CR (old Mac files; a browser's form also turns one into the other). A quoted field that
 * never ends, or that is followed by anything but spaces and its delimiter, answers the line it starts on.
 * `fieldStarted` is whether the field has shown anything but spaces.
 */
function splitRecords(text: string, delimiter: string): { records: CsvRecord[] } | { badQuoteLine: number } {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    fields.push(field);
    field = "";
    fieldStarted = false;
  };
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (character === '"' && !fieldStarted) {
      const quoteLine = line;
      // Spaces before the opening quote (`park, "ride"`, as people type) are not the field's.
      field = "";
      fieldStarted = true;
      index++;
      for (;;) {
        if (index >= text.length) return { badQuoteLine: quoteLine };
        const inside = text[index]!;
        index++;
        if (inside === '"') {
          if (text[index] !== '"') break;
          field += '"';
          index++;
        } else if (inside === "\r" || inside === "\n") {
          if (inside === "\r" && text[index] === "\n") index++;
          line++;
          field += "\n";
        } else field += inside;
      }
      while (text[index] === " ") index++;
      if (index < text.length && text[index] !== delimiter && text[index] !== "\r" && text[index] !== "\n") return { badQuoteLine: quoteLine };
      continue;
    }
    index++;
    if (character === delimiter) endField();
    else if (character === "\r" || character === "\n") {
      if (character === "\r" && text[index] === "\n") index++;
      endField();
      records.push({ line: recordLine, fields });
      fields = [];
      recordLine = ++line;
    } else {
      field += character;
      if (character !== " ") fieldStarted = true;
    }
  }
  if (fieldStarted || fields.length > 0) {
    endField();
    records.push({ line: recordLine, fields });
  }
  return { records };
}

/** The delimiter the header uses: the most frequent of comma, semicolon and tab on its line (outside quotes), a comma when none is there. */
function headerDelimiter(text: string): string {
  const headerLine = (text.split(/\r\n|\r|\n/).find((line) => line.trim() !== "") ?? "").replace(/"[^"]*"/g, "");
  const counts = DELIMITERS.map((delimiter) => headerLine.split(delimiter).length - 1);
  return DELIMITERS[counts.indexOf(Math.max(...counts))]!;
}

/** The columns the header names, by position, or the messages that say what is wrong with it. */
function readHeader(names: readonly string[]): { ok: true; columns: Array<Column | null> } | { ok: false; errors: FieldMessage[] } {
  const errors: FieldMessage[] = [];
  const columns: Array<Column | null> = [];
  for (const name of names) {
    const folded = searchKey(name);
    const column = (Object.keys(COLUMN_NAMES) as Column[]).find((candidate) => COLUMN_NAMES[candidate].includes(folded)) ?? null;
    if (column === null && folded !== "") errors.push({ key: "rideLog.import.errors.unknownColumn", values: { name: name.trim() } });
    else if (column !== null && columns.includes(column)) errors.push({ key: "rideLog.import.errors.duplicateColumn", values: { name: name.trim() } });
    columns.push(column);
  }
  if (!columns.includes("park") || !columns.includes("ride")) errors.unshift({ key: "rideLog.import.errors.header" });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, columns };
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})([/.])(\d{1,2})\2(\d{4})$/;

/** A date as the file writes it (YYYY-MM-DD, DD/MM/YYYY or DD.MM.YYYY) as YYYY-MM-DD, or null when it is no calendar date. */
function readDate(text: string): string | null {
  const iso = ISO.exec(text);
  const dayFirst = iso ? null : DAY_FIRST.exec(text);
  const [year, month, day] = iso ? [iso[1]!, iso[2]!, iso[3]!] : dayFirst ? [dayFirst[4]!, dayFirst[3]!, dayFirst[1]!] : [];
  if (!year || !month || !day) return null;
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isIsoDate(date) ? date : null;
}

/** Line numbers as a message lists them: the first ten, then an ellipsis. */
function lineList(lines: readonly number[]): string {
  return lines.slice(0, LINES_LISTED).join(", ") + (lines.length > LINES_LISTED ? "…" : "");
}

/** What may be wrong with a line, in the order the messages say it. */
const LINE_PROBLEMS = ["missingName", "extraFields", "date", "dateFuture", "count", "note"] as const;
type LineProblem = (typeof LINE_PROBLEMS)[number];

/** A record's entry, or what is wrong with it. */
function readLine(record: CsvRecord, columns: ReadonlyArray<Column | null>, latestDate: string): RideLogCsvLine | LineProblem[] {
  if (record.fields.slice(columns.length).some((value) => value.trim() !== "")) return ["extraFields"];
  const cell = (column: Column) => {
    const at = columns.indexOf(column);
    return at < 0 ? "" : (record.fields[at] ?? "").trim();
  };
  const [park, ride, noteText] = [csvText(cell("park")), csvText(cell("ride")), csvText(cell("note"))];
  const [dateText, countText] = [cell("date"), cell("count")];
  const problems: LineProblem[] = [];
  if (park === "" || ride === "") problems.push("missingName");
  const riddenOn = dateText === "" ? null : readDate(dateText);
  if (dateText !== "" && (riddenOn === null || riddenOn < RIDE_LOG_EARLIEST_DATE)) problems.push("date");
  else if (riddenOn !== null && riddenOn > latestDate) problems.push("dateFuture");
  const times = countText === "" ? 1 : /^\d{1,2}$/.test(countText) ? Number(countText) : 0;
  if (times < 1 || times > RIDE_LOG_MAX_TIMES) problems.push("count");
  if ([...noteText].length > RIDE_LOG_NOTE_MAX_LENGTH) problems.push("note");
  return problems.length > 0 ? problems : { line: record.line, park, ride, riddenOn, times, note: noteText === "" ? null : noteText };
}

/**
 * The import file's lines, or every reason it cannot be imported (nothing is imported then), each with the lines it
 * is on. `latestDate` is the latest date an entry may carry (latestRideDate). A line whose fields are all empty is
 * skipped.
 */
export function parseRideLogCsv(text: string, latestDate: string): RideLogCsvResult {
  const fail = (key: FieldMessage["key"], values?: FieldMessage["values"]): RideLogCsvResult => ({ ok: false, errors: [{ key, values }] });
  if (new TextEncoder().encode(text).length > RIDE_LOG_IMPORT_MAX_BYTES) return { ok: false, errors: [RIDE_LOG_IMPORT_TOO_LARGE] };
  // A NUL is no character of a text file: the file is something else (and PostgreSQL refuses it in any text).
  if (text.includes("\u0000")) return fail("rideLog.import.errors.encoding");
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;

  const split = splitRecords(body, headerDelimiter(body));
  if ("badQuoteLine" in split) return fail("rideLog.import.errors.quotes", { lines: String(split.badQuoteLine), count: 1 });
  const [header, ...records] = split.records.filter((record) => record.fields.some((value) => value.trim() !== ""));
  if (!header) return fail("rideLog.import.errors.empty");
  const read = readHeader(header.fields);
  if (!read.ok) return read;
  if (records.length === 0) return fail("rideLog.import.errors.empty");
  if (records.length > RIDE_LOG_IMPORT_MAX_LINES) return fail("rideLog.import.errors.tooManyLines", { max: RIDE_LOG_IMPORT_MAX_LINES, count: records.length });

  const lines: RideLogCsvLine[] = [];
  const problemLines = new Map<LineProblem, number[]>(LINE_PROBLEMS.map((kind) => [kind, []]));
  for (const record of records) {
    const entry = readLine(record, read.columns, latestDate);
    if (Array.isArray(entry)) for (const kind of entry) problemLines.get(kind)!.push(record.line);
    else lines.push(entry);
  }
  const errors = [...problemLines]
    .filter(([, at]) => at.length > 0)
    .map(([kind, at]): FieldMessage => ({ key: `rideLog.import.errors.${kind}`, values: { lines: lineList(at), count: at.length } }));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}
