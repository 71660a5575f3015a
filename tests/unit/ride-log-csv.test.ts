import { describe, expect, it } from "vitest";
import { decodeRideLogCsv, parseRideLogCsv, RIDE_LOG_IMPORT_MAX_BYTES, RIDE_LOG_IMPORT_MAX_LINES, type RideLogCsvResult } from "~/domain/ride-log-csv";
import { rideLogCsv, type RideLogExportEntry } from "~/domain/ride-log-export";

/** Reading an import file (docs/rules/ride-log.md#import-and-export). */
const LATEST = "2026-07-15";
const parse = (text: string) => parseRideLogCsv(text, LATEST);

function linesOf(result: RideLogCsvResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result.lines;
}

function errorsOf(result: RideLogCsvResult) {
  if (result.ok) throw new Error("read, not refused");
  return result.errors;
}

describe("reading a ride log CSV", () => {
  it("reads an English header's columns, an empty count as 1 and an empty date as unknown", () => {
    expect(linesOf(parse("park,ride,date,count,note\nParc Astérix,Toutatis,2025-06-01,3,Premier rang\nParc Astérix,Goudurix,,,\n"))).toEqual([
      { line: 2, park: "Parc Astérix", ride: "Toutatis", riddenOn: "2025-06-01", times: 3, note: "Premier rang" },
      { line: 3, park: "Parc Astérix", ride: "Goudurix", riddenOn: null, times: 1, note: null },
    ]);
  });

  it("reads French names in any case, accents aside, in any order, and the optional columns left out", () => {
    expect(linesOf(parse("Attraction;PARC;Nombre\nToutatis;Parc Astérix;2"))).toEqual([
      { line: 2, park: "Parc Astérix", ride: "Toutatis", riddenOn: null, times: 2, note: null },
    ]);
    expect(linesOf(parse("Parc\tattraction\tdate\ttimes\nEuropa-Park\tSilver Star\t14/07/2026\t1"))[0]).toMatchObject({ park: "Europa-Park", riddenOn: "2026-07-14" });
  });

  it("detects the delimiter from the header: comma, semicolon or tab; the others are text", () => {
    expect(linesOf(parse("park,ride\nParc; le grand,Tonnerre"))[0]).toMatchObject({ park: "Parc; le grand", ride: "Tonnerre" });
    expect(linesOf(parse("parc;attraction\nParc, le grand;Tonnerre"))[0]).toMatchObject({ park: "Parc, le grand", ride: "Tonnerre" });
    expect(linesOf(parse("parc\tattraction\nParc, le grand; vraiment\tTonnerre"))[0]).toMatchObject({ park: "Parc, le grand; vraiment", ride: "Tonnerre" });
  });

  it("reads the three date formats, one or two digits for the day and month", () => {
    const dates = ["2025-06-01", "2025-6-1", "01/06/2025", "1/6/2025", "01.06.2025", "1.6.2025"];
    const lines = linesOf(parse(`park,ride,date\n${dates.map((date) => `P,R,${date}`).join("\n")}`));
    expect(lines.map((line) => line.riddenOn)).toEqual(Array(dates.length).fill("2025-06-01"));
  });

  it("names every line whose date does not read, is before 1900 or is no calendar date, and those in the future", () => {
    const dates = ["2025-02-30", "31/04/2025", "1899-12-31", "2025/06/01", "01-06-2025", "01/06.2025", "hier", "2026-07-16"];
    const errors = errorsOf(parse(`park,ride,date\n${dates.map((date) => `P,R,${date}`).join("\n")}`));
    expect(errors).toEqual([
      { key: "rideLog.import.errors.date", values: { lines: "2, 3, 4, 5, 6, 7, 8", count: 7 } },
      { key: "rideLog.import.errors.dateFuture", values: { lines: "9", count: 1 } },
    ]);
    // Tomorrow (the latest date given) is allowed.
    expect(linesOf(parse("park,ride,date\nP,R,2026-07-15"))[0]!.riddenOn).toBe("2026-07-15");
  });

  it("lists ten lines of a problem, then an ellipsis, with the whole count", () => {
    const lines = Array.from({ length: 12 }, () => "P,R,pas une date").join("\n");
    expect(errorsOf(parse(`park,ride,date\n${lines}`))).toEqual([{ key: "rideLog.import.errors.date", values: { lines: "2, 3, 4, 5, 6, 7, 8, 9, 10, 11…", count: 12 } }]);
  });

  it("refuses a count outside 1 to 99, a note over 280 characters, a missing name and extra values, each with its lines", () => {
    const text = ["park,ride,date,count,note", "P,R,,0,", "P,R,,100,", "P,R,,2.5,", "P,R,,-1,", "P,R,,99,", `P,R,,,${"é".repeat(281)}`, `P,R,,,${"é".repeat(280)}`, ",R,,,", "P, ,,,", "P,R,,1,note,de trop"].join("\n");
    expect(errorsOf(parse(text))).toEqual([
      { key: "rideLog.import.errors.missingName", values: { lines: "9, 10", count: 2 } },
      { key: "rideLog.import.errors.extraFields", values: { lines: "11", count: 1 } },
      { key: "rideLog.import.errors.count", values: { lines: "2, 3, 4, 5", count: 4 } },
      { key: "rideLog.import.errors.note", values: { lines: "7", count: 1 } },
    ]);
  });

  it("takes RFC 4180 quotes: delimiters, doubled quotes and line breaks inside, spaces around, and counts lines from the file", () => {
    const text = 'park,ride,note\r\n"Parc, le grand","Le ""Grand"" Huit","sur deux\r\nlignes"\r\n "Europa-Park" , "Blue Fire" ,""\r\nP,R,a "quote" inside\r\n';
    expect(linesOf(parse(text))).toEqual([
      { line: 2, park: "Parc, le grand", ride: 'Le "Grand" Huit', riddenOn: null, times: 1, note: "sur deux\nlignes" },
      { line: 4, park: "Europa-Park", ride: "Blue Fire", riddenOn: null, times: 1, note: null },
      { line: 5, park: "P", ride: "R", riddenOn: null, times: 1, note: 'a "quote" inside' },
    ]);
  });

  it("refuses a quote left open, or followed by something other than its delimiter, naming the line", () => {
    expect(errorsOf(parse('park,ride\nP,R\n"Parc,R\nP,R'))).toEqual([{ key: "rideLog.import.errors.quotes", values: { lines: "3", count: 1 } }]);
    expect(errorsOf(parse('park,ride\n"Parc" Astérix,R'))).toEqual([{ key: "rideLog.import.errors.quotes", values: { lines: "2", count: 1 } }]);
  });

  it("reads LF, CRLF and lone CR line ends alike, and skips blank lines, before the header too", () => {
    expect(linesOf(parse("\n  \nparc;attraction\nParc, le grand;Tonnerre"))).toEqual([{ line: 4, park: "Parc, le grand", ride: "Tonnerre", riddenOn: null, times: 1, note: null }]);
    for (const end of ["\n", "\r\n", "\r"]) {
      expect(linesOf(parse(["park,ride", "P,A", "", ",", "P,B", ""].join(end))).map((line) => [line.line, line.ride])).toEqual([
        [2, "A"],
        [5, "B"],
      ]);
    }
  });

  it("requires a header naming the park and the ride, and no unknown or repeated column", () => {
    expect(errorsOf(parse("Parc Astérix,Toutatis\nParc Astérix,Goudurix"))[0]).toEqual({ key: "rideLog.import.errors.header" });
    expect(errorsOf(parse("park,date\nP,2025-01-01"))).toEqual([{ key: "rideLog.import.errors.header" }]);
    expect(errorsOf(parse("park,ride,dat\nP,R,2025-01-01"))).toEqual([{ key: "rideLog.import.errors.unknownColumn", values: { name: "dat" } }]);
    expect(errorsOf(parse("park,ride,parc\nP,R,P"))).toEqual([{ key: "rideLog.import.errors.duplicateColumn", values: { name: "parc" } }]);
  });

  it("refuses an empty file, a header alone, and a NUL", () => {
    for (const text of ["", "  \n\n", "\uFEFF", "park,ride\n", "park,ride\n,\n"]) expect(errorsOf(parse(text))).toEqual([{ key: "rideLog.import.errors.empty" }]);
    expect(errorsOf(parse("park,ride\nP\u0000,R"))).toEqual([{ key: "rideLog.import.errors.encoding" }]);
  });

  it("takes 10,000 lines and refuses one more", () => {
    const body = (count: number) => `park,ride\n${"Parc Astérix,Toutatis\n".repeat(count)}`;
    expect(linesOf(parse(body(RIDE_LOG_IMPORT_MAX_LINES)))).toHaveLength(RIDE_LOG_IMPORT_MAX_LINES);
    expect(errorsOf(parse(body(RIDE_LOG_IMPORT_MAX_LINES + 1)))).toEqual([
      { key: "rideLog.import.errors.tooManyLines", values: { max: RIDE_LOG_IMPORT_MAX_LINES, count: RIDE_LOG_IMPORT_MAX_LINES + 1 } },
    ]);
  });

  it("refuses a text over 1 MB in UTF-8, an accent counting two bytes", () => {
    const lines = "park,ride\nParc Astérix,Toutatis\n";
    // Blank lines are skipped: spaces fill the text up to the limit.
    const full = lines + " ".repeat(RIDE_LOG_IMPORT_MAX_BYTES - new TextEncoder().encode(lines).length);
    expect(linesOf(parse(full))).toHaveLength(1);
    expect(errorsOf(parse(`${full.slice(0, -1)}é`))).toEqual([{ key: "rideLog.import.errors.tooLarge", values: { max: "1 MB" } }]);
  });
});

