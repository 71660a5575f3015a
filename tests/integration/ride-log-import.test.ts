import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/domain/current-user";
import type { PreviewLine, RideLogImportPreview } from "~/domain/ride-log-import";
import { keptLineValue, readKeptLines } from "~/domain/ride-log-import";
import { action, loader } from "~/routes/ride-log";
import { loader as exportLoader } from "~/routes/api.ride-log-export";
import { WRITE_LIMITS } from "~/server/allowances/write-limits";
import { suspendMember } from "~/server/auth/suspension";
import { moveParkSlug, moveRideSlug } from "~/server/catalog/slug-history";
import { queryRows } from "~/server/db/database";
import { countQueriesOf } from "~/server/db/query-count";
import { parks, profiles, rideWishes, rides } from "~/server/db/schema";
import { setRideWish } from "~/server/ride-log/ride-log-writes";
import { confirmRideLogImport, previewRideLogImport, undoRideLogImport } from "~/server/ride-log/ride-log-import";
import { createAuthContext, TEST_ORIGIN } from "../support/auth-context";
import { createMember, createPark, createRide } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** Importing a CSV into the ride log, and its export (docs/rules/ride-log.md#import-and-export), on PGlite and PostgreSQL. */
let database: TestDatabase;
let context: AppLoadContext;

/** The catalogue the files name: two parks as they are, a renamed one with a renamed ride, and what nobody sees. */
const catalogue = {} as Record<"toutatis" | "goudurix" | "tonnerre" | "silverStar" | "blueFire" | "timber" | "secret" | "pendingRide", string>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = createAuthContext(database).context;
  const asterix = await createPark(database.db, { name: "Parc Astérix", slug: "parc-asterix" });
  catalogue.toutatis = (await createRide(database.db, asterix.id, { name: "Toutatis", slug: "toutatis" })).id;
  catalogue.goudurix = (await createRide(database.db, asterix.id, { name: "Goudurix", slug: "goudurix" })).id;
  catalogue.tonnerre = (await createRide(database.db, asterix.id, { name: "Tonnerre 2 Zeus", slug: "tonnerre-2-zeus" })).id;
  catalogue.pendingRide = (await createRide(database.db, asterix.id, { name: "Nouveauté", slug: "nouveaute", moderationStatus: "pending" })).id;
  const europa = await createPark(database.db, { name: "Europa-Park", slug: "europa-park" });
  catalogue.silverStar = (await createRide(database.db, europa.id, { name: "Silver Star", slug: "silver-star" })).id;
  catalogue.blueFire = (await createRide(database.db, europa.id, { name: "Blue Fire Megacoaster", slug: "blue-fire-megacoaster" })).id;
  // Avenir Land became Walibi Rhône-Alpes, whose Trans Express became Timber.
  const walibi = await createPark(database.db, { name: "Avenir Land", slug: "avenir-land" });
  catalogue.timber = (await createRide(database.db, walibi.id, { name: "Trans Express", slug: "trans-express" })).id;
  await database.db.transaction(async (tx) => {
    await moveParkSlug(tx, walibi.id, "Walibi Rhône-Alpes");
    await tx.update(parks).set({ name: "Walibi Rhône-Alpes" }).where(eq(parks.id, walibi.id));
    await moveRideSlug(tx, catalogue.timber, "Timber");
    await tx.update(rides).set({ name: "Timber" }).where(eq(rides.id, catalogue.timber));
  });
  const hidden = await createPark(database.db, { name: "Parc Caché", slug: "parc-cache", moderationStatus: "pending" });
  catalogue.secret = (await createRide(database.db, hidden.id, { name: "Secret", slug: "secret" })).id;
});
afterAll(async () => {
  await database.close();
});

async function member(): Promise<CurrentUser> {
  const created = await createMember(database.db);
  return { id: created.id, username: created.username, isAdmin: false, twoFactorEnabled: false };
}

async function preview(csv: string): Promise<RideLogImportPreview> {
  const answer = await previewRideLogImport(database.db, csv);
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  return answer.preview;
}

/** Every matched line kept, as the preview's ticked checkboxes post them. */
const allKept = (lines: readonly PreviewLine[]) => new Map(lines.filter((line) => line.match).map((line) => [line.line, line.match!.rideId]));

/**
 * Every table's rows, as text, summed up in SQL (their count and the sum of each row's md5), except the write
 * allowances' counters, which an import and its undoing rightly move: any other row added, removed or changed changes it.
 */
