/**
 * Offline evaluation of the duel ranking (docs/decisions/0077): today's Wilson lower bound of
 * the win rate (decision 0020) against a Bradley–Terry model that knows the opponent
 * (app/domain/bradley-terry.ts), on held-out duels.
 *
 *   npm run eval:duels [-- --seeds 5] [--no-demo]
 *
 * Data: synthetic types with known true strengths, whose members answer the duels the app's
 * own planner asks (binary insertion, decision 0021) or uniformly random pairs; and the demo
 * content, loaded into a throwaway in-memory PGlite database. Each seed draws a dataset (a synthetic
 * one, or a new load of the demo) and cuts its duels at random into five folds; each fold is held
 * out once while every model is fitted on the other four. A held-out duel is predicted for the ride with the higher score; an equal score
 * counts half (a coin's expected accuracy) and is counted as a tie. Prints Markdown tables to
 * stdout and progress to stderr.
 */
import { sql } from "drizzle-orm";
import { BRADLEY_TERRY_PRIOR_VARIANCE, fitBradleyTerry, rideStrength, winProbability } from "~/domain/bradley-terry";
import { planDuels, type DuelOutcome } from "~/domain/duel-order";
import { kendallTauB } from "~/domain/kendall-tau";
import { wilsonLowerBound } from "~/domain/ranking-scores";
import { migrateDatabase, openDatabase, queryRows } from "~/server/db/database";
import { loadDemoContent } from "~/server/demo/load-demo-content";
import { createRandom, type Random } from "~/domain/seeded-random";

type TypedDuel = DuelOutcome & { typeId: number };
/** One dataset: its duels, and each ride's true log-strength when it is known. */
type Dataset = { duels: TypedDuel[]; truth?: Map<string, number> };

const FOLDS = 5;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}
const SEEDS = Number(option("seeds") ?? 5);
const WITH_DEMO = !process.argv.includes("--no-demo");
const log = (message: string) => process.stderr.write(`${message}\n`);

// ——— Models: each maps one type's training duels to a score per ride (higher = better) ———

type Model = {
  name: string;
  score: (training: readonly DuelOutcome[]) => (rideId: string) => number;
  /** Whether the score is a BT log-strength, so that σ(difference) is the model's probability (log-loss). */
  probabilistic?: boolean;
};

function records(duels: readonly DuelOutcome[]) {
  const wins = new Map<string, number>();
  const losses = new Map<string, number>();
  for (const { winnerId, loserId } of duels) {
    wins.set(winnerId, (wins.get(winnerId) ?? 0) + 1);
    losses.set(loserId, (losses.get(loserId) ?? 0) + 1);
  }
  return { wins: (id: string) => wins.get(id) ?? 0, losses: (id: string) => losses.get(id) ?? 0 };
}

const wilson: Model = {
  name: "Wilson (today)",
  score: (training) => {
    const record = records(training);
    return (id) => wilsonLowerBound(record.wins(id), record.losses(id));
  },
};
const winRate: Model = {
  name: "win rate (the seed's)",
  score: (training) => {
    const record = records(training);
    return (id) => {
      const total = record.wins(id) + record.losses(id);
      return total === 0 ? 0 : record.wins(id) / total;
    };
  },
};
function bradleyTerry(priorVariance: number, name: string, lowerBound = 0): Model {
  return {
    name,
    probabilistic: lowerBound === 0,
    score: (training) => {
      const fit = fitBradleyTerry(training, { priorVariance });
      return (id) => {
        const ride = rideStrength(fit, id);
        return ride.strength - lowerBound * ride.sd;
      };
    },
  };
}
const bt = bradleyTerry(BRADLEY_TERRY_PRIOR_VARIANCE, `Bradley–Terry, v = ${BRADLEY_TERRY_PRIOR_VARIANCE}`);
const MAIN_MODELS = [wilson, winRate, bt];
const VARIANT_MODELS = [
  bradleyTerry(0.25, "Bradley–Terry, v = 0.25"),
  bt,
  bradleyTerry(4, "Bradley–Terry, v = 4"),
  bradleyTerry(BRADLEY_TERRY_PRIOR_VARIANCE, `Bradley–Terry θ − 1.645 sd, v = ${BRADLEY_TERRY_PRIOR_VARIANCE}`, 1.645),
];
const ALL_MODELS = [...new Set([...MAIN_MODELS, ...VARIANT_MODELS])];

// ——— Cross-validation ———

type Scores = { accuracy: number[]; ties: number[]; tau: number[]; logLoss: number[]; fitMs: number[] };

