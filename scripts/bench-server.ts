/**
 * Server benchmark (docs/benchmarks.md, docs/rules/quality.md#large-dataset): the production build on a synthetic dataset,
 * measured with autocannon page by page — requests per second, p50/p99
 * latency, errors and non-2xx answers, and the SQL statements one request
 * runs (the `queries` field of the server's log line) — on the small and the
 * large dataset, with the large/small ratio of each page, and the duel write
 * (scripts/bench/duel-write.ts), the visit plan save (scripts/bench/plan-write.ts) and the ride log's writes
 * (scripts/bench/ride-log-write.ts). Then the original
 * design's home page query (every park with all its ratings and all its
 * attractions with all theirs, as one JSON document) beside ours. The public pages anonymous and signed in
 * side by side (scripts/bench/side-by-side.ts) close the report. Writes a dated Markdown report under bench/results/.
 *
 *   npm run bench                         small and large (PostgreSQL), 10 s per page, loading missing datasets
 *   npm run bench -- --scales small       one dataset
 *   npm run bench -- --duration 5 --connections 4 --reload
 *   npm run bench -- --side-by-side       only the side-by-side table's pages, 5 s each
 *   npm run bench -- --pglite             each dataset on a throwaway PGlite, loaded by the run
 *   npm run bench -- --database-prefix benchtable_ --port 3431 --nginx-port 3432
 *   npm run bench -- --smoke              small dataset on a throwaway PGlite, 2 s per page, report in *.tmp
 */
import autocannon, { type Result } from "autocannon";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { ADMIN_PAGE_SIZE } from "~/domain/admin-paging";
import { frameKey } from "~/domain/map-frames";
import type { DatabaseLocation } from "~/server/db/database";
import { findDuelMembers, findTypicalDuelMembers, runDuelWrites, DUEL_BENCH_MIN_RIDES, DUEL_BENCH_TYPICAL_RIDES } from "./bench/duel-write";
import { findPlanPark, runPlanWrites } from "./bench/plan-write";
import { findRideLogRiders, runRideLogWrites, RIDE_LOG_WRITES, RIDE_LOG_WRITES_BEFORE_REFILL } from "./bench/ride-log-write";
import { findReviewsToJudge, runReviewWrites, type FormWrite, type ReviewWriter } from "./bench/review-writes";
import { compareWithNginx, type StaticComparison } from "./bench/static-limit";
import { benchTargets, type BenchTargets } from "./bench/generate";
import { SIDE_BY_SIDE_RATIO_GOAL, sideBySidePages, sideBySideTable, type SideBySideCell, type SideBySideRow } from "./bench/side-by-side";
import { BENCH_MEMBERS_WITH_PASSWORD, SCALES, benchEmail, benchUserId, benchUsername, isScaleName, type ScaleName } from "./bench/scales";
import { loadDataset, probe, signIn, startServer } from "./bench/server-process";
import { buildIfStale, root } from "./support/production-build.mjs";
import { freePort } from "./support/free-port";

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);

const smoke = flag("smoke");
/** Only the side-by-side table: its pages, none of the other pages, writes or comparisons. */
const sideBySideOnly = flag("side-by-side");
/** The datasets in a throwaway embedded database (the smoke run's), which only the server may open while it runs. */
const embedded = smoke || flag("pglite");
const scales = (option("scales") ?? (smoke ? "small" : "small,large")).split(",").filter(Boolean);
for (const scale of scales) if (!isScaleName(scale)) throw new Error(`unknown scale ${scale}`);
const duration = Number(option("duration") ?? (smoke ? 2 : sideBySideOnly ? 5 : 10));
const connections = Number(option("connections") ?? 4);
const postgresServer = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databasePrefix = option("database-prefix") ?? "parcours_bench_";
const port = Number(option("port") ?? (await freePort()));
const nginxPort = option("nginx-port") === undefined ? undefined : Number(option("nginx-port"));
const base = `http://127.0.0.1:${port}`;

type PageResult = {
  name: string;
  method: string;
  url: string;
  status: number;
  queries: number | undefined;
  bytes: number;
  gzipBytes: number;
  result: Result;
};
type OriginalDesign = { parks: number; parkRatings: number; rideRatings: number; bytes: number; ms: number[] };
type ScaleRun = {
  scale: ScaleName;
  database: string;
  load?: string;
  pages: PageResult[];
  sideBySide: SideBySideRow[];
  notes: string[];
  original?: OriginalDesign;
  staticLimit?: StaticComparison;
};

const log = (message: string) => console.error(`[bench] ${message}`);

function databaseUrl(scale: ScaleName) {
  const url = new URL(postgresServer);
  url.pathname = `/${databasePrefix}${scale}`;
  return url.toString();
}

/**
 * The dataset is there when its database holds the scale's parks and ratings (the counts the generator writes) and
 * ride logs (a dataset loaded before the generator wrote them is loaded again).
 */