async function databaseDigest(): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'user_write_limits' ORDER BY table_name`,
  );
  const parts = tables.map(({ name }) => `(SELECT '${name}:' || count(*) || ':' || coalesce(sum(('x' || left(md5(t::text), 16))::bit(64)::bigint), 0) FROM "${name}" t)`);
  const [row] = await queryRows<{ digest: string }>(database.db, sql.raw(`SELECT md5(${parts.join(" || ")}) AS digest`));
  return row!.digest;
}

async function creditsOf(userId: string): Promise<number> {
  const [row] = await database.db.select({ credits: profiles.rideCredits }).from(profiles).where(eq(profiles.id, userId));
  return row!.credits;
}

const FILE = [
  "parc;attraction;date;nombre;note",
  "PARC ASTERIX;toutatis;14/07/2025;3;Premier rang",
  "parc astérix;Tonnerre 2 Zeus;2025-07-14;;",
  "Europa Park;Silver Star;15.07.2025;2;",
  "Avenir Land;Timber;;1;",
  "Walibi Rhône-Alpes;Trans Express;2024-08-01;1;",
  "Europa-Park;Blue Fire Megacostr;15/07/2025;1;",
  "Parc Asterix;Goudourix;;;",
  "Parc Astérix;Space Mountain;2025-07-14;1;",
  "Disneyland Paris;Big Thunder Mountain;2025-07-14;1;",
  "Parc Caché;Secret;;;",
  "Parc Astérix;Nouveauté;;;",
].join("\n");

describe("matching the file's lines with the catalogue", () => {
  it("matches case and accents aside (exact), through old names (renamed), names alike (close), and leaves the rest unmatched", async () => {
    const { lines } = await preview(FILE);
    expect(lines.map((line) => [line.line, line.doubt, line.match?.rideId ?? null])).toEqual([
      [2, "exact", catalogue.toutatis],
      [3, "exact", catalogue.tonnerre],
      // The slug of "Europa Park" is the park's.
      [4, "exact", catalogue.silverStar],
      // The park by its old name, the ride by its new one.
      [5, "renamed", catalogue.timber],
      // The park by its new name, the ride by its old one.
      [6, "renamed", catalogue.timber],
      [7, "close", catalogue.blueFire],
      [8, "close", catalogue.goudurix],
      // A ride the park does not have, a park the catalogue does not have, a pending park, a pending ride.
      [9, "unmatched", null],
      [10, "unmatched", null],
      [11, "unmatched", null],
      [12, "unmatched", null],
    ]);
    expect(lines[0]).toMatchObject({ park: "PARC ASTERIX", ride: "toutatis", riddenOn: "2025-07-14", times: 3, note: "Premier rang" });
    expect(lines[0]!.match).toEqual({ rideId: catalogue.toutatis, rideName: "Toutatis", rideSlug: "toutatis", parkName: "Parc Astérix", parkSlug: "parc-asterix" });
    expect(lines[4]!.match).toMatchObject({ rideName: "Timber", parkName: "Walibi Rhône-Alpes", parkSlug: "walibi-rhone-alpes" });
  });

  it("matches a file of any length in two statements: the distinct parks, then the distinct rides of the parks found", async () => {
    const lines = Array.from({ length: 2000 }, (_, index) => ["Parc Astérix;Toutatis", "Europa-Park;Silver Star", "Nulle Part;Rien", "Parc Astérix;Goudourix"][index % 4]);
    const counter = { count: 0 };
    const answer = await countQueriesOf(counter, () => previewRideLogImport(database.db, `parc;attraction\n${lines.join("\n")}`));
    expect(counter.count).toBe(2);
    expect(answer.ok && answer.preview.lines.map((line) => line.doubt).slice(0, 4)).toEqual(["exact", "exact", "unmatched", "close"]);
  });
});

describe("the preview", () => {
  it("writes nothing, whether the file reads or not", async () => {
    const before = await databaseDigest();
    await preview(FILE);
    expect(await previewRideLogImport(database.db, "parc;attraction;date\nParc Astérix;Toutatis;hier")).toEqual({
      ok: false,
      reason: "invalid",
      errors: [{ key: "rideLog.import.errors.date", values: { lines: "2", count: 1 } }],
    });
    expect(await databaseDigest()).toBe(before);
  });
});

describe("confirming an import", () => {
  it("writes the kept matched lines as entries of one import, moves the tallies and credits, and takes the rides off the wish list", async () => {
    const rider = await member();
    await setRideWish(database.db, rider, catalogue.toutatis, true);
    await setRideWish(database.db, rider, catalogue.silverStar, true);
    const { lines } = await preview(FILE);
    const kept = allKept(lines);
    // The member unticks the close match on Goudurix.
    kept.delete(8);
    expect(await confirmRideLogImport(database.db, rider, FILE, kept)).toEqual({ ok: true, entryCount: 6 });

    const entries = await queryRows<{ attraction_id: string; ridden_on: string | null; times: number; note: string | null; import_id: string }>(
      database.db,
      sql`SELECT attraction_id, ridden_on::text, times, note, import_id FROM ride_log_entries WHERE user_id = ${rider.id} ORDER BY ridden_on NULLS LAST, attraction_id`,
    );
    expect(entries.map(({ attraction_id, ridden_on, times, note }) => ({ attraction_id, ridden_on, times, note }))).toEqual(
      [
        { attraction_id: catalogue.timber, ridden_on: "2024-08-01", times: 1, note: null },
        ...[
          { attraction_id: catalogue.toutatis, ridden_on: "2025-07-14", times: 3, note: "Premier rang" },
          { attraction_id: catalogue.tonnerre, ridden_on: "2025-07-14", times: 1, note: null },
        ].sort((a, b) => a.attraction_id.localeCompare(b.attraction_id)),
        ...[
          { attraction_id: catalogue.silverStar, ridden_on: "2025-07-15", times: 2, note: null },
          { attraction_id: catalogue.blueFire, ridden_on: "2025-07-15", times: 1, note: null },
        ].sort((a, b) => a.attraction_id.localeCompare(b.attraction_id)),
        { attraction_id: catalogue.timber, ridden_on: null, times: 1, note: null },
      ],
    );
    const [made] = await queryRows<{ id: string; entry_count: number }>(database.db, sql`SELECT id, entry_count FROM ride_log_imports WHERE user_id = ${rider.id}`);
    expect(made!.entry_count).toBe(6);
    expect(new Set(entries.map((entry) => entry.import_id))).toEqual(new Set([made!.id]));
    // Five distinct rides: Timber twice.
    expect(await creditsOf(rider.id)).toBe(5);
    const [timber] = await queryRows<{ times: number; entries: number; first_on: string; last_on: string }>(
      database.db,
      sql`SELECT times, entries, first_on::text, last_on::text FROM ride_log_tallies WHERE user_id = ${rider.id} AND attraction_id = ${catalogue.timber}`,
    );
    expect(timber).toEqual({ times: 2, entries: 2, first_on: "2024-08-01", last_on: "2024-08-01" });
    expect(await database.db.select().from(rideWishes).where(eq(rideWishes.userId, rider.id))).toEqual([]);
  });

  it("refuses a file that does not read, no line kept, or a match changed since the preview, writing nothing", async () => {
    const rider = await member();
    const { lines } = await preview(FILE);
    const before = await databaseDigest();
    expect(await confirmRideLogImport(database.db, rider, "parc;attraction\nParc Astérix;", allKept(lines))).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: [{ key: "rideLog.import.errors.missingName" }],
    });
    const nothing = await confirmRideLogImport(database.db, rider, FILE, new Map());
    expect(nothing).toMatchObject({ ok: false, reason: "invalid", errors: [{ key: "rideLog.import.errors.nothingKept" }], preview: { csv: FILE, kept: [] } });
    // The form said line 2 was Goudurix: not what the file's line 2 matches.
    const changed = await confirmRideLogImport(database.db, rider, FILE, new Map([[2, catalogue.goudurix], [3, catalogue.tonnerre]]));
    expect(changed).toMatchObject({ ok: false, reason: "conflict", errors: [{ key: "rideLog.import.errors.changed" }] });
    expect(!changed.ok && changed.preview?.kept).toEqual([keptLineValue(2, catalogue.goudurix), keptLineValue(3, catalogue.tonnerre)]);
    expect(!changed.ok && changed.preview?.lines).toHaveLength(11);
    // An unmatched line cannot be kept.
    expect(await confirmRideLogImport(database.db, rider, FILE, new Map([[9, catalogue.toutatis]]))).toMatchObject({ ok: false, reason: "conflict" });
    expect(await databaseDigest()).toBe(before);
  });

  it("refuses a suspended member and a spent allowance, writing nothing", async () => {
    const rider = await member();
    const { lines } = await preview(FILE);
    const oneImport = { ...WRITE_LIMITS, rideLogImport: [{ max: 1, seconds: 86_400 }] };
    expect(await confirmRideLogImport(database.db, rider, FILE, allKept(lines), oneImport)).toMatchObject({ ok: true });
    const before = await databaseDigest();
    expect(await confirmRideLogImport(database.db, rider, FILE, allKept(lines), oneImport)).toMatchObject({
      ok: false,
      reason: "tooMany",
      errors: [{ key: "rideLog.import.errors.tooMany" }],
      preview: { csv: FILE },
    });
    const [made] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM ride_log_imports WHERE user_id = ${rider.id}`);
    // Undoing is under the same allowance.
    expect(await undoRideLogImport(database.db, rider, made!.id, oneImport)).toMatchObject({ ok: false, reason: "tooMany" });
    expect(await databaseDigest()).toBe(before);
    await suspendMember(database.db, rider.id, "Spam");
    const suspendedBefore = await databaseDigest();
    expect(await confirmRideLogImport(database.db, rider, FILE, allKept(lines))).toMatchObject({
      ok: false,
      reason: "forbidden",
      errors: [{ key: "auth.errors.suspended", values: { reason: "Spam" } }],
    });
    expect(await undoRideLogImport(database.db, rider, made!.id)).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await databaseDigest()).toBe(suspendedBefore);
  });
});

