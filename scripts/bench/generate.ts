/**
 * Deterministic synthetic data for the benchmarks (docs/benchmarks.md): parks,
 * attractions, members, park and attraction ratings, helpful votes, duels,
 * contributions and moderated suggestions, bulk-loaded with COPY, then every
 * maintained aggregate rebuilt by recomputeAllAggregates (the reference
 * definition); then the members' ride logs, at the scale of their ratings
 * (copyRideLogs); and the tables analysed. The row triggers that keep the
 * rankings' aggregates and the members' figures (migrations 0016, 0018) are
 * off during the COPYs: one UPDATE per row would make the large load far
 * slower, and the recomputation that follows writes the same figures.
 *
 * Skew: park popularity is Zipf-like (the first parks get most ratings), member
 * activity too (member 0, the "heavy" member, rates as many parks as allowed),
 * attractions within a park and the reviews that get votes as well.
 *
 * Every constraint holds by construction: one rating per member and park or
 * attraction (a member's parks are distinct, and so are the rides picked in
 * each), one vote per member and rating and none on one's own review, one duel
 * per member, type and unordered pair between two distinct rides of that type,
 * unique well-formed slugs and usernames.
 */
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import { slugify } from "~/domain/slug";
import { createRandom, type Random } from "~/domain/seeded-random";
import { queryRows, type DatabaseHandle } from "~/server/db/database";
import { idArray } from "~/server/db/id-array";
import { recomputeAllAggregates } from "~/server/ratings/recompute-aggregates";
import {
  BENCH_MEMBERS_WITH_PASSWORD,
  BENCH_PASSWORD,
  benchEmail,
  benchUserId,
  benchUsername,
  type Scale,
} from "./scales";

const SEED = 20260707;
/** A fixed "now" so that the same scale always gives the same rows. */
const EPOCH = Date.UTC(2026, 5, 1);
const DAY = 24 * 3600 * 1000;

const PARK_WORDS = ["Aventure", "Merveilles", "Lagune", "Galaxie", "Pirates", "Dragon", "Forêt", "Vallée", "Océan", "Étoile", "Cœur", "Montagne"];
const PARK_KINDS = ["Parc", "Land", "World", "Kingdom", "Park", "Monde"];
const COUNTRIES: Array<[string, string[]]> = [
  ["France", ["Île-de-France", "Hauts-de-France", "Auvergne-Rhône-Alpes", "Occitanie", "Bretagne"]],
  ["Belgique", ["Wallonie", "Flandre"]],
  ["Allemagne", ["Bade-Wurtemberg", "Bavière", "Rhénanie-du-Nord-Westphalie"]],
  ["Pays-Bas", ["Brabant-Septentrional", "Gueldre"]],
  ["Espagne", ["Catalogne", "Andalousie"]],
  ["Royaume-Uni", ["Angleterre", "Écosse"]],
  ["Italie", ["Vénétie", "Émilie-Romagne"]],
];
/** Each country's latitude and longitude ranges, so that the map and the distances see parks spread over their land. */
const COUNTRY_BOXES: Record<string, [number, number, number, number]> = {
  France: [43.5, 49.5, -1, 7],
  Belgique: [49.8, 51.2, 3, 5.8],
  Allemagne: [47.8, 54, 6.5, 14],
  "Pays-Bas": [51.3, 53.2, 4.5, 6.8],
  Espagne: [37.5, 43, -6, 2],
  "Royaume-Uni": [50.8, 55.5, -3.5, 0.5],
  Italie: [38.5, 45.8, 8, 15.5],
};
const RIDE_WORDS = ["Tonnerre", "Comète", "Tornade", "Vertige", "Rapides", "Carrousel", "Mine", "Serpent", "Fusée", "Toboggan", "Spirale", "Cyclone", "Titan", "Express"];
const RIDE_TAILS = ["d'Or", "Sauvage", "Magique", "Infernal", "du Nord", "Géant", "Fou", "Enchanté"];
const PARK_COMMENTS = [
  "Très belle journée, files d'attente raisonnables.",
  "Thématisation superbe mais restauration chère.",
  "Great day out, the coasters are worth the trip.",
  "Parc agréable pour les enfants, un peu petit.",
  "Too crowded in August, come in June.",
];
const RIDE_COMMENTS = ["Sensations fortes !", "Un classique, à faire.", "Smooth and fun.", "Trop court pour l'attente.", "Parfait en famille."];
/** Ride type ids (migration 0001) with their share of the catalogue. */
const TYPE_WEIGHTS: Array<[number, number]> = [[1, 22], [2, 8], [3, 9], [4, 25], [5, 6], [6, 18], [7, 2], [8, 4], [9, 3], [10, 3]];
/** The row triggers of migrations 0016, 0018 and 0021 on the tables this generator fills: off during their COPY. */
const AGGREGATE_TRIGGERS: Record<string, string[]> = {
  park_ratings: ["park_ratings_score_counted", "park_ratings_member_figures_written", "park_ratings_member_months_written"],
  attraction_ratings: ["attraction_ratings_member_figures_written", "attraction_ratings_member_months_written"],
  attraction_duels: ["attraction_duels_counted"],
  content_modifications: ["content_modifications_counted"],
  park_suggestions: ["park_suggestions_counted"],
  attraction_suggestions: ["attraction_suggestions_counted"],
};
/** Its own stream of draws, so that adding contributions left every other generated row as it was. */
const CONTRIBUTION_SEED = SEED + 1;
/** The ride logs' and the wishes' own streams, for the same reason. */
const RIDE_LOG_SEED = SEED + 30;
const WISH_SEED = SEED + 31;
/** A share of the visits with rated rides in which the member also wished a ride of the park they did not ride. */
const WISH_SHARE = 0.05;
const RIDE_LOG_NOTES = ["Premier rang !", "Au dernier rang, de nuit.", "Front row, twice in a row.", "Fermée l'après-midi, faite le matin."];