async function datasetPresent(scale: ScaleName): Promise<boolean> {
  const client = postgres(databaseUrl(scale), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [row] = await client`SELECT (SELECT count(*) FROM parks)::int AS parks, (SELECT count(*) FROM park_ratings)::int AS ratings,
      EXISTS (SELECT 1 FROM ride_log_entries) AS logged`;
    return row?.parks === SCALES[scale].parks && row?.ratings === SCALES[scale].parkRatings && row?.logged === true;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

const ratingBody = (n: number) => `thrill=${1 + (n % 5)}&theming=${1 + ((n + 2) % 5)}&visitDuration=full_day&comment=Mesure+${n}`;

/**
 * An address of the public API's park list about halfway down (decision 0036): links.next followed ten times
 * at a twentieth of the parks a page, then a page of the default size from there.
 */
async function deepApiParksPath(parks: number): Promise<string> {
  let next: string | null = `${base}/api/v1/parks?limit=${Math.min(100, Math.max(1, Math.floor(parks / 20)))}`;
  let deep = "/api/v1/parks";
  for (let page = 0; next && page < 10; page++) {
    const response: Response = await fetch(next);
    if (response.status !== 200) throw new Error(`${next}: ${response.status}`);
    next = ((await response.json()) as { links: { next: string | null } }).links.next;
    if (next) {
      const url = new URL(next);
      url.searchParams.delete("limit");
      deep = url.pathname + url.search;
    }
  }
  return deep;
}

async function measureScale(scale: ScaleName): Promise<ScaleRun> {
  const targets: BenchTargets = benchTargets(SCALES[scale]);
  let load: string | undefined;
  let env: Record<string, string>;
  let dataDir: string;
  let database: string;
  if (embedded) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-bench-pglite-"));
    load = loadDataset(scale, ["--pglite", dataDir]);
    env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    database = "PGlite (throwaway)";
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-bench-"));
    if (flag("reload") || !(await datasetPresent(scale))) load = loadDataset(scale, ["--database-url", databaseUrl(scale)]);
    env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(scale) };
    database = `PostgreSQL ${databasePrefix}${scale}`;
  }
  const passwordMembers = Array.from({ length: BENCH_MEMBERS_WITH_PASSWORD }, (_, i) => ({ id: benchUserId(i), email: benchEmail(i) }));
  const location = embedded ? ({ kind: "pglite", dataDir } as const) : ({ kind: "postgres", url: databaseUrl(scale) } as const);
  // Read before the server starts: the embedded database admits one process at a time.
  const writeTargets = sideBySideOnly ? undefined : await findWriteTargets(location, targets, passwordMembers);
  const server = await startServer(port, { ...env, ADMIN_EMAIL: targets.adminEmail }, [], { afterFirstJobRuns: !smoke });
  const pages: PageResult[] = [];
  const sideBySide: SideBySideRow[] = [];
  const notes: string[] = [];
  let staticLimit: StaticComparison | undefined;
  try {
    const heavy = await signIn(base, targets.heavyUserEmail);
    const gets: Array<[string, string, string?]> = sideBySideOnly ? [] : [
      ["home", "/fr"],
      // The list sorted by distance in SQL (decision 0034), from a position and from a typed town (Lyon: the town
      // index is loaded by the probe, so the timed requests see lookups from its cache, as a warm server does).
      ["home (by distance, position)", "/fr?near=48.857,2.352&sort=distance"],
      ["home (by distance, town, page 2)", "/fr?town=Lyon&sort=distance&page=2"],
      // Signed in, a page is rendered for every request (never kept): these time the distance query itself.
      ["home (by distance, position, signed in)", "/fr?near=48.857,2.352&sort=distance", heavy],
      ["rankings", "/fr/rankings"],
      ["rankings (duels)", "/fr/rankings?tab=duels"],
      ["rankings (duels, coasters)", "/fr/rankings?tab=duels&type=roller_coaster"],
      ["rankings (contributors)", "/fr/rankings?tab=contributors"],
      ["rankings (reviewers)", "/fr/rankings?tab=reviewers"],
      ["rankings (best, coasters)", "/fr/rankings?type=roller_coaster"],
      // The map (decision 0033): every located park of the view clustered per request; the base map is a cached image.
      ["map (Europe)", "/fr/map"],
      ["map (country: France)", "/fr/map?country=France"],
      ["map (Europe, signed in: rendered each time)", "/fr/map", heavy],
      ["map base image (Europe, cached SVG)", `/maps/base/${frameKey({ kind: "europe" })}.svg`],
      ["park (most rated)", `/fr/${targets.popularParkSlug}`],
      ["attraction", `/fr/${targets.popularRidePath}`],
      ["search suggestions", `/api/search?q=${targets.searchQuery}`],
      ["API parks (first page)", "/api/v1/parks"],
      ["API parks (deep cursor)", await deepApiParksPath(SCALES[scale].parks)],
      ["profile (heaviest member)", `/fr/profile/${targets.heavyUserId}`],
      ["profile (heaviest, own, signed in)", "/fr/profile", heavy],
      ...(await adminPages(scale, await signIn(base, targets.adminEmail))),
    ];
    // The side-by-side table's pages, each measured once: those the list above lacks are added to it.
    const measured = new Map<string, PageResult>();
    const keyOf = (url: string, cookie?: string) => `${cookie ?? "anonymous"} ${url}`;
    for (const page of sideBySidePages(targets)) {
      for (const [who, url, cookie] of [["anonymous", page.anonymous, undefined], ["signed in", page.signedIn, heavy]] as const) {
        if (!gets.some(([, other, otherCookie]) => keyOf(other, otherCookie) === keyOf(url, cookie))) gets.push([`${page.name}, ${who}`, url, cookie]);
      }
    }
    for (const [name, url, cookie] of gets) {
      const headers: Record<string, string> = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
      const probed = await probe(server, url, { headers });
      if (probed.status !== 200) throw new Error(`${name} ${url}: ${probed.status}`);
      log(`${scale}: ${name} (${duration} s, ${connections} connections)`);
      const result = await autocannon({ url: `${base}${url}`, connections, duration, headers });
      const page: PageResult = { name, method: "GET", url, ...probed, status: probed.status, result };
      pages.push(page);
      measured.set(keyOf(url, cookie), page);
    }
    const cell = (page: PageResult): SideBySideCell => ({
      requestsPerSecond: page.result.requests.average,
      p50: page.result.latency.p50,
      queries: page.queries,
      bytes: page.bytes,
    });
    for (const page of sideBySidePages(targets)) {
      sideBySide.push({
        name: page.name,
        anonymous: cell(measured.get(keyOf(page.anonymous))!),
        signedIn: cell(measured.get(keyOf(page.signedIn, heavy))!),
      });
    }

    if (writeTargets) {
      const { duelMembers, planPark, rideLogRiders, judged } = writeTargets;
      const writers: string[] = [];
      for (const email of targets.writerEmails) writers.push(await signIn(base, email));

      // The anonymous pages against nginx serving their bytes (docs/rules/quality.md#anonymous-throughput); the smoke run's machine is too busy to compare.
      const staticPages: Array<[string, string]> = [
        ["home", "/fr"],
        ["park (most rated)", `/fr/${targets.popularParkSlug}`],
        ["attraction", `/fr/${targets.popularRidePath}`],
      ];
      staticLimit = smoke
        ? { skipped: "smoke run: the comparison with nginx runs in `npm run bench` only" }
        : await compareWithNginx({ base, pages: staticPages, duration, connections, port: nginxPort });

      // Review writes (decision 0032), posted as the hydrated page posts them; one signed-in member per worker.
      if (!embedded) await resetWriteLimits(scale);
      const reviewLimits = embedded ? null : postgres(databaseUrl(scale), { max: 1, onnotice: () => {} });
      try {
        const reviewWriters = writers.map((cookie, index) => ({ userId: passwordMembers[index + 1]!.id, cookie }));
        const refillOf = (action: string) =>
          reviewLimits && (async (userId: string) => void (await reviewLimits`DELETE FROM user_write_limits WHERE user_id = ${userId} AND action = ${action}`));
        const parkPage = `/fr/${targets.popularParkSlug}.data`;
        let ratingsSent = 0;
        // Reports stay: a rerun on the same database starts from none of the writers'.
        if (reviewLimits) await reviewLimits`DELETE FROM comment_reports WHERE reported_by LIKE 'bench-user-%'`;
        const reviewRuns: Array<{ name: string; url: string; group: ReviewWriter[]; next: (writer: ReviewWriter, turn: number) => FormWrite | null; refillEvery: number; action: string; what: string }> = [];
        for (const [label, group] of [["1 member", reviewWriters.slice(0, 1)], [`${reviewWriters.length} members`, reviewWriters]] as const) {
          reviewRuns.push({
            name: `park rating (single-fetch POST), ${label}`,
            url: `${parkPage}?intent=rate-park`,
            group: [...group],
            // The members already rated the park: each write is an edit, capped at 100 a day.
            next: () => ({ url: `${parkPage}?intent=rate-park`, body: ratingBody(++ratingsSent) }),
            // Without a refill (an embedded database), member 1 writes in both runs: half the allowance each.
            refillEvery: embedded ? 45 : 90,
            action: "reviewEdit",
            what: "edits of the member's rating of the most rated park",
          });
          reviewRuns.push({
            name: `review vote (single-fetch POST), ${label}`,
            url: `${parkPage}?intent=vote`,
            group: [...group],
            // Helpful, then taken back, on each review in turn: every vote changes the counts.
            next: (writer, turn) => ({
              url: `${parkPage}?intent=vote`,
              body: `ratingType=park&ratingId=${judged[(Math.floor(turn / 2) + reviewWriters.indexOf(writer) * 7) % judged.length]}&vote=${turn % 2 === 0 ? "helpful" : "none"}`,
            }),
            refillEvery: embedded ? 12 : 25,
            action: "vote",
            what: "votes on the most rated park's reviews (helpful, then taken back)",
          });
        }
        reviewRuns.push({
          name: `review report (single-fetch POST), ${reviewWriters.length} members`,
          url: `${parkPage}?intent=report`,
          group: reviewWriters,
          // Each member reports reviews no other member reports, at most 20 (a day's allowance), so none is hidden by them.
          next: (writer, turn) => {
            const review = judged[reviewWriters.indexOf(writer) * 20 + turn];
            return turn < 20 && review ? { url: `${parkPage}?intent=report`, body: `ratingType=park&ratingId=${review}&reason=Mesure+de+signalement` } : null;
          },
          refillEvery: 20,
          action: "report",
          what: "reports of the most rated park's reviews, each review by one member",
        });
        for (const run of reviewRuns) {
          log(`${scale}: ${run.name} (${duration} s)`);
          const writes = await runReviewWrites(base, run.group, { seconds: duration, next: run.next, refillEvery: run.refillEvery, refill: refillOf(run.action) });
          await new Promise((resolve) => setTimeout(resolve, 500)); // the last log lines
          const counted = writes.requestIds.map((id) => server.queries.get(id)).filter((count): count is number => count !== undefined);
          pages.push({
            name: run.name,
            method: "POST",
            url: run.url,
            status: 200,
            queries: counted.length > 0 ? median(counted) : undefined,
            bytes: writes.bytes,
            gzipBytes: writes.gzipBytes,
            result: writes.result,
          });
          const refused = Object.entries(writes.refusals).map(([status, count]) => `${status} ×${count}`).join(", ");
          notes.push(
            `${run.name[0]!.toUpperCase()}${run.name.slice(1)}: ${writes.result.requests.total} ${run.what}, one member per worker, each POST timed alone; ` +
              `${embedded ? `${writes.stopped} members stopped at their allowance` : `each member's ${run.action} counter cleared every ${run.refillEvery} writes (untimed)`}` +
              `${refused ? `; not 2xx: ${refused}` : ""}. Queries/request: median over the timed writes; body: the last answer (not compressed by the server).`,
          );
        }
      } finally {
        await reviewLimits?.end();
      }

      if (duelMembers.length === 0) throw new Error(`no member has ${DUEL_BENCH_MIN_RIDES} eligible rides of one type`);
      if (!embedded) await resetWriteLimits(scale);
      const sessions = [];
      for (const member of duelMembers) sessions.push({ userId: member.userId, cookie: await signIn(base, member.email), type: member.type });
      // One member alone (the write's own latency), then every member at once (one connection each).
      const limits = embedded ? null : postgres(databaseUrl(scale), { max: 1, onnotice: () => {} });
      // A member ordering 14 rides completes the type every few dozen duels: their resets (10 an hour) are cleared too.
      const refill = limits && (async (userId: string) => void (await limits`DELETE FROM user_write_limits WHERE user_id = ${userId} AND action IN ('duel', 'duelReset')`));
      try {
        for (const [label, group] of [["1 member", sessions.slice(0, 1)], ["all members", sessions]] as const) {
          log(`${scale}: duel write, ${label} (${duration} s, ${group.length} members)`);
          const duels = await runDuelWrites(base, [...group], duration, refill);
          await new Promise((resolve) => setTimeout(resolve, 500)); // the last log lines
          const counted = duels.requestIds.map((id) => server.queries.get(id)).filter((count): count is number => count !== undefined);
          pages.push({
            name: `duel write (answer + next pair), ${label}`,
            method: "POST",
            url: `/fr/duels.data?type=${group[0]!.type}`,
            status: 200,
            queries: counted.length > 0 ? median(counted) : undefined,
            bytes: duels.bytes,
            gzipBytes: duels.gzipBytes,
            result: duels.result,
          });
          const refusals = Object.entries({ ...duels.refusals, ...duels.untimedFailures }).map(([key, count]) => `${key} ×${count}`).join(", ");
          const members = duelMembers.slice(0, group.length);
          notes.push(
            `Duel write, ${label}: ${duels.result.requests.total} duels answered by ${group.length} member${group.length > 1 ? "s" : ""} ` +
              `(eligible rides: ${members.map((member) => `${member.type} ×${member.eligible}`).join(", ")}` +
              `${embedded ? "" : `; the members whose type comes nearest ${DUEL_BENCH_TYPICAL_RIDES} eligible rides, on every scale`}), one connection each, ` +
              `single-fetch POST \`/fr/duels.data?type=…\` timed alone; ${duels.answersWithNextPair} of ${duels.result["2xx"]} successful answers carried the next pair ` +
              `(or the type's completion), ${duels.resets} resets (untimed), ` +
              `${embedded ? `${duels.stopped} members stopped at their minute's duels` : "each member's duel and reset counters cleared every 50 duels (untimed)"}${refusals ? `; refused or failed: ${refusals}` : ""}. ` +
              `Queries/request: median over the timed duels; body: the last answer (not compressed by the server).`,
          );
        }

        // A plan save (decision 0022): one member alone, the budget's case (p50 ≤ 50 ms on small).
        const planner = passwordMembers[0]!;
        const planSession = { userId: planner.id, cookie: await signIn(base, planner.email) };
        const planRefill = limits && (async (userId: string) => void (await limits`DELETE FROM user_write_limits WHERE user_id = ${userId} AND action = 'plan'`));
        log(`${scale}: plan save, 1 member (${duration} s)`);
        const plans = await runPlanWrites(base, [planSession], planPark, duration, planRefill);
        await new Promise((resolve) => setTimeout(resolve, 500)); // the last log lines
        const planCounts = plans.requestIds.map((id) => server.queries.get(id)).filter((count): count is number => count !== undefined);
        pages.push({
          name: "plan save, 1 member",
          method: "POST",
          url: `/api/plans/${planPark.parkId}`,
          status: 200,
          queries: planCounts.length > 0 ? median(planCounts) : undefined,
          bytes: plans.bytes,
          gzipBytes: plans.gzipBytes,
          result: plans.result,
        });
        const planRefusals = Object.entries(plans.refusals).map(([key, count]) => `${key} ×${count}`).join(", ");
        notes.push(
          `Plan save, 1 member: ${plans.result.requests.total} saves of a ${planPark.rideIds.length}-ride plan of the most rated park, ` +
            `JSON POST \`/api/plans/:parkId\` timed alone, each with the version the previous answer gave (a drag: the order turned by one, ` +
            `one priority moved); ${embedded ? `${plans.stopped} members stopped at their minute's saves` : "the member's plan counter cleared every 100 saves (untimed)"}` +
            `${planRefusals ? `; refused: ${planRefusals}` : ""}. Queries/request: median over the timed saves.`,
        );

        // The ride log's writes (docs/rules/ride-log.md#logging-a-ride): each member logs, edits and deletes in turn.
        const rideLogRefill = limits && (async (userId: string) => void (await limits`DELETE FROM user_write_limits WHERE user_id = ${userId} AND action = 'rideLog'`));
        for (const rider of rideLogRiders) {
          log(`${scale}: ride log writes, ${rider.label} (${duration} s)`);
          const rideLog = await runRideLogWrites(base, { userId: rider.userId, cookie: await signIn(base, rider.email) }, rider.rideIds, duration, rideLogRefill);
          await new Promise((resolve) => setTimeout(resolve, 500)); // the last log lines
          for (const write of RIDE_LOG_WRITES) {
            const figures = rideLog.writes[write];
            const counted = figures.requestIds.map((id) => server.queries.get(id)).filter((count): count is number => count !== undefined);
            pages.push({
              name: `ride log write (${write}), ${rider.label}`,
              method: "POST",
              url: "/api/ride-log",
              status: 200,
              queries: counted.length > 0 ? median(counted) : undefined,
              bytes: figures.bytes,
              gzipBytes: figures.gzipBytes,
              result: figures.result,
            });
          }
          const rideLogRefusals = Object.entries(rideLog.refusals).map(([key, count]) => `${key} ×${count}`).join(", ");
          notes.push(
            `Ride log writes, ${rider.label} (${rider.userId}, ${rider.credits.toLocaleString("en")} credits): ${rideLog.writes.log.result.requests.total} cycles ` +
              `on ${rider.rideIds.length} rides of the most rated park the member had not logged, JSON POST \`/api/ride-log\` timed alone: an entry logged ` +
              `with a fresh id (a new credit: the credits counted again over the member's log), that entry edited (times and note: its tally only), then ` +
              `deleted (the credit taken away, counted again); p50 / p95 ms: ` +
              `${RIDE_LOG_WRITES.map((write) => `${write} ${rideLog.writes[write].result.latency.p50} / ${rideLog.writes[write].p95}`).join(", ")}; ` +
              `req/s of each row: that write's count over the whole run; ` +
              `${embedded ? (rideLog.stopped ? "stopped at the member's minute's writes" : "within the member's minute's writes") : `the member's rideLog counter cleared every ${RIDE_LOG_WRITES_BEFORE_REFILL} writes (untimed)`}` +
              `${rideLogRefusals ? `; refused: ${rideLogRefusals}` : ""}. Queries/request: median over the timed writes.`,
          );
        }
      } finally {
        await limits?.end();
      }
    }
  } finally {
    await server.stop();
  }
  const original = embedded || sideBySideOnly ? undefined : await originalDesign(scale);
  rmSync(dataDir, { recursive: true, force: true });
  return { scale, database, load, pages, sideBySide, notes, original, staticLimit };
}

