/**
 * Offline evaluation of "Rides you'll love" (docs/decisions/0078): a fifth of each member's ratings is held
 * out, the rest trains; each method lists 10 rides per member among those the member has not rated in
 * training; a listed ride is a hit when the member's held-out rating of it is 4 or more.
 *
 *   npm run eval:recommendations [-- --skip-synthetic --skip-demo --skip-large]
 *
 * Datasets: (a) synthetic members in planted taste groups (several seeds); (b) the demo content, loaded
 * into a throwaway embedded database (several splits). Then the time of a full run (every member's
 * neighbours and top 20) on a dataset of the large bench's shape. Prints Markdown tables.
 */
import { sql } from "drizzle-orm";
import { planDuels, type DuelOutcome } from "~/domain/duel-order";
import { bayesianAverage } from "~/domain/ranking-scores";
import {
  RECOMMENDATIONS,
  STANDING_WEIGHT,
  SUPPORT_WEIGHT,
  buildStandingTable,
  recommendRides,
  type NeighbourRatings,
  type RecommendationOptions,
  type RideStanding,
} from "~/domain/ride-recommendations";
import {
  TASTE_CANDIDATES,
  TASTE_MIN_CO_RATED,
  TASTE_NEIGHBOURS,
  TASTE_SCAN_BUDGET,
  TASTE_SHRINKAGE,
  buildTasteIndex,
  findTasteNeighbours,
  type NeighbourOptions,
  type TasteDuel,
  type TasteIndex,
  type TasteRating,
} from "~/domain/taste-similarity";
import { migrateDatabase, openDatabase, queryRows } from "~/server/db/database";
import { loadDemoContent } from "~/server/demo/load-demo-content";
import { createRandom, type Random } from "~/domain/seeded-random";
import { TASTE_GROUP } from "~/server/demo/taste-group";

const TOP = 10;
const RELEVANT = 4;

type Dataset = { ratings: TasteRating[]; duels: TasteDuel[] };
type Split = { train: Dataset; heldOut: Map<string, Map<string, number>> };
type Ranker = (train: Dataset) => (memberId: string, limit: number) => string[];

// ---------------------------------------------------------------------------
// Synthetic data with planted taste groups
// ---------------------------------------------------------------------------

type SyntheticShape = {
  members: number;
  rides: number;
  types: number;
  groups: number;
  /** Ratings per member: from `min` to `max`, uniformly. */
  min: number;
  max: number;
  /** Duels: answered as the duels page asks them (binary insertion), when true. */
  plannedDuels: boolean;
};