function byType(duels: readonly TypedDuel[]): Map<number, DuelOutcome[]> {
  const groups = new Map<number, DuelOutcome[]>();
  for (const { typeId, winnerId, loserId } of duels) {
    const list = groups.get(typeId) ?? [];
    list.push({ winnerId, loserId });
    groups.set(typeId, list);
  }
  return groups;
}

const emptyScores = (): Scores => ({ accuracy: [], ties: [], tau: [], logLoss: [], fitMs: [] });

/** Every model's scores on one random cut of the duels into FOLDS folds, each fold held out once (one sample each); added to `results`. */
function crossValidate(dataset: Dataset, models: readonly Model[], seed: number, results: Map<Model, Scores>): void {
  for (const model of models) if (!results.has(model)) results.set(model, emptyScores());
  const random = createRandom(seed);
  const fold = dataset.duels.map(() => Math.floor(random.next() * FOLDS));
  for (let k = 0; k < FOLDS; k++) {
    const training = byType(dataset.duels.filter((_, i) => fold[i] !== k));
    const heldOut = dataset.duels.filter((_, i) => fold[i] === k);
    for (const model of models) evaluate(model, training, heldOut, dataset.truth, results.get(model)!);
  }
}

/** One model fitted on one fold's training duels and scored on its held-out duels. */
function evaluate(model: Model, training: Map<number, DuelOutcome[]>, heldOut: readonly TypedDuel[], truth: Dataset["truth"], result: Scores): void {
  const started = performance.now();
  const scores = new Map([...training].map(([typeId, duels]) => [typeId, model.score(duels)]));
  result.fitMs.push(performance.now() - started);
  const score = (typeId: number, rideId: string) => scores.get(typeId)?.(rideId) ?? 0;
  let correct = 0;
  let ties = 0;
  let loss = 0;
  for (const duel of heldOut) {
    const w = score(duel.typeId, duel.winnerId);
    const l = score(duel.typeId, duel.loserId);
    if (w > l) correct++;
    else if (w === l) ties++;
    // The model's own probability of the held-out result (MAP strengths; the prior's 0 for a ride unseen in training).
    if (model.probabilistic) loss -= Math.log(winProbability(w, l));
  }
  result.accuracy.push((correct + ties / 2) / heldOut.length);
  result.ties.push(ties / heldOut.length);
  if (model.probabilistic) result.logLoss.push(loss / heldOut.length);
  if (truth) {
    // Kendall's tau-b against the true strengths, per type over the rides its training duels list, averaged over types.
    const taus: number[] = [];
    for (const [typeId, duels] of training) {
      const listed = [...new Set(duels.flatMap((duel) => [duel.winnerId, duel.loserId]))];
      taus.push(kendallTauB(listed.map((id) => score(typeId, id)), listed.map((id) => truth.get(id)!)));
    }
    result.tau.push(mean(taus));
  }
}

// ——— Synthetic data ———

/** A standard normal draw (Box–Muller). */
function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
}

type Schedule = "insertion" | "uniform";
type Answers = "bt" | "taste";
type SyntheticCase = { schedule: Schedule; answers: Answers; label: string; memberShare?: number };

/** Type sizes of one synthetic dataset: rides and members who duel in it. */
const SYNTHETIC_TYPES = [
  { rides: 150, members: 200 },
  { rides: 300, members: 400 },
  { rides: 500, members: 600 },
];

/**
 * One synthetic dataset. Each ride of a type has a true log-strength θ ~ N(0, 1) and a popularity
 * (the bench generator's ⌊u^1.5 · N⌋ draw, independent of θ). Each member knows 2 to 40 rides of the
 * type, drawn by popularity; like the demo, 70 % of members finish the type and the others stop after
 * 1 to 4 duels. The pairs are those the app's planner asks (`insertion`) or, with `uniform`, as many
 * distinct random pairs of the member's rides as the planner asked. A duel is won with the model's own
 * probability σ(θa − θb) (`bt`), or (`taste`) by the higher of the member's fixed taste θ + N(0, 1) for
 * each ride, as the demo's members answer: consistent within a member, a model the fit does not assume.
 * `memberShare` keeps that share of the members, for sparser data.
 */
