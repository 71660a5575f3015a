/**
 * Fresh base maps against a kept page (decision 0039): the production build on the demo content (throwaway PGlite),
 * the latency of `/fr` (a kept page, decision 0030) sampled every 20 ms, first alone, then while two clients ask
 * `/maps/base/<frame>.svg` for frames never drawn, one after the other as fast as they are answered. The frames are
 * tiles of map-frames.ts around Europe (levels 2 to 6); on a build that still names frames by their box, the same
 * tiles are asked for by their four numbers, so both builds draw the same pictures.
 *
 *   node --import tsx scripts/bench-map-frames.ts                 builds if stale, 10 s per phase
 *   node --import tsx scripts/bench-map-frames.ts --duration 5 --no-build --clients 8   more clients than the queue takes
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { frameGeometry, frameKey, tileRange, type BaseFrame } from "~/domain/map-frames";
import { formatBox } from "~/domain/map-view";
import { freePortFrom, startInstance } from "./soak/instances";
import { buildIfStale } from "./support/production-build.mjs";

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const seconds = Number(option("duration") ?? 10);
const attackers = Number(option("clients") ?? 2);
const SAMPLE_EVERY_MS = 20;

if (!argv.includes("--no-build")) buildIfStale();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parcours-map-frames-"));
const server = await startInstance("map-frames", await freePortFrom(7540), { DATA_DIR: dataDir, DATABASE_URL: "", DEMO_CONTENT: "always" });

async function get(url: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const response = await fetch(`${server.base}${url}`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - start };
}

/** Tiles around Europe in a random order, never twice: each one is a drawing the server has not done. */
function* freshTiles(): Generator<BaseFrame> {
  const seen = new Set<string>();
  let seed = 39;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (;;) {
    const level = 2 + Math.floor(random() * 5);
    const { xMin, xMax, yMin, yMax } = tileRange(level);
    const frame: BaseFrame = { kind: "tile", level, x: xMin, y: yMin };
    // Longitudes -10 to 30, latitudes 36 to 60: the land and borders a European zoom draws.
    const { box } = frameGeometry(frame) as { box: { east: number; west: number; north: number; south: number } };
    const [stepX, stepY] = [(box.east - box.west) / 4, (box.north - box.south) / 4];
    frame.x = Math.min(xMax, Math.round((-10 + random() * 40) / stepX));
    frame.y = Math.min(yMax, Math.max(yMin, Math.round((36 + random() * 24) / stepY)));
    const key = frameKey(frame);
    if (!seen.has(key)) {
      seen.add(key);
      yield frame;
    }
  }
}

/** The frame's address on this build: a tile's key, or (before decision 0039) its box's four numbers. */
const tileKeys = (await get("/maps/base/3_-2_28.svg")).status === 200;
const address = (frame: BaseFrame) => {
  const geometry = frameGeometry(frame);
  const key = tileKeys || geometry.kind === "world" ? frameKey(frame) : formatBox(geometry.box).replaceAll(",", "_");
  return `/maps/base/${key}.svg`;
};

async function sampleKeptPage(ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const { status, ms: took } = await get("/fr");
    if (status !== 200) throw new Error(`/fr answered ${status}`);
    latencies.push(took);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  return latencies;
}

function summary(name: string, latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `| ${name} | ${sorted.length} | ${at(0.5)} | ${at(0.9)} | ${at(0.99)} | ${sorted.at(-1)!.toFixed(1)} |`;
}

try {
  // Warm up: the kept page, the atlas (its first read is once per process), Europe's base map.
  for (let i = 0; i < 30; i++) await get("/fr");
  await get("/fr/map");
  const europe = /<img src="(\/maps\/base\/[^"]+\.svg)"/.exec(await (await fetch(`${server.base}/fr/map`)).text())?.[1];
  if (europe) await get(europe);
  await get(address({ kind: "tile", level: 4, x: 0, y: 57 }));

  const quiet = await sampleKeptPage(seconds * 1000);

  const tiles = freshTiles();
  const statuses = new Map<number, number>();
  const drawn: number[] = [];
  let asking = true;
  const attacker = async () => {
    while (asking) {
      const { status, ms } = await get(address(tiles.next().value!));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) drawn.push(ms);
    }
  };
  const attacking = Array.from({ length: attackers }, attacker);
  const attacked = await sampleKeptPage(seconds * 1000);
  asking = false;
  await Promise.all(attacking);

  console.log(`Base map addresses: ${tileKeys ? "tiles (decision 0039)" : "boxes (before decision 0039)"}; ${seconds} s per phase.\n`);
  console.log("| /fr (kept page) | requests | p50 ms | p90 ms | p99 ms | max ms |\n|---|---|---|---|---|---|");
  console.log(summary("alone", quiet));
  console.log(summary(`${attackers} clients asking fresh frames`, attacked));
  const answers = [...statuses].map(([status, count]) => `${count} × ${status}`).join(", ");
  console.log(`\nFresh frames asked: ${answers}; ${(drawn.length / seconds).toFixed(1)} drawn per second.`);
  if (drawn.length) console.log(summary("a fresh frame drawn (its own latency)", drawn).replace(/^\| /, "Fresh frame latency | "));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