function gaussian(random: Random): number {
  const u = Math.max(random.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/**
 * Rides have a type, a quality and a Zipf-like popularity; each taste group likes or dislikes each type
 * (−1.2 to +1.2) and each ride a little (±0.5); a member belongs to one group, has their own leniency, rides
 * what is popular and what their group likes, and rates appeal + noise rounded to 1–5. Duels: between the
 * member's rides of one type rated 4 or more, by appeal.
 */
function syntheticDataset(seed: number, shape: SyntheticShape): Dataset & { groupOf: Map<string, number> } {
  const random = createRandom(seed);
  const rides = Array.from({ length: shape.rides }, (_, i) => ({
    id: `r${i}`,
    type: random.int(0, shape.types - 1),
    quality: 2.8 + random.next() * 1.6,
    popularity: 1 / Math.pow(i + 5, 0.8),
  }));
  const typeTaste = Array.from({ length: shape.groups }, () => Array.from({ length: shape.types }, () => (random.next() * 2 - 1) * 1.2));
  const rideTaste = Array.from({ length: shape.groups }, () => rides.map(() => gaussian(random) * 0.5));
  const appeal = (group: number, ride: number) => rides[ride]!.quality + typeTaste[group]![rides[ride]!.type]! + rideTaste[group]![ride]!;
  // Exposure per group: popular rides and liked ones; cumulative weights for sampling.
  const cumulative = Array.from({ length: shape.groups }, (_, group) => {
    let total = 0;
    return rides.map((ride, i) => (total += ride.popularity * Math.exp(0.6 * (appeal(group, i) - 3.5))));
  });
  const ratings: TasteRating[] = [];
  const duels: TasteDuel[] = [];
  const groupOf = new Map<string, number>();
  for (let m = 0; m < shape.members; m++) {
    const memberId = `m${m}`;
    const group = random.int(0, shape.groups - 1);
    groupOf.set(memberId, group);
    const leniency = (random.next() - 0.5) * 0.8;
    const weights = cumulative[group]!;
    const total = weights[weights.length - 1]!;
    const wanted = Math.min(shape.rides, random.int(shape.min, shape.max));
    const chosen = new Set<number>();
    while (chosen.size < wanted) {
      const target = random.next() * total;
      let low = 0;
      let high = weights.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (weights[middle]! < target) low = middle + 1;
        else high = middle;
      }
      chosen.add(low);
    }
    const mine = [...chosen].sort((a, b) => a - b);
    const felt = new Map<number, number>();
    for (const ride of mine) {
      const value = appeal(group, ride) + leniency + gaussian(random) * 0.6;
      felt.set(ride, value);
      ratings.push({ memberId, rideId: rides[ride]!.id, rating: Math.max(1, Math.min(5, Math.round(value))) });
    }
    const byType = new Map<number, number[]>();
    for (const ride of mine) {
      if (Math.max(1, Math.min(5, Math.round(felt.get(ride)!))) < 4) continue;
      const type = rides[ride]!.type;
      byType.set(type, [...(byType.get(type) ?? []), ride]);
    }
    for (const eligible of byType.values()) {
      if (eligible.length < 2) continue;
      if (shape.plannedDuels) {
        const ids = eligible.map((ride) => rides[ride]!.id);
        const feltById = new Map(eligible.map((ride) => [rides[ride]!.id, felt.get(ride)! + gaussian(random) * 0.2]));
        const answered: DuelOutcome[] = [];
        const stopAfter = random.chance(0.7) ? Number.POSITIVE_INFINITY : random.int(1, 4);
        let plan = planDuels({ order: [], eligible: ids, duels: answered });
        while (plan.next && answered.length < stopAfter) {
          const { challengerId, opponentId } = plan.next;
          const wins = feltById.get(challengerId)! >= feltById.get(opponentId)!;
          answered.push(wins ? { winnerId: challengerId, loserId: opponentId } : { winnerId: opponentId, loserId: challengerId });
          plan = planDuels({ order: plan.order, eligible: ids, duels: answered });
        }
        for (const duel of answered) duels.push({ memberId, ...duel });
      } else {
        // Large: a few random pairs per type (the planner is too slow for 20,000 members here).
        for (let d = 0; d < Math.min(eligible.length, 6); d++) {
          const a = random.pick(eligible);
          const b = random.pick(eligible);
          if (a === b) continue;
          const aWins = felt.get(a)! >= felt.get(b)!;
          duels.push({ memberId, winnerId: rides[aWins ? a : b]!.id, loserId: rides[aWins ? b : a]!.id });
        }
      }
    }
  }
  return { ratings, duels, groupOf };
}

// ---------------------------------------------------------------------------
// Hold-out split and metrics
// ---------------------------------------------------------------------------

/** A fifth of each member's ratings (members with 5 or more), chosen at random; their duels over held-out rides go too. */
function holdOut(data: Dataset, seed: number): Split {
  const random = createRandom(seed);
  const byMember = new Map<string, TasteRating[]>();
  for (const rating of data.ratings) byMember.set(rating.memberId, [...(byMember.get(rating.memberId) ?? []), rating]);
  const train: TasteRating[] = [];
  const heldOut = new Map<string, Map<string, number>>();
  for (const [memberId, ratings] of [...byMember].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const shuffled = random.shuffle([...ratings].sort((a, b) => (a.rideId < b.rideId ? -1 : 1)));
    const count = ratings.length >= 5 ? Math.floor(ratings.length / 5) : 0;
    heldOut.set(memberId, new Map(shuffled.slice(0, count).map((rating) => [rating.rideId, rating.rating])));
    train.push(...shuffled.slice(count));
  }
  const duels = data.duels.filter((duel) => {
    const hidden = heldOut.get(duel.memberId);
    return !hidden?.has(duel.winnerId) && !hidden?.has(duel.loserId);
  });
  return { train: { ratings: train, duels }, heldOut };
}

type Scores = { precision: number; recall: number; members: number };

function evaluate(split: Split, ranker: Ranker): Scores {
  const rank = ranker(split.train);
  let precision = 0;
  let recall = 0;
  let members = 0;
  for (const [memberId, hidden] of split.heldOut) {
    const relevant = [...hidden.values()].filter((rating) => rating >= RELEVANT).length;
    if (relevant === 0) continue;
    const listed = rank(memberId, TOP);
    const hits = listed.filter((rideId) => (hidden.get(rideId) ?? 0) >= RELEVANT).length;
    precision += hits / TOP;
    recall += hits / relevant;
    members++;
  }
  return { precision: precision / members, recall: recall / members, members };
}

// ---------------------------------------------------------------------------
// Methods
// ---------------------------------------------------------------------------

function standings(ratings: readonly TasteRating[]): RideStanding[] {
  const byRide = new Map<string, RideStanding>();
  for (const { rideId, rating } of ratings) {
    const row = byRide.get(rideId) ?? { rideId, ratingSum: 0, ratingCount: 0 };
    row.ratingSum += rating;
    row.ratingCount++;
    byRide.set(rideId, row);
  }
  return [...byRide.values()];
}

function ratedBy(ratings: readonly TasteRating[]): Map<string, Set<string>> {
  const rated = new Map<string, Set<string>>();
  for (const { memberId, rideId } of ratings) {
    if (!rated.has(memberId)) rated.set(memberId, new Set());
    rated.get(memberId)!.add(rideId);
  }
  return rated;
}

/** A fixed order of every ride, minus what the member rated. */
function fixedOrder(order: readonly string[], rated: Map<string, Set<string>>) {
  return (memberId: string, limit: number) => {
    const mine = rated.get(memberId) ?? new Set<string>();
    const listed: string[] = [];
    for (const rideId of order) {
      if (listed.length >= limit) break;
      if (!mine.has(rideId)) listed.push(rideId);
    }
    return listed;
  };
}

/** Baseline: the best Bayesian averages first (the "Meilleures attractions" order). */
const mostPopular: Ranker = (train) => fixedOrder(buildStandingTable(standings(train.ratings)).order, ratedBy(train.ratings));

/** Baseline: the most rated rides first (ties by Bayesian average). */
const mostRated: Ranker = (train) => {
  const rows = standings(train.ratings);
  rows.sort(
    (a, b) =>
      b.ratingCount - a.ratingCount ||
      bayesianAverage(b.ratingSum, b.ratingCount) - bayesianAverage(a.ratingSum, a.ratingCount) ||
      (a.rideId < b.rideId ? -1 : 1),
  );
  return fixedOrder(
    rows.map((row) => row.rideId),
    ratedBy(train.ratings),
  );
};

function neighbourRatings(index: TasteIndex) {
  const cache = new Map<string, Omit<NeighbourRatings, "similarity">>();
  return (memberId: string) => {
    let found = cache.get(memberId);
    if (!found) {
      const m = index.memberIndex.get(memberId)!;
      const ratings: Array<{ rideId: string; rating: number }> = [];
      for (let i = index.memberStart[m]!; i < index.memberStart[m + 1]!; i++) {
        ratings.push({ rideId: index.rideIds[index.memberRide[i]!]!, rating: index.memberRating[i]! });
      }
      cache.set(memberId, (found = { mean: index.memberMean[m]!, ratings }));
    }
    return found;
  };
}

/** The method: taste neighbours, then the blended score. */
function tasteRanker(neighbourOptions: NeighbourOptions = {}, options: RecommendationOptions = {}, useDuels = true): Ranker {
  return (train) => {
    const index = buildTasteIndex(train.ratings, useDuels ? train.duels : []);
    const neighbours = findTasteNeighbours(index, neighbourOptions);
    const table = buildStandingTable(standings(train.ratings));
    const rated = ratedBy(train.ratings);
    const ratingsOf = neighbourRatings(index);
    return (memberId, limit) =>
      recommendRides(
        rated.get(memberId) ?? new Set(),
        (neighbours.get(memberId)?.all ?? []).map((neighbour) => ({ similarity: neighbour.similarity, ...ratingsOf(neighbour.memberId) })),
        table,
        { ...options, limit },
      ).map((row) => row.rideId);
  };
}

const METHODS: Array<[string, Ranker]> = [
  ["Taste neighbours (shipped)", tasteRanker()],
  ["  without duels", tasteRanker({}, {}, false)],
  ["  without the close members' share (γ = 0)", tasteRanker({}, { supportWeight: 0 })],
  ["  without shrinkage (λ = 0)", tasteRanker({ shrinkage: 0 })],
  ["Baseline: most popular (Bayesian average)", mostPopular],
  ["Baseline: most rated", mostRated],
];

// ---------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const spread = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / Math.max(1, values.length - 1));
};
const figure = (values: number[]) => `${mean(values).toFixed(3)} ± ${spread(values).toFixed(3)}`;