/**
 * The rows written, counted as the scale counts them, the ride logs' rows (which follow the ride ratings rather than
 * a count of the scale), and milliseconds per step for the report.
 */
export type GenerationSummary = Scale & { rideLogEntries: number; rideLogTallies: number; rideWishes: number; timings: Record<string, number> };

/** Identifiers the benchmark needs, known without reading the database. */
export type BenchTargets = {
  popularParkSlug: string;
  popularRidePath: string;
  heavyUserId: string;
  heavyUserEmail: string;
  writerEmails: string[];
  /** The benchmark server's ADMIN_EMAIL: a member with a password (also the last writer) made administrator by configuration. */
  adminEmail: string;
  searchQuery: string;
};

/** Deterministic ids: sequential (cheap to index) and valid UUIDs, one prefix per table. */
const uuidOf = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const parkId = (i: number) => uuidOf("b0000001", i + 1);
const rideId = (i: number) => uuidOf("b0000002", i + 1);

function parkName(i: number): string {
  const word = PARK_WORDS[i % PARK_WORDS.length];
  const kind = PARK_KINDS[Math.floor(i / PARK_WORDS.length) % PARK_KINDS.length];
  return `${kind} ${word} ${String(i + 1).padStart(4, "0")}`;
}

function rideName(i: number, j: number): string {
  const word = RIDE_WORDS[(i + j) % RIDE_WORDS.length];
  const tail = RIDE_TAILS[(i * 7 + j) % RIDE_TAILS.length];
  return `${word} ${tail} ${j + 1}`;
}

/** Number of attractions of each park: about the mean, varied in pairs so the total is exact. */
function ridesPerPark(scale: Scale, random: Random): number[] {
  const base = Math.floor(scale.attractions / scale.parks);
  const counts = Array.from({ length: scale.parks }, () => base);
  for (let i = 0; i + 1 < scale.parks; i += 2) {
    const delta = random.int(0, Math.max(0, Math.floor(base * 0.6)));
    counts[i]! += delta;
    counts[i + 1]! -= delta;
  }
  for (let i = 0, rest = scale.attractions - base * scale.parks; rest > 0; i++, rest--) counts[i % scale.parks]! += 1;
  return counts;
}

/** Cumulative Zipf-like weights 1/(rank+offset)^s, for sampling by binary search. */
function cumulativeWeights(n: number, exponent: number, offset = 1): Float64Array {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cumulative[i] = total += 1 / Math.pow(i + offset, exponent);
  return cumulative;
}