describe("decoding an import file", () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it("reads UTF-8 with or without a byte order mark", () => {
    const text = "parc;attraction\nParc Astérix;Toutatis";
    const encoded = new TextEncoder().encode(text);
    expect(decodeRideLogCsv(encoded)).toBe(text);
    expect(decodeRideLogCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...encoded]))).toBe(text);
  });

  it("refuses bytes that are not UTF-8 (a Latin-1 é)", () => {
    expect(decodeRideLogCsv(bytes(0x70, 0x61, 0x72, 0x63, 0xe9))).toBeNull();
  });
});

describe("the CSV export", () => {
  const entry = (overrides: Partial<RideLogExportEntry>): RideLogExportEntry => ({
    id: "e",
    park: { id: "p", name: "Parc Astérix", slug: "parc-asterix" },
    ride: { id: "r", name: "Toutatis", slug: "toutatis" },
    date: "2025-06-01",
    times: 2,
    note: null,
    ...overrides,
  });

  it("writes a fixed English header, a BOM, CRLF lines, quotes where needed, empty unknown dates and notes", () => {
    const csv = rideLogCsv([entry({}), entry({ ride: { id: "r", name: 'Le "Grand", Huit', slug: "x" }, date: null, times: 1, note: "sur\ndeux lignes" })]);
    expect(csv).toBe('\uFEFFpark,ride,date,count,note\r\nParc Astérix,Toutatis,2025-06-01,2,\r\nParc Astérix,"Le ""Grand"", Huit",,1,"sur\ndeux lignes"\r\n');
  });

  it("reads back as the entries it was written from", () => {
    const entries = [entry({ note: "Premier rang, à gauche" }), entry({ date: null, times: 7, note: 'Un "vrai" tour' })];
    const text = decodeRideLogCsv(new TextEncoder().encode(rideLogCsv(entries)))!;
    expect(linesOf(parse(text)).map(({ park, ride, riddenOn, times, note }) => ({ park, ride, riddenOn, times, note }))).toEqual(
      entries.map((one) => ({ park: one.park.name, ride: one.ride.name, riddenOn: one.date, times: one.times, note: one.note })),
    );
  });

  it("writes a text a spreadsheet would run as a formula after a single quote, and nothing else so", () => {
    const csv = rideLogCsv([
      entry({ park: { id: "p", name: "=HYPERLINK(\"http://x\")", slug: "p" }, ride: { id: "r", name: "+Toutatis", slug: "r" }, note: "-1+1" }),
      entry({ park: { id: "p", name: "@SUM(A1)", slug: "p" }, ride: { id: "r", name: "\tTab", slug: "r" }, note: "\r=1" }),
      entry({ ride: { id: "r", name: "Toutatis = top", slug: "r" }, note: "'tis fun" }),
    ]);
    expect(csv.split("\r\n").slice(1, 4)).toEqual([
      `"'=HYPERLINK(""http://x"")",'+Toutatis,2025-06-01,2,'-1+1`,
      `'@SUM(A1),'\tTab,2025-06-01,2,"'\r=1"`,
      "Parc Astérix,Toutatis = top,2025-06-01,2,'tis fun",
    ]);
  });

  it("reads back the texts it neutralised, and a real leading quote, as they were", () => {
    const notes = ["=1+1", "+33 6 12 34 56 78", "-", "@home", "'tis fun", "'=1+1", "''=x", "'", "'quoted'", "Toutatis = top"];
    const entries = notes.map((note) => entry({ ride: { id: "r", name: note, slug: "r" }, note }));
    const text = decodeRideLogCsv(new TextEncoder().encode(rideLogCsv(entries)))!;
    expect(linesOf(parse(text)).map(({ ride, note }) => ({ ride, note }))).toEqual(notes.map((note) => ({ ride: note, note })));
  });

  it("takes the single quote off a hand-made file's cell only before a formula's character", () => {
    expect(linesOf(parse("park,ride,note\n'=Parc,'Toutatis,'+1\n")).map(({ park, ride, note }) => ({ park, ride, note }))).toEqual([{ park: "=Parc", ride: "'Toutatis", note: "+1" }]);
  });
});