/** The writes' members, park and reviews: on an embedded database the members with a password, small and all typical. */
async function findWriteTargets(location: DatabaseLocation, targets: BenchTargets, passwordMembers: Array<{ id: string; email: string }>) {
  const duelMembers = embedded
    ? (await findDuelMembers(location, passwordMembers.map((member) => member.id))).map((member) => ({
        ...member,
        email: passwordMembers.find((candidate) => candidate.id === member.userId)!.email,
      }))
    : await findTypicalDuelMembers(location, passwordMembers.length);
  const planPark = await findPlanPark(location, targets.popularParkSlug);
  const rideLogRiders = await findRideLogRiders(location, targets.popularParkSlug, passwordMembers[0]!, embedded ? passwordMembers : null);
  const judged = await findReviewsToJudge(location, targets.popularParkSlug, passwordMembers.map((member) => member.id), 200);
  return { duelMembers, planPark, rideLogRiders, judged };
}

/**
 * The back office's screens (docs/rules/quality.md#back-office-lists: each list ≤ 6 SQL statements and p50 ≤ 300 ms on large), signed in
 * as the administrator: the dashboard, each list's first page, and a deep page of the long lists, reached
 * by the keyset cursor (app/domain/admin-paging.ts) of a row far down the list — read from the database
 * on PostgreSQL, or the first page's "older" link on an embedded database.
 */
