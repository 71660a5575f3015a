import type { FieldMessage } from "./form-values";
import type { RideLogCsvLine } from "./ride-log-csv";

/**
 * An import of a CSV into the ride log (docs/rules/ride-log.md#import-and-export): the preview that matches each line
 * with a ride of the catalogue, the member's choice of lines, the import made, and its undoing.
 */

/**
 * How sure a line's match is, surest first: `exact` (the names equal once case, accents, spaces and punctuation are
 * set aside), `renamed` (through a park's or ride's old address), `close` (names alike, for the member to check),
 * `unmatched` (no ride found: the line cannot be imported).
 */
export const MATCH_DOUBTS = ["exact", "renamed", "close", "unmatched"] as const;
export type MatchDoubt = (typeof MATCH_DOUBTS)[number];

/** The less sure of two doubts: a line is as sure as its park's match and its ride's together. */
export function lessSure(a: MatchDoubt, b: MatchDoubt): MatchDoubt {
  return MATCH_DOUBTS[Math.max(MATCH_DOUBTS.indexOf(a), MATCH_DOUBTS.indexOf(b))]!;
}

/** The ride of the catalogue a line was matched with. */
export type RideMatch = { rideId: string; rideName: string; rideSlug: string; parkName: string; parkSlug: string };

/** A line of the file with its match (null when unmatched). */
export type PreviewLine = RideLogCsvLine & { doubt: MatchDoubt; match: RideMatch | null };

/**
 * The preview: every line with its match, and the file's text, which the confirmation sends back to be read and
 * matched again (the server keeps nothing between the two: see app/routes/ride-log.tsx). A confirmation refused
 * comes back with the lines the member had kept (`kept`, as their checkboxes post them): those still matched the
 * same stay ticked, the others not.
 */
export type RideLogImportPreview = { csv: string; lines: PreviewLine[]; kept?: string[] };

/** The intents of the import page's forms. */
export const RIDE_LOG_IMPORT_INTENTS = ["preview", "confirm", "undo"] as const;
export type RideLogImportIntent = (typeof RIDE_LOG_IMPORT_INTENTS)[number];

/** A kept line as its checkbox posts it: the line and the ride the preview showed, so a changed match is seen. */
export function keptLineValue(line: number, rideId: string): string {
  return `${line}:${rideId}`;
}

/** The kept lines a confirmation posts, by line; null when one is not a checkbox of ours. */
export function readKeptLines(values: readonly string[]): Map<number, string> | null {
  const kept = new Map<number, string>();
  for (const value of values) {
    const match = /^(\d{1,6}):([0-9a-f-]{36})$/.exec(value);
    if (!match) return null;
    kept.set(Number(match[1]), match[2]!);
  }
  return kept;
}

/** What the import page's action answers to each of its forms. */
export type RideLogImportAnswer =
  | { intent: "preview"; preview: RideLogImportPreview }
  | { intent: "confirm"; imported: { entryCount: number } }
  | { intent: "undo"; undone: { entryCount: number } }
  /** A refusal; a confirmation whose matches changed since the preview comes back with the new one. */
  | { intent: RideLogImportIntent; errors: FieldMessage[]; preview?: RideLogImportPreview };

/** One of the member's imports as the page lists it, with its first entries. */
export type RideLogImportSummary = {
  id: string;
  entryCount: number;
  createdAt: string;
  entries: Array<{ parkName: string; rideName: string; riddenOn: string | null; times: number }>;
};

/** How many imports the page lists (the latest), and how many entries of each. */
export const RIDE_LOG_IMPORTS_LISTED = 20;
export const RIDE_LOG_IMPORT_ENTRIES_LISTED = 50;
