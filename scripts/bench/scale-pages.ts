/**
 * The pages whose cost once grew with the data (decision 0059): the map, its base image and the back office's
 * dashboard, timed on the small and the large datasets already loaded by bench:data, with their ratio. A focused
 * run of what `npm run bench` measures for them, in a minute rather than half an hour.
 *
 *   npm run bench:scale -- [--database-prefix parcours_bench_] [--port 3421] [--duration 10] [--connections 4] [--as-built]
 *
 * `--as-built` serves the build as it is, even when a source changed since (to time a build kept from before a change).
 * The databases are `<prefix>small` and `<prefix>large` on BENCH_POSTGRES_URL's server (on this machine: the CPU
 * time of its backends is read from /proc); prints a Markdown table. Besides latency and throughput, which a shared
 * machine's load moves by half, it gives the CPU time per request of the server process and of the database's
 * backends, which that load moves much less.
 */
import autocannon from "autocannon";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { frameKey } from "~/domain/map-frames";
import { benchTargets } from "./generate";
import { SCALES, type ScaleName } from "./scales";
import { probe, signIn, startServer } from "./server-process";
import { buildIfStale } from "../support/production-build.mjs";

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const prefix = option("database-prefix") ?? "parcours_bench_";
const port = Number(option("port") ?? 3421);
const duration = Number(option("duration") ?? 10);
const connections = Number(option("connections") ?? 4);
const postgresServer = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const base = `http://127.0.0.1:${port}`;

type Measure = {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  bytes: number;
  gzipBytes: number;
  queries: number | undefined;
  /** CPU milliseconds per request: the server process's and the database backends'. */
  serverCpu: number;
  databaseCpu: number;
};

/** utime and stime of a process, in clock ticks of 1/100 s after the command's name in parentheses. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0; // a process that ended
  }
}

/** The PostgreSQL backends connected to a database (their command line names it). */
function databaseBackends(database: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function measureScale(scale: ScaleName): Promise<Measure[]> {
  const url = new URL(postgresServer);
  url.pathname = `/${prefix}${scale}`;
  const targets = benchTargets(SCALES[scale]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-scale-"));
  const server = await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: url.toString(), ADMIN_EMAIL: targets.adminEmail });
  try {
    const heavy = await signIn(base, targets.heavyUserEmail);
    const admin = await signIn(base, targets.adminEmail);
    const pages: Array<[string, string, string?]> = [
      ["map (Europe)", "/fr/map"],
      ["map (country: France)", "/fr/map?country=France"],
      ["map (Europe, signed in)", "/fr/map", heavy],
      ["map (France, signed in)", "/fr/map?country=France", heavy],
      ["map base image (Europe)", `/maps/base/${frameKey({ kind: "europe" })}.svg`],
      ["admin dashboard", "/admin", admin],
    ];
    const results: Measure[] = [];
    for (const [name, address, cookie] of pages) {
      const headers: Record<string, string> = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
      const probed = await probe(server, address, { headers });
      if (probed.status !== 200) throw new Error(`${name} ${address}: ${probed.status}`);
      // The pool's backends are open after the probe; each is read before and after the timed run.
      const backends = databaseBackends(`${prefix}${scale}`);
      const before = { server: processCpuMs(server.process.pid!), database: sum(backends.map(processCpuMs)) };
      const result = await autocannon({ url: `${base}${address}`, connections, duration, headers });
      const requests = Math.max(1, result.requests.total);
      const serverCpu = (processCpuMs(server.process.pid!) - before.server) / requests;
      const databaseCpu = (sum(backends.map(processCpuMs)) - before.database) / requests;
      results.push({
        name,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        bytes: probed.bytes,
        gzipBytes: probed.gzipBytes,
        queries: probed.queries,
        serverCpu,
        databaseCpu,
      });
      console.error(`[scale] ${scale} ${name}: p50 ${result.latency.p50} ms, ${result.requests.average} req/s, CPU ${serverCpu.toFixed(2)} + ${databaseCpu.toFixed(2)} ms`);
    }
    return results;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!argv.includes("--as-built")) buildIfStale();
const small = await measureScale("small");
const large = await measureScale("large");
console.log(
  `| page | small p50 (ms) | large p50 (ms) | p50 ratio | small req/s | large req/s | throughput ratio | CPU ms/request small (server + database) | large | CPU ratio | HTML small / large (gzip B) | queries |`,
);
console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
for (const [index, s] of small.entries()) {
  const l = large[index]!;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "–");
  const cpu = (m: Measure) => `${m.serverCpu.toFixed(2)} + ${m.databaseCpu.toFixed(2)}`;
  console.log(
    `| ${s.name} | ${s.p50} | ${l.p50} | ${ratio(l.p50, s.p50)}× | ${Math.round(s.rps)} | ${Math.round(l.rps)} | ${ratio(s.rps, l.rps)}× | ` +
      `${cpu(s)} | ${cpu(l)} | ${ratio(l.serverCpu + l.databaseCpu, s.serverCpu + s.databaseCpu)}× | ${s.gzipBytes} / ${l.gzipBytes} | ${s.queries ?? "–"} / ${l.queries ?? "–"} |`,
  );
}