async function adminPages(scale: ScaleName, cookie: string): Promise<Array<[string, string, string]>> {
  // [name, path, the rows the list pages through (null: too few rows in the dataset for a deep page)]
  const lists: Array<[string, string, string | null]> = [
    ["parks", "/admin/parks", "parks"],
    ["rides", "/admin/attractions", "attractions"],
    ["members", "/admin/users", "profiles"],
    ["reviews", "/admin/ratings", "(SELECT created_at, id FROM park_ratings UNION ALL SELECT created_at, id FROM attraction_ratings) r"],
    ["reported comments", "/admin/comments", null],
    ["moderation log", "/admin/log", null],
  ];
  const pages: Array<[string, string, string]> = [["admin dashboard", "/admin", cookie]];
  for (const [name, path, rows] of lists) {
    pages.push([`admin ${name}`, path, cookie]);
    const deep = rows ? await deepCursor(scale, path, rows, cookie) : null;
    if (deep) pages.push([`admin ${name} (deep page)`, `${path}?older=${encodeURIComponent(deep)}`, cookie]);
  }
  return pages;
}

/**
 * A cursor 95 % down a list, or higher when that leaves less than a full page after it (small's 30 parks: a page of
 * two rows is not the request the large dataset's deep page makes): by SQL on PostgreSQL, else the first page's
 * link to the next one. Null when the list has no full page after its first.
 */