function table(title: string, splits: Split[], note: string): void {
  console.log(`\n### ${title}\n\n${note}\n`);
  console.log(`| method | precision@${TOP} | recall@${TOP} |`);
  console.log("|---|---|---|");
  const results = METHODS.map(([name, ranker]) => {
    const scores = splits.map((split) => evaluate(split, ranker));
    return { name, precision: scores.map((s) => s.precision), recall: scores.map((s) => s.recall), members: scores[0]!.members };
  });
  for (const row of results) console.log(`| ${row.name} | ${figure(row.precision)} | ${figure(row.recall)} |`);
  const ours = mean(results[0]!.precision);
  const popular = mean(results.find((row) => row.name.includes("most popular"))!.precision);
  const rated = mean(results.find((row) => row.name.includes("most rated"))!.precision);
  console.log(
    `\nPrecision@${TOP}: ${(ours / popular).toFixed(2)}× the most popular baseline, ${(ours / rated).toFixed(2)}× the most rated one` +
      ` (${results[0]!.members} members evaluated in the first split).`,
  );
}

const SYNTHETIC: SyntheticShape = { members: 1_000, rides: 600, types: 8, groups: 4, min: 15, max: 80, plannedDuels: true };
const SEEDS = [1, 2, 3, 4, 5];

function runSynthetic(): void {
  const splits = SEEDS.map((seed) => holdOut(syntheticDataset(seed, SYNTHETIC), seed + 1000));
  const sizes = splits.map((split) => split.train.ratings.length + [...split.heldOut.values()].reduce((sum, m) => sum + m.size, 0));
  table(
    "Synthetic: planted taste groups",
    splits,
    `${SYNTHETIC.members} members in ${SYNTHETIC.groups} taste groups, ${SYNTHETIC.rides} rides of ${SYNTHETIC.types} types, ` +
      `${SYNTHETIC.min}–${SYNTHETIC.max} ratings per member (about ${Math.round(mean(sizes))} ratings per dataset), duels asked as the duels page asks them; ` +
      `seeds ${SEEDS.join(", ")} (mean ± standard deviation over the seeds).`,
  );
}