function sampleIndex(cumulative: Float64Array, random: Random): number {
  const target = random.next() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `count` distinct indexes drawn by weight; falls back to the first free ones when the draws keep repeating. */
function sampleDistinct(cumulative: Float64Array, count: number, random: Random): number[] {
  const chosen = new Set<number>();
  for (let attempts = 0; chosen.size < count && attempts < count * 20; attempts++) chosen.add(sampleIndex(cumulative, random));
  for (let i = 0; chosen.size < count && i < cumulative.length; i++) chosen.add(i);
  return [...chosen];
}

/** Splits `total` by Zipf-like weights, no one above `cap`; exact when total ≤ n × cap. */
function skewedCounts(n: number, total: number, cap: number, exponent: number, offset: number): Int32Array {
  const counts = new Int32Array(n);
  const weights = Array.from({ length: n }, (_, i) => 1 / Math.pow(i + offset, exponent));
  const capped = new Uint8Array(n);
  let remaining = total;
  for (;;) {
    let weightSum = 0;
    for (let i = 0; i < n; i++) if (!capped[i]) weightSum += weights[i]!;
    let newlyCapped = 0;
    for (let i = 0; i < n; i++) {
      if (capped[i] || (remaining * weights[i]!) / weightSum < cap) continue;
      capped[i] = 1;
      counts[i] = cap;
      remaining -= cap;
      newlyCapped++;
    }
    if (newlyCapped === 0) {
      let given = 0;
      for (let i = 0; i < n; i++) if (!capped[i]) given += counts[i] = Math.floor((remaining * weights[i]!) / weightSum);
      for (let i = 0, rest = remaining - given; rest > 0 && i < n * 2; i++) {
        const k = i % n;
        if (!capped[k] && counts[k]! < cap) {
          counts[k]! += 1;
          rest--;
        }
      }
      return counts;
    }
  }
}

const star = (random: Random, base: number) => Math.max(1, Math.min(5, Math.round(base + (random.next() - 0.5) * 2.2)));
const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => iso(ms).slice(0, 10);
/** COPY text format: our values hold no tab, newline or backslash; null is \N. */
const line = (values: Array<string | number | boolean | null>) =>
  values.map((value) => (value === null ? "\\N" : String(value))).join("\t") + "\n";

type Copy = (table: string, columns: string[], lines: Iterable<string>) => Promise<void>;

/** Groups lines into chunks of about `size` characters. */
function* chunked(lines: Iterable<string>, size: number): Generator<string> {
  let buffer: string[] = [];
  let length = 0;
  for (const text of lines) {
    buffer.push(text);
    length += text.length;
    if (length >= size) {
      yield buffer.join("");
      buffer = [];
      length = 0;
    }
  }
  if (buffer.length > 0) yield buffer.join("");
}

function copierFor(handle: DatabaseHandle): Copy {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const statement = (table: string, columns: string[], source: string) =>
    `COPY "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) FROM ${source}`;
  if (handle.kind === "postgres") {
    const postgresClient = client as Sql;
    return async (table, columns, lines) => {
      const writable = await postgresClient.unsafe(statement(table, columns, "STDIN")).writable();
      await pipeline(Readable.from(chunked(lines, 1 << 20)), writable);
    };
  }
  const pglite = client as PGlite;
  return async (table, columns, lines) => {
    for (const chunk of chunked(lines, 4 << 20)) {
      await pglite.query(statement(table, columns, "'/dev/blob'"), [], { blob: new Blob([chunk]) });
    }
  };
}

/**
 * A COPY into a table with triggers of AGGREGATE_TRIGGERS runs with those
 * triggers disabled (enabled again whatever happens): the generator rebuilds
 * every aggregate by recomputeAllAggregates afterwards.
 */
function withoutAggregateTriggers(handle: DatabaseHandle, copy: Copy): Copy {
  return async (table, columns, lines) => {
    const triggers = AGGREGATE_TRIGGERS[table];
    if (!triggers) return copy(table, columns, lines);
    const alter = async (state: string) => {
      for (const trigger of triggers) await handle.db.execute(sql.raw(`ALTER TABLE "${table}" ${state} TRIGGER "${trigger}"`));
    };
    await alter("DISABLE");
    try {
      await copy(table, columns, lines);
    } finally {
      await alter("ENABLE");
    }
  };
}

/** The park and ride names and the members the benchmark uses; the same as generateBenchData writes. */
export function benchTargets(scale: Scale): BenchTargets {
  const random = createRandom(SEED);
  ridesPerPark(scale, random);
  const popularParkSlug = slugify(parkName(0));
  return {
    popularParkSlug,
    popularRidePath: `${popularParkSlug}/${slugify(rideName(0, 0))}`,
    heavyUserId: benchUserId(0),
    heavyUserEmail: benchEmail(0),
    writerEmails: Array.from({ length: BENCH_MEMBERS_WITH_PASSWORD - 1 }, (_, i) => benchEmail(i + 1)),
    adminEmail: benchEmail(BENCH_MEMBERS_WITH_PASSWORD - 1),
    searchQuery: PARK_WORDS[0]!.toLowerCase().slice(0, 6),
  };
}

/**
 * Writes a whole dataset into an empty, migrated database. Not one
 * transaction: the loader drops and recreates the database when it fails.
 */
export async function generateBenchData(
  handle: DatabaseHandle,
  scale: Scale,
  log: (message: string) => void = () => {},
): Promise<GenerationSummary> {
  const random = createRandom(SEED);
  const copy = withoutAggregateTriggers(handle, copierFor(handle));
  const timings: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<void>) => {
    const started = performance.now();
    await run();
    timings[name] = Math.round(performance.now() - started);
    log(`${name}: ${timings[name]} ms`);
  };

  // Catalogue: parks in popularity order, their attractions after each other.
  const perPark = ridesPerPark(scale, random);
  const firstRide = new Int32Array(scale.parks + 1);
  for (let i = 0; i < scale.parks; i++) firstRide[i + 1] = firstRide[i]! + perPark[i]!;
  const typeCumulative = new Float64Array(TYPE_WEIGHTS.length);
  TYPE_WEIGHTS.reduce((sum, [, weight], i) => (typeCumulative[i] = sum + weight), 0);
  const rideType = new Uint8Array(scale.attractions);
  const rideQuality = new Float32Array(scale.attractions);
  const rideOperating = new Uint8Array(scale.attractions);
  const parkProfile: number[][] = [];
  const takenParkSlugs = new Set<string>();
  let counts = { contributions: 0, suggestions: 0 };

  await step("members", async () => {
    // The trigger of migration 0003 gives each account its profile and statistics row.
    await copy(
      "user",
      ["id", "name", "email", "email_verified", "role", "created_at", "updated_at"],
      (function* () {
        for (let u = 0; u < scale.users; u++) {
          const created = iso(EPOCH - 400 * DAY - random.int(0, 900) * DAY);
          yield line([benchUserId(u), benchUsername(u), benchEmail(u), true, "user", created, created]);
        }
      })(),
    );
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const withPassword = Math.min(BENCH_MEMBERS_WITH_PASSWORD, scale.users);
    await copy(
      "account",
      ["id", "account_id", "provider_id", "user_id", "password"],
      Array.from({ length: withPassword }, (_, u) => line([`bench-account-${u + 1}`, benchUserId(u), "credential", benchUserId(u), passwordHash])),
    );
  });

  await step("parks and attractions", async () => {
    const parkLines: string[] = [];
    // Its own sequence, so that adding locations left every other generated figure as it was.
    const placeRandom = createRandom(SEED + 20);
    for (let i = 0; i < scale.parks; i++) {
      const name = parkName(i);
      const slug = slugify(name);
      if (takenParkSlugs.has(slug)) throw new Error(`duplicate park slug ${slug}`);
      takenParkSlugs.add(slug);
      const [country, regions] = COUNTRIES[i % COUNTRIES.length]!;
      const created = iso(EPOCH - 500 * DAY - random.int(0, 400) * DAY);
      parkProfile.push([3 + random.next(), 3 + random.next(), 2 + random.next() * 2.5, 2.5 + random.next() * 2, 2.5 + random.next() * 2, 2.5 + random.next() * 2]);
      const description = `${name} : parc synthétique pour les mesures de performance.`;
      const [south, north, west, east] = COUNTRY_BOXES[country]!;
      const latitude = Math.round((south + placeRandom.next() * (north - south)) * 1e4) / 1e4;
      const longitude = Math.round((west + placeRandom.next() * (east - west)) * 1e4) / 1e4;
      parkLines.push(
        line([
          parkId(i), name, slug, regions[i % regions.length]!, country, description, description,
          `${name}: synthetic park for performance measurements.`, random.int(1960, 2024),
          random.int(25, 90), random.int(18, 70), "10:00-18:00", "approved", created, created, latitude, longitude,
        ]),
      );
    }
    await copy(
      "parks",
      ["id", "name", "slug", "region", "country", "description", "description_fr", "description_en", "opening_year",
        "adult_price", "child_price", "opening_hours", "moderation_status", "created_at", "updated_at", "latitude", "longitude"],
      parkLines,
    );
    await copy(
      "attractions",
      ["id", "park_id", "name", "slug", "type_id", "description_fr", "duration", "min_height_alone", "height",
        "max_speed", "capacity_per_hour", "opening_year", "status", "moderation_status", "created_at", "updated_at"],
      (function* () {
        for (let i = 0; i < scale.parks; i++) {
          const slugs = new Set<string>();
          for (let j = 0; j < perPark[i]!; j++) {
            const a = firstRide[i]! + j;
            const name = rideName(i, j);
            const slug = slugify(name);
            if (slugs.has(slug)) throw new Error(`duplicate attraction slug ${slug}`);
            slugs.add(slug);
            const typeId = TYPE_WEIGHTS[sampleIndex(typeCumulative, random)]![0];
            rideType[a] = typeId;
            rideQuality[a] = 2.6 + random.next() * 2.2;
            rideOperating[a] = random.chance(0.95) ? 1 : 0;
            const created = iso(EPOCH - 450 * DAY - random.int(0, 300) * DAY);
            yield line([
              rideId(a), parkId(i), name, slug, typeId, `${name}, attraction synthétique.`, random.int(1, 10),
              typeId === 1 ? random.int(100, 140) : null, random.int(3, 60), typeId === 1 ? random.int(40, 130) : null,
              random.int(400, 2400), random.int(1970, 2025), rideOperating[a] ? "operating" : "removed",
              "approved", created, created,
            ]);
          }
        }
      })(),
    );
  });

  // Ratings: each member's parks (distinct, by popularity), then a few rides of each park.
  const parkCumulative = cumulativeWeights(scale.parks, 1.0);
  const userCumulative = cumulativeWeights(scale.users, 0.9, 5);
  const maxParksPerMember = Math.max(1, Math.floor(scale.parks * 0.5));
  const parksPerMember = skewedCounts(scale.users, Math.min(scale.parkRatings, scale.users * maxParksPerMember), maxParksPerMember, 0.9, 5);
  const parkRatingAuthor = new Int32Array(scale.parkRatings);
  const parkRatingCommented: number[] = [];
  const rideRatingAuthor = new Int32Array(scale.rideRatings);
  const rideRatingCommented: number[] = [];
  // Each ride rating's ride and visit (its park rating), which the ride logs follow.
  const rideRatingRide = new Int32Array(scale.rideRatings);
  const rideRatingVisit = new Int32Array(scale.rideRatings);
  const wishes: Array<{ user: number; ride: number; at: number }> = [];
  const wishRandom = createRandom(WISH_SEED);
  let parkRatingCount = 0;
  let rideRatingCount = 0;
  const ratio = scale.rideRatings / Math.max(1, scale.parkRatings);
  const parkRatingPark = new Int32Array(scale.parkRatings);
  const parkRatingCreated = new Float64Array(scale.parkRatings);
  const rideWeights = new Map<number, Float64Array>();

  await step("park ratings", async () => {
    await copy(
      "park_ratings",
      ["id", "park_id", "user_id", "kids_friendly_rating", "family_friendly_rating", "thrill_rating", "theming_rating",
        "operations_rating", "value_rating", "visit_duration", "comment", "created_at", "updated_at"],
      (function* () {
        for (let u = 0; u < scale.users; u++) {
          const count = parksPerMember[u]!;
          if (count === 0) continue;
          for (const p of sampleDistinct(parkCumulative, count, random)) {
            const r = parkRatingCount++;
            parkRatingAuthor[r] = u;
            const profile = parkProfile[p]!;
            const maybe = (base: number) => (random.chance(0.08) ? null : star(random, base));
            const commented = random.chance(0.4);
            if (commented) parkRatingCommented.push(r);
            const created = EPOCH - random.int(1, 380) * DAY - random.int(0, DAY - 1);
            parkRatingPark[r] = p;
            parkRatingCreated[r] = created;
            yield line([
              uuidOf("b0000003", r + 1), parkId(p), benchUserId(u), maybe(profile[0]!), maybe(profile[1]!),
              star(random, profile[2]!), maybe(profile[3]!), maybe(profile[4]!), maybe(profile[5]!),
              random.pick(["half_day", "full_day", "full_day", "two_days"] as const),
              commented ? random.pick(PARK_COMMENTS) : null, iso(created), iso(created),
            ]);
          }
        }
      })(),
    );
  });

  // Each park rating's visit: a few of the park's rides (the first ones more often), rated the same day.
  await step("attraction ratings", async () => {
    await copy(
      "attraction_ratings",
      ["id", "attraction_id", "user_id", "rating", "audience_type", "comment", "created_at", "updated_at"],
      (function* () {
        for (let r = 0; r < parkRatingCount; r++) {
          const p = parkRatingPark[r]!;
          const u = parkRatingAuthor[r]!;
          const rides = perPark[p]!;
          const expectedBefore = ratio * r;
          const wanted = Math.round(ratio * (0.4 + 1.2 * random.next()) + (expectedBefore - rideRatingCount) * 0.5);
          const k = Math.max(0, Math.min(rides, wanted, scale.rideRatings - rideRatingCount));
          if (k === 0) continue;
          let weights = rideWeights.get(rides);
          if (!weights) rideWeights.set(rides, (weights = cumulativeWeights(rides, 0.8)));
          const created = iso(parkRatingCreated[r]!);
          const rated = sampleDistinct(weights, k, random);
          // A ride of the park the member did not rate, so did not ride (their logs follow their ratings): a wish.
          if (k < rides && wishRandom.chance(WISH_SHARE)) {
            let j = wishRandom.int(0, rides - 1);
            while (rated.includes(j)) j = (j + 1) % rides;
            wishes.push({ user: u, ride: firstRide[p]! + j, at: parkRatingCreated[r]! });
          }
          for (const j of rated) {
            const a = firstRide[p]! + j;
            const n = rideRatingCount++;
            rideRatingAuthor[n] = u;
            rideRatingRide[n] = a;
            rideRatingVisit[n] = r;
            const commented = random.chance(0.15);
            if (commented) rideRatingCommented.push(n);
            const type = rideType[a]!;
            const audience = random.chance(0.15)
              ? random.pick(["thrill", "kids", "general"] as const)
              : type === 1 || type === 7 ? "thrill" : type === 6 ? "kids" : "general";
            yield line([
              uuidOf("b0000004", n + 1), rideId(a), benchUserId(u), star(random, rideQuality[a]!), audience,
              commented ? random.pick(RIDE_COMMENTS) : null, created, created,
            ]);
          }
        }
      })(),
    );
  });

  let voteCount = 0;
  await step("votes", async () => {
    const seen = new Set<number>();
    const parkShare = parkRatingCommented.length / Math.max(1, parkRatingCommented.length + rideRatingCommented.length * 0.5);
    await copy(
      "rating_votes",
      ["id", "rating_type", "rating_id", "user_id", "is_helpful", "created_at"],
      (function* () {
        if (parkRatingCommented.length + rideRatingCommented.length === 0 || scale.users < 2) return;
        for (let attempts = 0; voteCount < scale.votes && attempts < scale.votes * 10; attempts++) {
          const onPark = rideRatingCommented.length === 0 || (parkRatingCommented.length > 0 && random.chance(parkShare));
          const list = onPark ? parkRatingCommented : rideRatingCommented;
          // Earlier reviews (the busiest members' and parks') collect more votes.
          const rating = list[Math.floor(Math.pow(random.next(), 1.6) * list.length)]!;
          const author = onPark ? parkRatingAuthor[rating]! : rideRatingAuthor[rating]!;
          const voter = sampleIndex(userCumulative, random);
          if (voter === author) continue;
          const key = ((onPark ? 0 : scale.rideRatings) + rating) * scale.users + voter;
          if (seen.has(key)) continue;
          seen.add(key);
          const n = voteCount++;
          yield line([
            uuidOf("b0000005", n + 1), onPark ? "park" : "attraction",
            uuidOf(onPark ? "b0000003" : "b0000004", rating + 1), benchUserId(voter), random.chance(0.8),
            iso(EPOCH - random.int(0, 300) * DAY),
          ]);
        }
      })(),
    );
  });

  let duelCount = 0;
  await step("duels", async () => {
    const byType = new Map<number, number[]>();
    for (let a = 0; a < scale.attractions; a++) {
      if (!rideOperating[a]) continue;
      const list = byType.get(rideType[a]!) ?? [];
      list.push(a);
      byType.set(rideType[a]!, list);
    }
    const types = [...byType.entries()].filter(([, list]) => list.length >= 2);
    const seen = new Set<string>();
    await copy(
      "attraction_duels",
      ["id", "user_id", "type_id", "winner_id", "loser_id", "created_at"],
      (function* () {
        if (types.length === 0) return;
        for (let attempts = 0; duelCount < scale.duels && attempts < scale.duels * 10; attempts++) {
          const user = sampleIndex(userCumulative, random);
          const [typeId, list] = types[Math.floor(random.next() * types.length)]!;
          const first = list[Math.floor(Math.pow(random.next(), 1.5) * list.length)]!;
          const second = list[Math.floor(Math.pow(random.next(), 1.5) * list.length)]!;
          if (first === second) continue;
          const key = `${user}|${typeId}|${Math.min(first, second)}|${Math.max(first, second)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const [winner, loser] = rideQuality[first]! + random.next() >= rideQuality[second]! + random.next() ? [first, second] : [second, first];
          const n = duelCount++;
          yield line([uuidOf("b0000006", n + 1), benchUserId(user), typeId, rideId(winner), rideId(loser), iso(EPOCH - random.int(0, 200) * DAY)]);
        }
      })(),
    );
  });

  await step("contributions and suggestions", async () => {
    counts = await copyContributions(copy, scale, firstRide);
  });

  await step("aggregates", () => recomputeAllAggregates(handle.db));
  let rideLogs = { entries: 0, wishes: 0 };
  let rideLogTallies = 0;
  await step("ride logs", async () => {
    rideLogs = await copyRideLogs(handle, copy, scale, {
      count: rideRatingCount, author: rideRatingAuthor, ride: rideRatingRide, visit: rideRatingVisit, visitCreated: parkRatingCreated,
    }, wishes);
  });
  await step("ride log tallies and credits", async () => {
    rideLogTallies = await tallyRideLogs(handle);
  });
  await step("vacuum analyze", async () => {
    await handle.db.execute(sql`VACUUM ANALYZE`);
  });

  return {
    parks: scale.parks,
    attractions: scale.attractions,
    users: scale.users,
    parkRatings: parkRatingCount,
    rideRatings: rideRatingCount,
    votes: voteCount,
    duels: duelCount,
    contributions: counts.contributions,
    suggestions: counts.suggestions,
    rideLogEntries: rideLogs.entries,
    rideLogTallies,
    rideWishes: rideLogs.wishes,
    timings,
  };
}

/**
 * Members' contributions (docs/rules/duels-and-rankings.md#best-contributors): direct
 * additions of parks and rides (each target created once, from the end of
 * the catalogue) and edits, approved or rejected, by members drawn with the
 * same skew as ratings; and moderated suggestions, half on parks, half on
 * rides, an approved one giving its author an approved edit as the
 * moderation does. None is pending, so the back office's lists stay as they were.
 */
async function copyContributions(copy: Copy, scale: Scale, firstRide: Int32Array) {
  const random = createRandom(CONTRIBUTION_SEED);
  const userCumulative = cumulativeWeights(scale.users, 0.9, 5);
  const parkCumulative = cumulativeWeights(scale.parks, 1.0);
  const moderator = benchUserId(Math.min(BENCH_MEMBERS_WITH_PASSWORD, scale.users) - 1);
  const modifications: string[] = [];
  const modification = (user: string, target: "park" | "attraction", targetId: string, action: "create" | "update", approved: boolean, at: number) =>
    modifications.push(line([uuidOf("b0000007", modifications.length + 1), user, target, targetId, action, approved ? "approved" : "rejected", iso(at)]));
  let parksCreated = 0;
  let attractionsCreated = 0;
  for (let n = 0; n < scale.contributions; n++) {
    const user = benchUserId(sampleIndex(userCumulative, random));
    const kind = random.next();
    const approved = random.chance(0.9);
    const at = EPOCH - random.int(0, 600) * DAY;
    if (kind < 0.05 && parksCreated < scale.parks) modification(user, "park", parkId(scale.parks - 1 - parksCreated++), "create", approved, at);
    else if (kind < 0.15) modification(user, "park", parkId(sampleIndex(parkCumulative, random)), "update", approved, at);
    else if (kind < 0.5 && attractionsCreated < scale.attractions) modification(user, "attraction", rideId(scale.attractions - 1 - attractionsCreated++), "create", approved, at);
    else {
      const park = sampleIndex(parkCumulative, random);
      const ride = firstRide[park]! + random.int(0, firstRide[park + 1]! - firstRide[park]! - 1);
      modification(user, "attraction", rideId(Math.min(ride, scale.attractions - 1)), "update", approved, at);
    }
  }
  const contributions = modifications.length;
  const suggestionLines: Record<"park" | "attraction", string[]> = { park: [], attraction: [] };
  for (let n = 0; n < scale.suggestions; n++) {
    const user = benchUserId(sampleIndex(userCumulative, random));
    const kind = random.chance(0.5) ? "park" : "attraction";
    const park = sampleIndex(parkCumulative, random);
    const targetId = kind === "park" ? parkId(park) : rideId(Math.min(firstRide[park]!, scale.attractions - 1));
    const approved = random.chance(0.6);
    const at = EPOCH - random.int(1, 300) * DAY;
    const [changes, original] = kind === "park"
      ? ['{"openingHours": "9h30-19h"}', '{"openingHours": "10:00-18:00"}']
      : [`{"capacityPerHour": ${random.int(5, 30) * 100}}`, '{"capacityPerHour": null}'];
    suggestionLines[kind].push(line([
      uuidOf(kind === "park" ? "b0000008" : "b0000009", n + 1), user, changes, "Horaires et capacité vus sur place.",
      approved ? "approved" : "rejected", moderator, approved ? null : "Information non confirmée.", iso(at + DAY), original, iso(at), targetId,
    ]));
    if (approved) modification(user, kind, targetId, "update", true, at + DAY);
  }
  await copy("content_modifications", ["id", "user_id", "target_type", "target_id", "action", "status", "created_at"], modifications);
  for (const kind of ["park", "attraction"] as const) {
    await copy(
      `${kind}_suggestions`,
      ["id", "suggested_by", "suggested_changes", "reason", "status", "moderated_by", "moderation_reason", "moderated_at", "original_values", "created_at", `${kind}_id`],
      suggestionLines[kind],
    );
  }
  return { contributions, suggestions: scale.suggestions };
}

/** The ride ratings the logs follow: each rating's author, ride and visit (its park rating), and each visit's time. */
type RatedRides = { count: number; author: Int32Array; ride: Int32Array; visit: Int32Array; visitCreated: Float64Array };

/**
 * The members' ride logs (docs/rules/ride-log.md), at the scale of their ratings: each ride rating's author logged
 * that ride on the day of the visit (a few with an unknown date, some several times that day), a quarter of them
 * again from an earlier visit, so about 1.3 entries a rating; and the wishes drawn with the ratings. Every tenth member
 * shows their credits or their whole log, so that 'Meilleurs riders' has rows (docs/rules/ride-log.md#top-riders),
 * and a few count coasters only or leave removed rides out, written before any tally exists (their trigger counts
 * nothing then); tallyRideLogs counts the credits under them.
 */
async function copyRideLogs(handle: DatabaseHandle, copy: Copy, scale: Scale, rated: RatedRides, wishes: Array<{ user: number; ride: number; at: number }>) {
  const random = createRandom(RIDE_LOG_SEED);
  const members: Array<[string, string, boolean, boolean]> = [];
  for (let u = 0; u < scale.users; u++) {
    const visibility = u % 20 === 0 ? "log" : u % 10 === 0 ? "credits" : "private";
    const coastersOnly = u % 25 === 5;
    const countRemoved = u % 25 !== 15;
    if (visibility !== "private" || coastersOnly || !countRemoved) members.push([benchUserId(u), visibility, coastersOnly, countRemoved]);
  }
  const column = (index: number) => idArray(members.map((member) => String(member[index])));
  await handle.db.execute(sql`UPDATE profiles p
    SET ride_log_visibility = m.visibility, credits_coasters_only = m.coasters_only, credits_count_removed = m.count_removed
    FROM unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::boolean[], ${column(3)}::boolean[]) AS m(id, visibility, coasters_only, count_removed)
    WHERE p.id = m.id`);

  let entries = 0;
  // The years' trigger (ride_log_entries_years_added, decision 0075) is off during the load: tallyRideLogs counts
  // every member's figures whole once, after the statistics are taken.
  await handle.db.execute(sql`ALTER TABLE ride_log_entries DISABLE TRIGGER ride_log_entries_years_added`);
  try {
    await copy(
      "ride_log_entries",
      ["id", "user_id", "attraction_id", "ridden_on", "times", "note", "created_at", "updated_at"],
      (function* () {
        for (let n = 0; n < rated.count; n++) {
          const user = benchUserId(rated.author[n]!);
          const ride = rideId(rated.ride[n]!);
          const at = rated.visitCreated[rated.visit[n]!]!;
          const logged = iso(at);
          const day = random.chance(0.05) ? null : dayOf(at);
          const times = random.chance(0.15) ? random.int(2, 5) : 1;
          const note = random.chance(0.04) ? random.pick(RIDE_LOG_NOTES) : null;
          yield line([uuidOf("b000000a", ++entries), user, ride, day, times, note, logged, logged]);
          if (random.chance(0.25)) {
            yield line([uuidOf("b000000a", ++entries), user, ride, dayOf(at - random.int(30, 900) * DAY), 1, null, logged, logged]);
          }
        }
      })(),
    );
  } finally {
    await handle.db.execute(sql`ALTER TABLE ride_log_entries ENABLE TRIGGER ride_log_entries_years_added`);
  }
  await copy(
    "ride_wishes",
    ["user_id", "attraction_id", "created_at"],
    wishes.map((wish) => line([benchUserId(wish.user), rideId(wish.ride), iso(wish.at)])),
  );
  return { entries, wishes: wishes.length };
}

/**
 * The tallies built from every entry in one INSERT … SELECT, as retallyRides counts them, then every rider's credits
 * and figures counted whole once under their rules by ride_credit_figures_recount, the function the triggers use when
 * the rules change (decision 0075). The tallies' statement trigger (ride_log_tallies_added) is off during that INSERT
 * (enabled again whatever happens): it would plan its count before the tallies have statistics, for thousands of rows
 * a member, past the cost at which PostgreSQL compiles a plan (JIT), and compile it again for each rider: about 80 ms
 * a rider, hours on the large dataset. Analysed first, the same count is planned for the few rows a member has.
 * Answers the tallies written.
 */
async function tallyRideLogs(handle: DatabaseHandle): Promise<number> {
  const trigger = (state: string) => handle.db.execute(sql.raw(`ALTER TABLE ride_log_tallies ${state} TRIGGER ride_log_tallies_added`));
  await trigger("DISABLE");
  try {
    await handle.db.execute(sql`INSERT INTO ride_log_tallies (user_id, attraction_id, times, entries, first_on, last_on)
      SELECT user_id, attraction_id, sum(times), count(*), min(ridden_on), max(ridden_on)
      FROM ride_log_entries GROUP BY user_id, attraction_id`);
  } finally {
    await trigger("ENABLE");
  }
  await handle.db.execute(sql`ANALYZE ride_log_tallies, ride_log_entries, attractions, parks, profiles`);
  await handle.db.execute(sql`UPDATE profiles p SET ride_credits = ride_credit_figures_recount(p.id, p.credits_coasters_only, p.credits_count_removed)
    WHERE p.id IN (SELECT user_id FROM ride_log_tallies)`);
  const [tallies] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM ride_log_tallies`);
  return tallies!.n;
}
