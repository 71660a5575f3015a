import { csvSafeText } from "./ride-log-csv";

/**
 * The member's whole ride log as a file (docs/rules/ride-log.md#import-and-export): CSV that the import reads back,
 * or JSON with the ids and addresses a program needs.
 */

/** One entry of the export: the ride as the member logged it (a relocated ride is itself, not its line's first). */
export type RideLogExportEntry = {
  id: string;
  park: { id: string; name: string; slug: string };
  ride: { id: string; name: string; slug: string };
  /** YYYY-MM-DD, null for an unknown date. */
  date: string | null;
  times: number;
  note: string | null;
};

/** Version of the JSON export's layout, for whoever reads the file later. */
const RIDE_LOG_EXPORT_FORMAT = 1;

export type RideLogExport = { format: number; exportedAt: string; entries: RideLogExportEntry[] };

export function rideLogExport(entries: RideLogExportEntry[], now: Date): RideLogExport {
  return { format: RIDE_LOG_EXPORT_FORMAT, exportedAt: now.toISOString(), entries };
}

/**
 * The CSV's header: in English whatever the page's language, so that a file always reads back the same (the import
 * takes these names, and the French ones).
 */
const CSV_HEADER = ["park", "ride", "date", "count", "note"];

/** A field as RFC 4180 writes it: quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The CSV export: UTF-8 with a byte order mark (so that a spreadsheet opens the accents right; the import skips it),
 * lines ended by CRLF, an unknown date and an absent note left empty. The names and the note are written so that a
 * spreadsheet does not run them as formulas, in a way the import reads back (csvSafeText).
 */
export function rideLogCsv(entries: readonly RideLogExportEntry[]): string {
  const rows = entries.map((entry) => [csvSafeText(entry.park.name), csvSafeText(entry.ride.name), entry.date ?? "", String(entry.times), csvSafeText(entry.note ?? "")]);
  return `\uFEFF${[CSV_HEADER, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** The export's file name: parcours-ride-log-<username>-<YYYY-MM-DD>.csv or .json. */
export function rideLogExportFileName(username: string, format: "csv" | "json", now: Date): string {
  return `parcours-ride-log-${username}-${now.toISOString().slice(0, 10)}.${format}`;
}