async function readDemo(): Promise<Dataset & { planted: Set<string> }> {
  const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  try {
    await migrateDatabase(handle);
    await loadDemoContent(handle.db, "admin@parcours.local");
    const ratings = await queryRows<{ member_id: string; ride_id: string; rating: number }>(
      handle.db,
      sql`SELECT user_id AS member_id, attraction_id AS ride_id, rating FROM attraction_ratings ORDER BY user_id, attraction_id`,
    );
    const duels = await queryRows<{ member_id: string; winner_id: string; loser_id: string }>(
      handle.db,
      sql`SELECT user_id AS member_id, winner_id, loser_id FROM attraction_duels ORDER BY user_id, winner_id, loser_id`,
    );
    const planted = await queryRows<{ id: string }>(
      handle.db,
      sql`SELECT id FROM profiles WHERE username IN (${sql.join(
        TASTE_GROUP.map((member) => sql`${member.username}`),
        sql`, `,
      )})`,
    );
    return {
      planted: new Set(planted.map((row) => row.id)),
      ratings: ratings.map((row) => ({ memberId: row.member_id, rideId: row.ride_id, rating: Number(row.rating) })),
      duels: duels.map((row) => ({ memberId: row.member_id, winnerId: row.winner_id, loserId: row.loser_id })),
    };
  } finally {
    await handle.close();
  }
}