describe("undoing an import", () => {
  it("puts everything back as it was: entries, tallies, credits, wishes (with their dates), and only the member's own import", async () => {
    const rider = await member();
    const other = await member();
    // A log and a wish list before the import: an entry of Toutatis, wishes for Silver Star and Goudurix.
    await confirmRideLogImport(database.db, rider, "park,ride,date\nParc Astérix,Toutatis,2020-05-01", new Map([[2, catalogue.toutatis]]));
    await setRideWish(database.db, rider, catalogue.silverStar, true);
    await setRideWish(database.db, rider, catalogue.goudurix, true);
    const creditsBefore = await creditsOf(rider.id);
    const before = await databaseDigest();

    const { lines } = await preview(FILE);
    expect(await confirmRideLogImport(database.db, rider, FILE, allKept(lines))).toEqual({ ok: true, entryCount: 7 });
    expect(await creditsOf(rider.id)).toBe(6);
    const [made] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM ride_log_imports WHERE user_id = ${rider.id} ORDER BY created_at DESC LIMIT 1`);

    const afterImport = await databaseDigest();
    expect(await undoRideLogImport(database.db, other, made!.id)).toEqual({ ok: false, reason: "notFound", errors: [{ key: "rideLog.import.errors.importNotFound" }] });
    expect(await undoRideLogImport(database.db, other, "pas-un-id")).toMatchObject({ ok: false, reason: "notFound" });
    expect(await databaseDigest()).toBe(afterImport);

    expect(await undoRideLogImport(database.db, rider, made!.id)).toEqual({ ok: true, entryCount: 7 });
    expect(await databaseDigest()).toBe(before);
    expect(await creditsOf(rider.id)).toBe(creditsBefore);
    // Undone once: it no longer exists.
    expect(await undoRideLogImport(database.db, rider, made!.id)).toMatchObject({ ok: false, reason: "notFound" });
  });
});

describe("the import page", () => {
  const post = (user: CurrentUser | null, form: FormData) =>
    action({
      request: new Request(`${TEST_ORIGIN}/fr/profile/ride-log`, { method: "POST", headers: { origin: TEST_ORIGIN }, body: form }),
      context: { ...context, currentUser: user },
      params: {},
    } as Parameters<typeof action>[0]);
  const formOf = (fields: Record<string, string | Blob | string[]>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
    return form;
  };
  const answerOf = (value: unknown) => {
    const wrapped = value as { type?: string; data?: unknown; init?: { status?: number } };
    return wrapped?.type === "DataWithResponseInit" ? { status: wrapped.init?.status ?? 200, data: wrapped.data } : { status: 200, data: value };
  };

  it("previews an uploaded file (UTF-8 with a BOM), imports the ticked lines from the text sent back, lists the import and undoes it", async () => {
    const rider = await member();
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(FILE)]);
    const previewed = answerOf(await post(rider, formOf({ intent: "preview", file: new File([bytes], "carnet.csv", { type: "text/csv" }) })));
    expect(previewed.status).toBe(200);
    const shown = (previewed.data as { preview: RideLogImportPreview }).preview;
    expect(shown.csv).toBe(FILE);
    const keep = [...allKept(shown.lines)].map(([line, rideId]) => keptLineValue(line, rideId));
    expect(readKeptLines(keep)?.size).toBe(7);

    const confirmed = answerOf(await post(rider, formOf({ intent: "confirm", csv: shown.csv, keep: keep.slice(0, 2) })));
    expect(confirmed).toEqual({ status: 200, data: { intent: "confirm", imported: { entryCount: 2 } } });
    const page = await loader({ request: new Request(`${TEST_ORIGIN}/fr/profile/ride-log`), context: { ...context, currentUser: rider }, params: {} } as Parameters<typeof loader>[0]);
    expect(page.imports).toEqual([
      expect.objectContaining({
        entryCount: 2,
        entries: [
          { parkName: "Parc Astérix", rideName: "Tonnerre 2 Zeus", riddenOn: "2025-07-14", times: 1 },
          { parkName: "Parc Astérix", rideName: "Toutatis", riddenOn: "2025-07-14", times: 3 },
        ],
      }),
    ]);
    const undone = answerOf(await post(rider, formOf({ intent: "undo", importId: page.imports[0]!.id })));
    expect(undone).toEqual({ status: 200, data: { intent: "undo", undone: { entryCount: 2 } } });
  });

  it("refuses a missing file, a file over 1 MB, bytes that are not UTF-8, a checkbox not of ours, and a visitor", async () => {
    const rider = await member();
    const before = await databaseDigest();
    const errorOf = async (form: FormData) => {
      const answer = answerOf(await post(rider, form));
      return [answer.status, (answer.data as { errors: Array<{ key: string }> }).errors[0]!.key];
    };
    expect(await errorOf(formOf({ intent: "preview" }))).toEqual([400, "rideLog.import.errors.noFile"]);
    expect(await errorOf(formOf({ intent: "preview", file: new File([new Uint8Array(1024 * 1024 + 1)], "big.csv") }))).toEqual([413, "rideLog.import.errors.tooLarge"]);
    expect(await errorOf(formOf({ intent: "preview", file: new File([new Uint8Array([0x70, 0x61, 0x72, 0x63, 0xe9])], "latin1.csv") }))).toEqual([400, "rideLog.import.errors.encoding"]);
    expect(await errorOf(formOf({ intent: "confirm", csv: FILE, keep: "2; DROP TABLE" }))).toEqual([400, "rideLog.errors.badRequest"]);
    const visitor = await post(null, formOf({ intent: "preview" })).catch((thrown: unknown) => thrown);
    expect((visitor as Response).headers.get("location")).toBe("/fr/login?redirectTo=%2Ffr%2Fprofile%2Fride-log");
    expect(await databaseDigest()).toBe(before);
  });
});

describe("the export", () => {
  const download = (user: CurrentUser | null, format: "csv" | "json") =>
    exportLoader({
      request: new Request(`${TEST_ORIGIN}/api/ride-log/export.${format}`),
      context: { ...context, currentUser: user },
      params: {},
    } as Parameters<typeof exportLoader>[0]) as Promise<Response>;

  it("gives the member's whole log as CSV that imports back the same, and as JSON with names, slugs and ids", async () => {
    const rider = await member();
    const { lines } = await preview(FILE);
    await confirmRideLogImport(database.db, rider, FILE, allKept(lines));
    const csv = await download(rider, "csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    expect(csv.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="parcours-ride-log-${rider.username}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const text = new TextDecoder().decode(await csv.arrayBuffer());
    expect(text.split("\r\n").slice(0, 3)).toEqual(["park,ride,date,count,note", "Walibi Rhône-Alpes,Timber,2024-08-01,1,", "Parc Astérix,Tonnerre 2 Zeus,2025-07-14,1,"]);

    // Imported again by another member, the file gives the same log, every line an exact match.
    const again = await preview(text.replace(/^\uFEFF/, ""));
    expect(again.lines.every((line) => line.doubt === "exact")).toBe(true);
    const reader = await member();
    await confirmRideLogImport(database.db, reader, again.csv, allKept(again.lines));
    const json = await download(reader, "json");
    expect(json.headers.get("content-disposition")).toMatch(/\.json"$/);
    const exported = (await json.json()) as { format: number; entries: Array<Record<string, unknown>> };
    const original = (await (await download(rider, "json")).json()) as typeof exported;
    const comparable = (entries: typeof exported.entries) => entries.map((entry) => ({ ...entry, id: null }));
    expect(comparable(exported.entries)).toEqual(comparable(original.entries));
    expect(exported.entries[0]).toMatchObject({
      park: { name: "Walibi Rhône-Alpes", slug: "walibi-rhone-alpes" },
      ride: { id: catalogue.timber, name: "Timber", slug: "timber" },
      date: "2024-08-01",
      times: 1,
      note: null,
    });
  });

  it("answers a visitor 401 in JSON", async () => {
    for (const format of ["csv", "json"] as const) {
      const answer = await download(null, format);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ ok: false, error: "rideLog.errors.unauthenticated" });
    }
  });
});