function syntheticDataset(seed: number, schedule: Schedule, answers: Answers, memberShare = 1): Dataset {
  const random = createRandom(seed);
  const duels: TypedDuel[] = [];
  const truth = new Map<string, number>();
  SYNTHETIC_TYPES.forEach(({ rides, members }, typeIndex) => {
    const typeId = typeIndex + 1;
    const ids = Array.from({ length: rides }, (_, i) => `t${typeId}-r${i}`);
    for (const id of ids) truth.set(id, gaussian(random));
    for (let member = 0; member < Math.round(members * memberShare); member++) {
      const size = 2 + Math.floor(random.next() ** 2 * 39);
      const known = new Set<string>();
      while (known.size < size) known.add(ids[Math.floor(random.next() ** 1.5 * rides)]!);
      const eligible = random.shuffle([...known]);
      const taste = new Map(eligible.map((id) => [id, truth.get(id)! + gaussian(random)]));
      const firstWins = (a: string, b: string) =>
        answers === "bt" ? random.next() < winProbability(truth.get(a)!, truth.get(b)!) : taste.get(a)! >= taste.get(b)!;
      const stopAfter = random.chance(0.7) ? Number.POSITIVE_INFINITY : random.int(1, 4);
      const asked: DuelOutcome[] = [];
      let plan = planDuels({ order: [], eligible, duels: asked });
      while (plan.next && asked.length < stopAfter) {
        const { challengerId, opponentId } = plan.next;
        asked.push(firstWins(challengerId, opponentId) ? { winnerId: challengerId, loserId: opponentId } : { winnerId: opponentId, loserId: challengerId });
        plan = planDuels({ order: plan.order, eligible, duels: asked });
      }
      if (schedule === "insertion") {
        for (const duel of asked) duels.push({ typeId, ...duel });
        continue;
      }
      const pairs = new Set<string>();
      while (pairs.size < asked.length) {
        const a = random.pick(eligible);
        const b = random.pick(eligible);
        if (a === b || pairs.has(`${a}|${b}`) || pairs.has(`${b}|${a}`)) continue;
        pairs.add(`${a}|${b}`);
        duels.push(firstWins(a, b) ? { typeId, winnerId: a, loserId: b } : { typeId, winnerId: b, loserId: a });
      }
    }
  });
  return { duels, truth };
}

// ——— Demo data ———

/**
 * The demo content's duels, as `loadDemoContent` writes them, read back from a throwaway PGlite database.
 * Not the same on every load: the demo's ids are random UUIDs, and the demo breaks ties between a
 * member's equally rated rides by id, which changes the order the planner places them in and so the
 * duels asked (about 1,800 every time).
 */
async function demoDuels(): Promise<TypedDuel[]> {
  const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  try {
    await migrateDatabase(handle);
    await loadDemoContent(handle.db, "admin@parcours.local");
    const rows = await queryRows<{ type_id: number; winner_id: string; loser_id: string }>(
      handle.db,
      sql`SELECT type_id, winner_id::text, loser_id::text FROM attraction_duels ORDER BY type_id, winner_id, loser_id`,
    );
    return rows.map((row) => ({ typeId: row.type_id, winnerId: row.winner_id, loserId: row.loser_id }));
  } finally {
    await handle.close();
  }
}

// ——— Fit time on the large dataset's size ———

/**
 * Ten types of the large bench dataset's sizes (decision 0020: 817 virtual-reality rides, 8,249
 * coasters, 9,462 flat rides; the other seven make the total about 38,000), 30,000 duels each,
 * rides drawn by ⌊u^1.5 · N⌋ and won by a hidden quality, as the bench generator does.
 */
function largeDataset(): Map<number, DuelOutcome[]> {
  const sizes = [8249, 2000, 2800, 9462, 1300, 5000, 817, 872, 3500, 4000];
  const random = createRandom(77);
  const types = new Map<number, DuelOutcome[]>();
  sizes.forEach((rides, index) => {
    const quality = Array.from({ length: rides }, () => random.next() * 3);
    const duels: DuelOutcome[] = [];
    while (duels.length < 30_000) {
      const a = Math.floor(random.next() ** 1.5 * rides);
      const b = Math.floor(random.next() ** 1.5 * rides);
      if (a === b) continue;
      const [winner, loser] = quality[a]! + random.next() >= quality[b]! + random.next() ? [a, b] : [b, a];
      duels.push({ winnerId: `t${index}-${winner}`, loserId: `t${index}-${loser}` });
    }
    types.set(index + 1, duels);
  });
  return types;
}