async function runDemo(): Promise<void> {
  const demo = await readDemo();
  const describe = (data: Dataset) =>
    `${data.ratings.length} ride ratings by ${new Set(data.ratings.map((rating) => rating.memberId)).size} members, ${data.duels.length} duels`;
  table(
    "Demo content",
    SEEDS.map((seed) => holdOut(demo, seed + 2000)),
    `${describe(demo)} (app/server/demo); ${SEEDS.length} random hold-out splits (mean ± standard deviation over the splits).`,
  );
  const unplanted = {
    ratings: demo.ratings.filter((rating) => !demo.planted.has(rating.memberId)),
    duels: demo.duels.filter((duel) => !demo.planted.has(duel.memberId)),
  };
  table(
    "Demo content without the planted taste group",
    SEEDS.map((seed) => holdOut(unplanted, seed + 2000)),
    `The same without the ${demo.planted.size} members of app/server/demo/taste-group.ts: ${describe(unplanted)}. ` +
      "The other members' ratings follow each ride's quality, with no taste of their own.",
  );
}

function runLarge(): void {
  const shape: SyntheticShape = { members: 20_000, rides: 38_000, types: 10, groups: 8, min: 20, max: 180, plannedDuels: false };
  let started = performance.now();
  const data = syntheticDataset(7, shape);
  const generated = performance.now() - started;
  started = performance.now();
  const index = buildTasteIndex(data.ratings, data.duels);
  const indexed = performance.now() - started;
  started = performance.now();
  const neighbours = findTasteNeighbours(index, { canShow: (memberId) => !memberId.endsWith("7") });
  const found = performance.now() - started;
  started = performance.now();
  const table = buildStandingTable(standings(data.ratings));
  const rated = ratedBy(data.ratings);
  const ratingsOf = neighbourRatings(index);
  let listed = 0;
  for (const memberId of index.memberIds) {
    listed += recommendRides(
      rated.get(memberId)!,
      neighbours.get(memberId)!.all.map((neighbour) => ({ similarity: neighbour.similarity, ...ratingsOf(neighbour.memberId) })),
      table,
      { limit: RECOMMENDATIONS },
    ).length;
  }
  const recommended = performance.now() - started;
  const withNeighbours = [...neighbours.values()].filter((row) => row.all.length > 0).length;
  const sameGroup = [...neighbours].reduce(
    (sum, [memberId, row]) => sum + row.all.filter((neighbour) => data.groupOf.get(neighbour.memberId) === data.groupOf.get(memberId)).length,
    0,
  );
  const kept = [...neighbours.values()].reduce((sum, row) => sum + row.all.length, 0);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\n### Full run at the large bench's size\n`);
  console.log(
    `${shape.members} members, ${shape.rides} rides, ${data.ratings.length} ratings (${shape.min}–${shape.max} per member, Zipf-like popularity), ` +
      `${data.duels.length} duels, ${shape.groups} taste groups; one process, Node ${process.version}.\n`,
  );
  console.log("| step | time |");
  console.log("|---|---|");
  console.log(`| index the ratings and duels | ${seconds(indexed)} |`);
  console.log(`| every member's neighbours | ${seconds(found)} |`);
  console.log(`| every member's top ${RECOMMENDATIONS} | ${seconds(recommended)} |`);
  console.log(`| total (without generating the data: ${seconds(generated)}) | ${seconds(indexed + found + recommended)} |`);
  console.log(
    `\n${withNeighbours} of ${shape.members} members have neighbours; ${((100 * sameGroup) / Math.max(1, kept)).toFixed(1)} % of the neighbours kept are in the member's own taste group` +
      ` (${(100 / shape.groups).toFixed(1)} % by chance); ${listed} rides listed.`,
  );
}

const args = new Set(process.argv.slice(2));
console.log(
  `## Recommendations: offline evaluation\n\nPrecision and recall at ${TOP}; relevant = a held-out rating of ${RELEVANT} or more; members with at least one relevant held-out rating.\n` +
    `Parameters: minimum overlap ${TASTE_MIN_CO_RATED} co-rated rides, λ = ${TASTE_SHRINKAGE}, k = ${TASTE_NEIGHBOURS} neighbours, ` +
    `${TASTE_CANDIDATES} candidates and ${TASTE_SCAN_BUDGET} raters scanned at most per member; β = ${STANDING_WEIGHT}, γ = ${SUPPORT_WEIGHT}.`,
);
if (!args.has("--skip-synthetic")) runSynthetic();
if (!args.has("--skip-demo")) await runDemo();
if (!args.has("--skip-large")) runLarge();
