/**
 * How well the ride log's import matches what members really type (docs/rules/ride-log.md#import-and-export): writes
 * a 300-line CSV from the catalogue with realistic mistakes, imports it through the preview, and prints the match
 * rate per doubt level and, per kind of mistake, how the lines were matched and whether with the right ride.
 *
 *   node --import tsx scripts/ride-log-match-rate.ts [--database-url postgres://…] [--out file.csv]
 *
 * Without --database-url, a throwaway in-memory PGlite with the demo content. Either way everything runs in one
 * transaction that is rolled back: the parks renamed to give the file former names (when the catalogue has none)
 * are renamed only for the measure, and the database is left as it was.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { rideLogCsv, type RideLogExportEntry } from "~/domain/ride-log-export";
import { MATCH_DOUBTS, type MatchDoubt } from "~/domain/ride-log-import";
import { moveParkSlug } from "~/server/catalog/slug-history";
import { migrateDatabase, openDatabase, queryRows, type Transaction } from "~/server/db/database";
import { parks } from "~/server/db/schema";
import { loadDemoContent } from "~/server/demo/load-demo-content";
import { createRandom, type Random } from "~/domain/seeded-random";
import { previewRideLogImport } from "~/server/ride-log/ride-log-import";

const LINES = 300;
const SEED = 20261128;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

type Ride = { id: string; name: string; park_id: string; park_name: string };

/** Each kind of mistake, how often it is drawn, what it does to the park's and the ride's names. */
type Mistake = { name: string; weight: number; apply: (ride: Ride, random: Random, formerName: string | undefined) => { park: string; ride: string } | null };

const dropAccents = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const changeCase = (text: string, random: Random) => (random.chance(0.5) ? text.toUpperCase() : text.toLowerCase());

/** The positions of the letters of a name, where a typing slip may fall. */
function letterPositions(text: string): number[] {
  return [...text].flatMap((character, index) => (/\p{L}/u.test(character) ? [index] : []));
}