/** Decision 0020's worry on the largest type: how few duels reach the top 100, and where the best 1–0 ride stands. */
function topOfLargestType(large: Map<number, DuelOutcome[]>): string {
  const duels = [...large.values()].reduce((a, b) => (new Set(b.flatMap((d) => [d.winnerId, d.loserId])).size > new Set(a.flatMap((d) => [d.winnerId, d.loserId])).size ? b : a));
  const ids = [...new Set(duels.flatMap((duel) => [duel.winnerId, duel.loserId]))];
  const record = records(duels);
  const played = (id: string) => record.wins(id) + record.losses(id);
  const lines = [
    `Its largest type (${ids.length.toLocaleString("en")} rides with duels, median ${median(ids.map(played))} duels a ride), ordered by each score then by number of duels:`,
    "",
    "| score | fewest duels in the top 100 | median duels in the top 100 | undefeated in the top 100 | best 1–0 ride's rank |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const model of [wilson, bt]) {
    const score = model.score(duels);
    const order = [...ids].sort((x, y) => score(y) - score(x) || played(y) - played(x) || (x < y ? -1 : 1));
    const top = order.slice(0, 100);
    const oneNil = order.findIndex((id) => record.wins(id) === 1 && record.losses(id) === 0);
    const cells = [model.name, Math.min(...top.map(played)), median(top.map(played)), top.filter((id) => record.losses(id) === 0).length, oneNil === -1 ? "—" : (oneNil + 1).toLocaleString("en")];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// ——— Output ———

function mean(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.reduce((sum, value) => sum + value, 0) / finite.length;
}
function sd(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  const m = mean(finite);
  return Math.sqrt(finite.reduce((sum, value) => sum + (value - m) ** 2, 0) / Math.max(1, finite.length - 1));
}
const percent = (values: readonly number[]) => `${(100 * mean(values)).toFixed(1)} % ± ${(100 * sd(values)).toFixed(1)}`;
const fixed = (values: readonly number[], digits = 3) => (values.length === 0 ? "—" : `${mean(values).toFixed(digits)} ± ${sd(values).toFixed(digits)}`);

function describe(dataset: Dataset): string {
  const types = byType(dataset.duels);
  const rides = new Set(dataset.duels.flatMap((duel) => [duel.winnerId, duel.loserId]));
  return `${dataset.duels.length.toLocaleString("en")} duels, ${rides.size.toLocaleString("en")} rides with duels, ${types.size} types`;
}

function only(results: Map<Model, Scores>, models: readonly Model[]): Map<Model, Scores> {
  return new Map(models.map((model) => [model, results.get(model)!]));
}

function table(results: Map<Model, Scores>, withTruth: boolean): string {
  const header = withTruth
    ? "| model | held-out accuracy | ties | log-loss | Kendall τb vs truth | fit ms (all types) |\n|---|---:|---:|---:|---:|---:|"
    : "| model | held-out accuracy | ties | log-loss | fit ms (all types) |\n|---|---:|---:|---:|---:|";
  const rows = [...results].map(([model, scores]) => {
    const cells = [model.name, percent(scores.accuracy), `${(100 * mean(scores.ties)).toFixed(1)} %`, fixed(scores.logLoss)];
    if (withTruth) cells.push(fixed(scores.tau));
    cells.push(mean(scores.fitMs).toFixed(0));
    return `| ${cells.join(" | ")} |`;
  });
  return [header, ...rows].join("\n");
}

/** Fold by fold, how often BT's accuracy beats Wilson's, and the mean paired difference. */
function paired(results: Map<Model, Scores>): string {
  const a = results.get(bt)!.accuracy;
  const b = results.get(wilson)!.accuracy;
  const differences = a.map((value, i) => value - b[i]!);
  const better = differences.filter((difference) => difference > 0).length;
  return `BT − Wilson, paired by fold: ${(100 * mean(differences)).toFixed(1)} points ± ${(100 * sd(differences)).toFixed(1)}; BT better in ${better} of ${differences.length} folds.`;
}

/** How much the page's order would change: per type, τb between the two orders and the top 10s' overlap. */
function agreement(dataset: Dataset): string {
  const lines = [
    "| type | rides with duels | τb Wilson vs BT | Wilson's top 10 in BT's top 10 | fewest duels in Wilson's / BT's top 10 | best 1–0 ride's rank, Wilson / BT |",
    "|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [typeId, duels] of [...byType(dataset.duels)].sort(([a], [b]) => a - b)) {
    const ids = [...new Set(duels.flatMap((duel) => [duel.winnerId, duel.loserId]))];
    const w = wilson.score(duels);
    const b = bt.score(duels);
    const record = records(duels);
    const played = (id: string) => record.wins(id) + record.losses(id);
    // The page's order: the score, then the number of duels (decision 0020), then the id.
    const order = (score: (id: string) => number) => [...ids].sort((x, y) => score(y) - score(x) || played(y) - played(x) || (x < y ? -1 : 1));
    const wilsonOrder = order(w);
    const btOrder = order(b);
    const wilsonTop = new Set(wilsonOrder.slice(0, 10));
    const overlap = btOrder.slice(0, 10).filter((id) => wilsonTop.has(id)).length;
    const fewest = (top: string[]) => Math.min(...top.slice(0, 10).map(played));
    const oneNil = (top: string[]) => {
      const rank = top.findIndex((id) => record.wins(id) === 1 && record.losses(id) === 0);
      return rank === -1 ? "—" : String(rank + 1);
    };
    const cells = [typeId, ids.length, kendallTauB(ids.map(w), ids.map(b)).toFixed(3), overlap, `${fewest(wilsonOrder)} / ${fewest(btOrder)}`, `${oneNil(wilsonOrder)} / ${oneNil(btOrder)}`];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

async function main() {
  const out: string[] = [`# Duel ranking: Wilson vs Bradley–Terry (${SEEDS} seeds × ${FOLDS} folds)`, ""];
  const cases: SyntheticCase[] = [
    { schedule: "insertion", answers: "bt", label: "planner's schedule (binary insertion), answers drawn by the BT probability" },
    { schedule: "uniform", answers: "bt", label: "uniformly random pairs, answers drawn by the BT probability" },
    { schedule: "insertion", answers: "taste", label: "planner's schedule, each member answers by a fixed taste θ + N(0, 1) (not BT)" },
    { schedule: "insertion", answers: "bt", memberShare: 0.2, label: "sparse: as 1 with a fifth of the members" },
  ];
  let caseIndex = 0;
  for (const syntheticCase of cases) {
    caseIndex++;
    log(`synthetic: ${syntheticCase.label}`);
    // One dataset per seed, each cut once into five folds: SEEDS × FOLDS samples.
    const results = new Map<Model, Scores>();
    let described = "";
    for (let seed = 1; seed <= SEEDS; seed++) {
      const dataset = syntheticDataset(seed * 7919 + caseIndex, syntheticCase.schedule, syntheticCase.answers, syntheticCase.memberShare);
      if (seed === 1) described = describe(dataset);
      crossValidate(dataset, ALL_MODELS, seed, results);
    }
    out.push(`## Synthetic ${caseIndex}: ${syntheticCase.label}`, "", `Seed 1: ${described}.`, "", table(only(results, MAIN_MODELS), true), "", paired(results), "");
    out.push("Prior variance and a conservative score:", "", table(only(results, VARIANT_MODELS), true), "");
  }

  if (WITH_DEMO) {
    // One load per seed (each load is another draw of the demo's duels), each cut once into five folds.
    const results = new Map<Model, Scores>();
    let first: Dataset | undefined;
    const sizes: string[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      log(`demo: loading the demo content into an in-memory PGlite database (${seed} of ${SEEDS})`);
      const dataset: Dataset = { duels: await demoDuels() };
      first ??= dataset;
      sizes.push(dataset.duels.length.toLocaleString("en"));
      crossValidate(dataset, ALL_MODELS, 42 + seed, results);
    }
    out.push(`## Demo content`, "", `${SEEDS} loads of the demo (duels: ${sizes.join(", ")}); the first: ${describe(first!)}.`, "");
    out.push(table(only(results, MAIN_MODELS), false), "", paired(results), "");
    out.push("Prior variance and a conservative score:", "", table(only(results, VARIANT_MODELS), false), "");
    out.push("Fitted on all the first load's duels, how far the order would move:", "", agreement(first!), "");
  }

  log("large: timing the fit of ten types, 300,000 duels");
  const large = largeDataset();
  const rides = new Set([...large.values()].flatMap((duels) => duels.flatMap((duel) => [duel.winnerId, duel.loserId]))).size;
  const runs: number[] = [];
  let steps: number[] = [];
  let converged = true;
  let slowest = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    steps = [];
    for (const duels of large.values()) {
      const typeStarted = performance.now();
      const fit = fitBradleyTerry(duels);
      slowest = Math.max(slowest, performance.now() - typeStarted);
      steps.push(fit.iterations);
      converged &&= fit.converged;
    }
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  out.push(
    "## Fit time at the large dataset's size",
    "",
    `10 types, ${[...large.values()].reduce((sum, duels) => sum + duels.length, 0).toLocaleString("en")} duels, ${rides.toLocaleString("en")} rides with duels; ` +
      `all ten types fitted in ${runs.map((ms) => `${Math.round(ms)} ms`).join(", ")} (3 runs, median ${Math.round(runs[1]!)} ms); ` +
      `slowest single type ${Math.round(slowest)} ms; Newton steps per type ${Math.min(...steps)}–${Math.max(...steps)}; all converged: ${converged}. ` +
      `Node ${process.version}.`,
    "",
    topOfLargestType(large),
    "",
  );
  process.stdout.write(`${out.join("\n")}\n`);
}

await main();