async function deepCursor(scale: ScaleName, path: string, rows: string, cookie: string): Promise<string | null> {
  if (embedded) {
    const html = await (await fetch(`${base}${path}`, { headers: { cookie } })).text();
    const match = /href="[^"]*[?&](?:amp;)?older=([^"&]+)/.exec(html);
    return match ? decodeURIComponent(match[1]!) : null;
  }
  const client = postgres(databaseUrl(scale), { max: 1, onnotice: () => {} });
  try {
    const [count] = await client.unsafe(`SELECT count(*)::int AS total FROM ${rows}`);
    const total = count!.total as number;
    const offset = Math.min(Math.floor(total * 0.95), total - ADMIN_PAGE_SIZE - 1);
    if (offset < 0) return null;
    const [row] = await client.unsafe(`SELECT created_at::text AS at, id::text AS id FROM ${rows} ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT 1`);
    return row ? `${row.at}~${row.id}` : null;
  } finally {
    await client.end();
  }
}

async function resetWriteLimits(scale: ScaleName) {
  const client = postgres(databaseUrl(scale), { max: 1, onnotice: () => {} });
  try {
    await client`DELETE FROM user_write_limits WHERE user_id LIKE 'bench-user-%'`;
  } finally {
    await client.end();
  }
}

/**
 * The original single-page app's home page: every park with all its ratings
 * and every attraction with all its ratings, fetched whole and averaged in the
 * browser. Reproduced as its hosted REST layer would serve
 * `parks?select=*,park_ratings(*),attractions(*,attraction_ratings(*))`: one
 * JSON document, built by PostgreSQL and streamed to the client (one row per
 * park, so no single value nears PostgreSQL's or V8's string limits).
 */
async function originalDesign(scale: ScaleName): Promise<OriginalDesign> {
  const client = postgres(databaseUrl(scale), { max: 1, onnotice: () => {} });
  const ms: number[] = [];
  let bytes = 0;
  try {
    const runs = scale === "large" ? 1 : 3; // about 100 s per run on large
    for (let run = 0; run < runs; run++) {
      log(`${scale}: original design's home query, run ${run + 1}/${runs}`);
      const started = performance.now();
      bytes = 2; // the enclosing [ ]
      let first = true;
      await client`
        SELECT (to_jsonb(p) || jsonb_build_object(
          'park_ratings', coalesce((SELECT jsonb_agg(to_jsonb(pr)) FROM park_ratings pr WHERE pr.park_id = p.id), '[]'::jsonb),
          'attractions', coalesce((
            SELECT jsonb_agg(to_jsonb(a) || jsonb_build_object(
              'attraction_ratings', coalesce((SELECT jsonb_agg(to_jsonb(ar)) FROM attraction_ratings ar WHERE ar.attraction_id = a.id), '[]'::jsonb)))
            FROM attractions a WHERE a.park_id = p.id), '[]'::jsonb)))::text AS park
        FROM parks p WHERE p.moderation_status = 'approved'
      `.cursor(20, (rows) => {
        for (const row of rows) {
          bytes += Buffer.byteLength(row.park as string) + (first ? 0 : 1);
          first = false;
        }
      });
      ms.push(performance.now() - started);
    }
    const [counts] = await client`SELECT (SELECT count(*) FROM parks)::int AS parks,
      (SELECT count(*) FROM park_ratings)::int AS park_ratings, (SELECT count(*) FROM attraction_ratings)::int AS attraction_ratings`;
    return { parks: counts!.parks, parkRatings: counts!.park_ratings, rideRatings: counts!.attraction_ratings, bytes, ms };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const kb = (bytes: number) => `${fixed(bytes / 1024)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function pageTable(run: ScaleRun): string {
  const lines = [
    `| page | req/s | p50 ms | p99 ms | errors | non-2xx | queries/request | body (gzip) |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const page of run.pages) {
    const r = page.result;
    lines.push(
      `| ${page.name} | ${fixed(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} | ${page.queries ?? "?"} | ${kb(page.bytes)} (${kb(page.gzipBytes)}) |`,
    );
  }
  return lines.join("\n");
}

function ratioTable(small: ScaleRun, large: ScaleRun): string {
  const lines = [
    `| page | p50 small → large (ms) | p50 ratio | req/s small → large | throughput ratio | queries small → large |`,
    `|---|---:|---:|---:|---:|---:|`,
  ];
  for (const page of small.pages) {
    const other = large.pages.find((candidate) => candidate.name === page.name);
    if (!other) continue;
    const latencyRatio = other.result.latency.p50 / Math.max(0.5, page.result.latency.p50);
    const throughputRatio = page.result.requests.average / Math.max(0.1, other.result.requests.average);
    lines.push(
      `| ${page.name} | ${page.result.latency.p50} → ${other.result.latency.p50} | ${fixed(latencyRatio, 2)}×${latencyRatio > 1.3 ? " ⚠" : ""} | ${fixed(page.result.requests.average)} → ${fixed(other.result.requests.average)} | ${fixed(throughputRatio, 2)}×${throughputRatio > 1.3 ? " ⚠" : ""} | ${page.queries ?? "?"} → ${other.queries ?? "?"} |`,
    );
  }
  return lines.join("\n");
}

function originalTable(run: ScaleRun): string {
  const original = run.original!;
  const home = run.pages.find((page) => page.name === "home")!;
  return [
    `| ${run.scale} | bytes to the browser | time |`,
    `|---|---:|---:|`,
    `| original design: all parks, ${original.parkRatings.toLocaleString("en")} park ratings, ${original.rideRatings.toLocaleString("en")} attraction ratings as JSON | ${kb(original.bytes)} (${fixed(original.bytes / 1024 / 1024)} MB, uncompressed) | ${fixed(median(original.ms), 0)} ms (query + transfer only; median of ${original.ms.length}) |`,
    `| Parcours home page (HTML, server-rendered) | ${kb(home.bytes)} (${kb(home.gzipBytes)} gzip) | ${home.result.latency.p50} ms p50 under ${connections} connections |`,
    `| ratio | ${fixed(original.bytes / home.bytes, 0)}× | ${fixed(median(original.ms) / Math.max(0.5, home.result.latency.p50), 0)}× |`,
  ].join("\n");
}

/** docs/rules/quality.md#anonymous-throughput: an anonymous page at half of nginx's requests per second or more. */
const STATIC_RATIO_GOAL = 0.5;

function staticTable(comparison: StaticComparison): string {
  if ("skipped" in comparison) return `Static limit: skipped — ${comparison.skipped}.`;
  const rows = comparison.rows.map(
    (row) =>
      `| ${row.name} | ${fixed(row.parcours)} | ${fixed(row.nginx)} | ${fixed(row.parcours / row.nginx, 2)}${row.parcours / row.nginx < STATIC_RATIO_GOAL ? " ⚠" : ""} |`,
  );
  return [
    `Static limit (docs/rules/quality.md#anonymous-throughput): each anonymous page, then its bytes served by nginx as files (one worker, \`gzip_static\`), same autocannon settings, one after the other. Goal: ratio ≥ ${STATIC_RATIO_GOAL} (⚠ below).`,
    "",
    "| page | Parcours req/s | nginx req/s | ratio |",
    "|---|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

function report(runs: ScaleRun[], started: Date): string {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
  const parts = [
    `# Server benchmark — ${started.toISOString().slice(0, 16).replace("T", " ")} UTC${smoke ? " (smoke)" : ""}`,
    "",
    `Commit ${commit}, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), shared with other jobs.`,
    `autocannon: ${duration} s per page, ${connections} connections (writes: one connection per signed-in member), gzip accepted.`,
    "Production build (`NODE_ENV=production`), DEMO_CONTENT=never, LOG_LEVEL=info. Queries per request: the `queries` field",
    "of the server's log line for a probe request of the same page.",
    "",
  ];
  for (const run of runs) {
    const scale = SCALES[run.scale];
    parts.push(
      `## ${run.scale}: ${run.database}`,
      "",
      `${scale.parks.toLocaleString("en")} parks, ${scale.attractions.toLocaleString("en")} attractions, ${scale.users.toLocaleString("en")} users, ` +
        `${scale.parkRatings.toLocaleString("en")} park ratings, ${scale.rideRatings.toLocaleString("en")} attraction ratings, ` +
        `${scale.votes.toLocaleString("en")} votes, ${scale.duels.toLocaleString("en")} duels, ` +
        `${scale.contributions.toLocaleString("en")} contributions, ${scale.suggestions.toLocaleString("en")} suggestions${run.load ? ` — loaded in ${run.load} by this run` : " (already loaded)"}.`,
      "",
      pageTable(run),
      "",
      ...(run.staticLimit ? [staticTable(run.staticLimit), ""] : []),
      ...run.notes.flatMap((note) => [note, ""]),
    );
  }
  const small = runs.find((run) => run.scale === "small");
  const large = runs.find((run) => run.scale === "large");
  if (small && large) {
    parts.push(
      "## Large / small",
      "",
      "Budget (docs/rules/quality.md#large-dataset): a park page, the home page and the rankings within 1.3× of their small-dataset time on the large dataset. ⚠ marks a ratio above 1.3.",
      "",
      ratioTable(small, large),
      "",
    );
  }
  for (const run of runs.filter((candidate) => candidate.original)) {
    parts.push(`## Against the original design (${run.scale})`, "", originalTable(run), "");
  }
  parts.push(
    "## Anonymous and signed in",
    "",
    `Each public page as a visitor asks for it and as the heaviest bench member (${benchUsername(0)}) does, signed in (the profile: the member's ` +
      `public one, then their own), on ${runs.map((run) => `${run.scale}: ${run.database}`).join(", ")}; autocannon ${duration} s a cell, ${connections} connections, ` +
      "gzip accepted. SQL: statements per request (the probe's log line); HTML: the page's raw bytes, before gzip." +
      (small && large
        ? " Each cell is small → large and the ratio of what large costs: p50, SQL and HTML large / small, throughput small / large " +
          `(a p50 under 1 ms counts as 1 ms, autocannon's resolution). Goal: every ratio ≤ ${SIDE_BY_SIDE_RATIO_GOAL} (⚠ above).`
        : ""),
    "",
  );
  if (small && large) parts.push(sideBySideTable(small.sideBySide, large.sideBySide), "");
  else for (const run of runs) parts.push(`### ${run.scale}`, "", sideBySideTable(run.sideBySide), "");
  const seconds = Math.round((Date.now() - started.getTime()) / 1000);
  parts.push(`The whole run took ${Math.floor(seconds / 60)} min ${seconds % 60} s${runs.some((run) => run.load) ? ", loading the datasets included" : ""}.`, "");
  return parts.join("\n");
}

const started = new Date();
buildIfStale({ quiet: true });
const runs: ScaleRun[] = [];
for (const scale of scales as ScaleName[]) runs.push(await measureScale(scale));
const text = report(runs, started);
const directory = path.join(root, "bench", "results");
mkdirSync(directory, { recursive: true });
const file = path.join(
  directory,
  smoke
    ? "smoke.md.tmp"
    : `${started.toISOString().slice(0, 16).replace(/[T:]/g, "-")}-server-${sideBySideOnly ? "side-by-side-" : ""}${embedded ? "pglite-" : ""}${scales.join("-")}.md`,
);
writeFileSync(file, text + "\n");
console.log(text);
log(`report written to ${path.relative(root, file)}`);
// A failed page: errors, timeouts or no success at all; in a smoke run (a fresh dataset) any non-2xx answer too.
const failures = runs.flatMap((run) =>
  run.pages.filter(
    (page) => page.result.errors + page.result.timeouts > 0 || page.result["2xx"] === 0 || (smoke && page.result.non2xx > 0),
  ),
);
if (failures.length > 0) {
  log(`pages with errors or without a single 2xx answer: ${failures.map((page) => page.name).join(", ")}`);
  process.exitCode = 1;
}