function swapLetters(text: string, random: Random): string {
  const letters = [...text];
  const positions = letterPositions(text).filter((index) => /\p{L}/u.test(letters[index + 1] ?? ""));
  if (positions.length === 0) return text;
  const at = random.pick(positions);
  [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
  return letters.join("");
}

function dropLetter(text: string, random: Random): string {
  const letters = [...text];
  const positions = letterPositions(text);
  if (positions.length < 4) return text;
  letters.splice(random.pick(positions), 1);
  return letters.join("");
}

const MADE_UP = ["Le Grand Frisson", "Cyclone Express", "Vortex 3000", "La Rivière Enchantée", "Dragon de Feu", "Sky Fury", "Turbo Loop", "Le Manoir Hanté"];

const MISTAKES: Mistake[] = [
  { name: "as written", weight: 30, apply: (ride) => ({ park: ride.park_name, ride: ride.name }) },
  { name: "accents dropped", weight: 12, apply: (ride) => ({ park: dropAccents(ride.park_name), ride: dropAccents(ride.name) }) },
  { name: "case changed", weight: 12, apply: (ride, random) => ({ park: changeCase(ride.park_name, random), ride: changeCase(ride.name, random) }) },
  { name: "letters swapped", weight: 12, apply: (ride, random) => ({ park: ride.park_name, ride: swapLetters(ride.name, random) }) },
  { name: "letter dropped", weight: 12, apply: (ride, random) => ({ park: ride.park_name, ride: dropLetter(ride.name, random) }) },
  { name: "park's letter dropped", weight: 6, apply: (ride, random) => ({ park: dropLetter(ride.park_name, random), ride: ride.name }) },
  { name: "park's former name", weight: 8, apply: (ride, _random, formerName) => (formerName ? { park: formerName, ride: ride.name } : null) },
  { name: "made-up ride", weight: 8, apply: (ride, random) => ({ park: ride.park_name, ride: random.pick(MADE_UP) }) },
];

/**
 * A few parks given a new name for the measure, so that the file may use their former ones: the parks that already
 * have old addresses keep theirs (their former name is read from the slug). Former name by park id.
 */
async function formerNames(tx: Transaction, random: Random): Promise<Map<string, string>> {
  const kept = await queryRows<{ park_id: string; slug: string }>(tx, sql`SELECT park_id, slug FROM park_slug_redirects`);
  if (kept.length > 0) return new Map(kept.map((row) => [row.park_id, row.slug.replace(/-/g, " ")]));
  const chosen = random.shuffle(await tx.select({ id: parks.id, name: parks.name }).from(parks).where(eq(parks.moderationStatus, "approved"))).slice(0, 3);
  for (const park of chosen) {
    await moveParkSlug(tx, park.id, `${park.name} Resort`);
    await tx.update(parks).set({ name: `${park.name} Resort` }).where(eq(parks.id, park.id));
  }
  return new Map(chosen.map((park) => [park.id, park.name]));
}

/** A line of the file and what it meant. */
type Written = { mistake: string; rideId: string | null };

async function measure(tx: Transaction, out: string) {
  const random = createRandom(SEED);
  const former = await formerNames(tx, random);
  const rides = await queryRows<Ride>(
    tx,
    sql`SELECT a.id, a.name, p.id AS park_id, p.name AS park_name FROM attractions a JOIN parks p ON p.id = a.park_id
      WHERE a.moderation_status = 'approved' AND p.moderation_status = 'approved' ORDER BY p.name, a.name`,
  );
  const inRenamedParks = rides.filter((ride) => former.has(ride.park_id));
  const total = MISTAKES.reduce((sum, mistake) => sum + mistake.weight, 0);
  const written: Written[] = [];
  const entries: RideLogExportEntry[] = [];
  while (entries.length < LINES) {
    let draw = random.next() * total;
    const mistake = MISTAKES.find((candidate) => (draw -= candidate.weight) < 0)!;
    const ride = random.pick(mistake.name === "park's former name" ? inRenamedParks : rides);
    const names = ride && mistake.apply(ride, random, former.get(ride.park_id));
    if (!names) continue;
    const date = random.chance(0.2) ? null : `20${random.int(15, 25)}-0${random.int(1, 9)}-1${random.int(0, 9)}`;
    entries.push({ id: "", park: { id: "", name: names.park, slug: "" }, ride: { id: "", name: names.ride, slug: "" }, date, times: random.int(1, 3), note: null });
    written.push({ mistake: mistake.name, rideId: mistake.name === "made-up ride" ? null : ride.id });
  }
  const csv = rideLogCsv(entries);
  writeFileSync(out, csv);

  const previewed = await previewRideLogImport(tx, csv.replace(/^\uFEFF/, ""), new Date());
  if (!previewed.ok) throw new Error(`the file was refused: ${JSON.stringify(previewed.errors)}`);
  const lines = previewed.preview.lines.map((line, index) => ({ ...line, meant: written[index]! }));
  const wrong = (of: typeof lines) => of.filter((line) => line.match && line.match.rideId !== line.meant.rideId).length;
  const share = (count: number) => `${((100 * count) / lines.length).toFixed(1).padStart(5)} %`;
  console.log(`${LINES} lines written to ${out} (${rides.length} public rides, ${former.size} parks with a former name)\n`);

  console.log("Match rate per doubt level (wrong: matched with another ride than the one meant)");
  for (const doubt of MATCH_DOUBTS) {
    const of = lines.filter((line) => line.doubt === doubt);
    console.log(`  ${doubt.padEnd(10)} ${String(of.length).padStart(4)}  ${share(of.length)}${doubt === "unmatched" ? "" : `, wrong ${wrong(of)}`}`);
  }
  const matched = lines.filter((line) => line.match !== null);
  console.log(`  matched    ${String(matched.length).padStart(4)}  ${share(matched.length)}, wrong ${wrong(matched)}\n`);

  console.log("Per kind of mistake: lines, how they were matched");
  for (const mistake of MISTAKES) {
    const of = lines.filter((line) => line.meant.mistake === mistake.name);
    const levels = MATCH_DOUBTS.map((doubt: MatchDoubt) => `${doubt} ${of.filter((line) => line.doubt === doubt).length}`).join(", ");
    console.log(`  ${mistake.name.padEnd(22)} ${String(of.length).padStart(3)}: ${levels}; wrong ${wrong(of)}`);
  }
}

const databaseUrl = option("database-url");
const out = option("out") ?? path.join(tmpdir(), "ride-log-match-rate.csv");
const handle = await openDatabase(databaseUrl ? { kind: "postgres", url: databaseUrl, maxConnections: 1 } : { kind: "pglite", dataDir: undefined });
class RolledBack extends Error {}
try {
  if (!databaseUrl) {
    await migrateDatabase(handle);
    await loadDemoContent(handle.db, "admin@parcours.invalid");
  }
  await handle.db
    .transaction(async (tx) => {
      await measure(tx, out);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
} finally {
  await handle.close();
}
