/**
 * Offline evaluation of "Optimiser l'ordre" (docs/decisions/0081): the exact method's time by plan size (which
 * sets EXACT_ORDER_MAX_RIDES), the heuristic against the exact optimum, the proposal against three orders a member
 * could make by hand, and the heuristic's time at 30 and 60 rides.
 *
 *   npm run eval:plan-order [-- --instances 200]
 *
 * Instances are drawn from the project's seeded generator (app/domain/seeded-random.ts), so every run draws the
 * same parks: rides in themed areas within about 1 km, a tenth without position, waits by hour with a morning
 * and an early-afternoon peak and a lunch dip, a sixth of the rides without reports, durations of 2 to 10
 * minutes. Prints Markdown tables to stdout and progress to stderr.
 */
import type { GeoPoint } from "~/domain/distance";
import { EXACT_ORDER_MAX_RIDES, proposeDayOrder } from "~/domain/plan-order";
import { exactDayOrder } from "~/domain/plan-order-exact";
import { heuristicDayOrder, heuristicKicks } from "~/domain/plan-order-heuristic";
import { createRandom, type Random } from "~/domain/seeded-random";
import { dayEnd, prepareVisitDay, type DayRide, type VisitDay, type VisitDayInput } from "~/domain/visit-day";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}
const INSTANCES = Number(option("instances") ?? 200);
const log = (message: string) => process.stderr.write(`${message}\n`);

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const ENTRANCE: GeoPoint = { latitude: 49.134, longitude: 2.571 };
function offset(north: number, east: number): GeoPoint {
  return {
    latitude: ENTRANCE.latitude + north / METRES_PER_DEGREE,
    longitude: ENTRANCE.longitude + east / (METRES_PER_DEGREE * Math.cos((ENTRANCE.latitude * Math.PI) / 180)),
  };
}

/**
 * The share of a ride's peak wait at each hour of the day: low at the 10:00 opening, a morning peak at 11:00, a
 * dip while people eat, a second peak at 14:00, a slow fall to the evening. Before the opening the opening's.
 */
const HOURLY_SHARE: Record<number, number> = { 10: 0.35, 11: 1, 12: 0.8, 13: 0.9, 14: 1, 15: 0.9, 16: 0.75, 17: 0.6, 18: 0.45 };
const shareAt = (hour: number) => HOURLY_SHARE[Math.min(18, Math.max(10, hour))]!;

/** A park of `size` rides, the member's own order being the order they are drawn in (a random one). */
function drawPark(random: Random, size: number, priorityFirst = false): VisitDayInput {
  // Five themed areas in a disc of 500 m whose centre is 450 m from the entrance; rides spread about 80 m around theirs.
  const areas = Array.from({ length: 5 }, () => {
    const angle = random.next() * 2 * Math.PI;
    const radius = 500 * Math.sqrt(random.next());
    return { north: 450 + radius * Math.cos(angle), east: radius * Math.sin(angle) };
  });
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  const waits = new Map<string, (number | null)[]>();
  const rides = Array.from({ length: size }, (_, i): DayRide => {
    const rideId = `ride-${i}`;
    // Headliners are few: the peak wait is 10 to 75 minutes, most rides near the low end.
    const peak = 10 + 65 * random.next() ** 2;
    const shift = random.int(-1, 1);
    const reported = random.chance(5 / 6);
    waits.set(
      rideId,
      Array.from({ length: 24 }, (_, hour) => (reported ? Math.round(peak * shareAt(hour + shift) * (0.8 + 0.4 * random.next())) : null)),
    );
    const area = random.pick(areas);
    return {
      rideId,
      position: random.chance(0.9) ? offset(area.north + 80 * gaussian(), area.east + 80 * gaussian()) : null,
      durationSeconds: random.chance(0.95) ? random.int(120, 600) : null,
      isPriority: random.chance(0.2),
    };
  });
  return {
    rides,
    expectedWait: (rideId, minute) => waits.get(rideId)![Math.floor(minute / 60)] ?? null,
    entrance: ENTRANCE,
    arrivalMinute: random.int(570, 630),
    priorityFirst,
  };
}

// ——— Orders a member could make by hand ———

/** The closest ride next, by walking alone; rides without a position at the end, in the member's order. */
function nearestNeighbour(day: VisitDay): number[] {
  const left = new Set(Array.from({ length: day.size }, (_, i) => i).filter((ride) => day.placeAfter[ride]! >= 0));
  const order: number[] = [];
  let place = 0;
  while (left.size > 0) {
    let next = -1;
    for (const ride of left) if (next === -1 || day.walk[place * day.size + ride]! < day.walk[place * day.size + next]!) next = ride;
    left.delete(next);
    order.push(next);
    place = day.placeAfter[next]!;
  }
  for (let ride = 0; ride < day.size; ride++) if (day.placeAfter[ride]! < 0) order.push(ride);
  return order;
}

/** The shortest wait shown at arrival first. */
function byWaitAtArrival(day: VisitDay): number[] {
  const wait = (ride: number) => day.waitAt(ride, day.input.arrivalMinute).minutes;
  return Array.from({ length: day.size }, (_, i) => i).sort((a, b) => wait(a) - wait(b) || a - b);
}

// ——— Figures ———

function quantile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}
const median = (values: readonly number[]) => quantile(values, 0.5);
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const percent = (value: number, digits: number) => `${(100 * value).toFixed(digits)} %`;

/**
 * A run's processor time (this process's, user and system) and its wall-clock time. The machine is shared: the
 * wall-clock time includes the time other processes held the processor, the processor time does not.
 */
function timed<T>(run: () => T): { value: T; cpuMs: number; wallMs: number } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { value, cpuMs: (cpu.user + cpu.system) / 1000, wallMs };
}

/** The exact method's time by size on its worst case (every ride placed, no priority rides first): 5 runs on each of 3 parks. */
function exactTimes(): string {
  const lines = [
    "| rides | exact: median ms (processor) | exact: worst ms (processor) | exact: median ms (wall clock) | preparing the day (wait tables): median ms |",
    "|---:|---:|---:|---:|---:|",
  ];
  const random = createRandom(81);
  for (let size = 12; size <= 17; size++) {
    const cpu: number[] = [];
    const wall: number[] = [];
    const preparing: number[] = [];
    for (let park = 0; park < 3; park++) {
      const input = drawPark(random, size);
      const placed = { ...input, rides: input.rides.map((ride, i) => ({ ...ride, position: ride.position ?? offset(100 + 10 * i, 0) })) };
      for (let run = 0; run < 5; run++) {
        const day = timed(() => prepareVisitDay(placed));
        preparing.push(day.cpuMs);
        const exact = timed(() => exactDayOrder(day.value));
        cpu.push(exact.cpuMs);
        wall.push(exact.wallMs);
      }
    }
    lines.push(`| ${size} | ${ms(median(cpu))} | ${ms(Math.max(...cpu))} | ${ms(median(wall))} | ${ms(median(preparing))} |`);
    log(`exact at ${size} rides: median ${ms(median(cpu))} ms`);
  }
  return lines.join("\n");
}

/** The heuristic's gap to the exact optimum, on INSTANCES parks of each size. */
function heuristicGaps(): string {
  const lines = [
    "| rides | priority first | parks | heuristic = optimum | mean gap | worst gap | worst gap, minutes |",
    "|---:|---|---:|---:|---:|---:|---:|",
  ];
  const cases = [[6, false], [8, false], [10, false], [12, false], [14, false], [16, false], [12, true], [16, true]] as const;
  for (const [size, priorityFirst] of cases) {
    const random = createRandom(1000 + size + (priorityFirst ? 1 : 0));
    const gaps: number[] = [];
    const minutes: number[] = [];
    for (let i = 0; i < INSTANCES; i++) {
      const day = prepareVisitDay(drawPark(random, size, priorityFirst));
      const optimum = dayEnd(day, exactDayOrder(day)) - day.input.arrivalMinute;
      const found = dayEnd(day, heuristicDayOrder(day)) - day.input.arrivalMinute;
      minutes.push(found - optimum);
      gaps.push((found - optimum) / optimum);
    }
    const optimal = minutes.filter((gap) => gap < 1e-6).length;
    lines.push(
      `| ${size} | ${priorityFirst ? "yes" : "no"} | ${INSTANCES} | ${optimal} (${percent(optimal / INSTANCES, 1)}) | ${percent(mean(gaps), 3)} | ${percent(Math.max(...gaps), 2)} | ${Math.max(...minutes).toFixed(1)} |`,
    );
    log(`gap at ${size} rides${priorityFirst ? ", priority first" : ""}: done`);
  }
  return lines.join("\n");
}

/** Beyond the exact method's reach: the heuristic against the same search given 20 times as many kicks. */
function longerSearchGaps(): string {
  const lines = [
    "| rides | parks | kicks (longer search) | the longer search shorter on | mean gap | worst gap | mean gap, minutes |",
    "|---:|---:|---|---:|---:|---:|---:|",
  ];
  for (const [size, parks] of [[20, 20], [30, 20], [60, 10]] as const) {
    const random = createRandom(4000 + size);
    const kicks = heuristicKicks(size);
    const gaps: number[] = [];
    const minutes: number[] = [];
    for (let i = 0; i < parks; i++) {
      const day = prepareVisitDay(drawPark(random, size));
      const found = dayEnd(day, heuristicDayOrder(day)) - day.input.arrivalMinute;
      const longer = dayEnd(day, heuristicDayOrder(day, 20 * kicks)) - day.input.arrivalMinute;
      minutes.push(found - longer);
      gaps.push((found - longer) / longer);
    }
    lines.push(
      `| ${size} | ${parks} | ${kicks} (${20 * kicks}) | ${minutes.filter((gap) => gap > 1e-6).length} | ${percent(mean(gaps), 2)} | ${percent(Math.max(...gaps), 2)} | ${mean(minutes).toFixed(1)} |`,
    );
    log(`longer search at ${size} rides: done`);
  }
  return lines.join("\n");
}

/** What the proposal saves against each hand-made order, in minutes and in share of that order's day. */
function savings(): string {
  const lines = [
    "| rides | method | proposed day (mean) | vs the member's own (random) | vs nearest ride next | vs shortest wait at arrival first |",
    "|---:|---|---:|---:|---:|---:|",
  ];
  for (const size of [6, 10, 15, 20, 30, 45, 60]) {
    const random = createRandom(2000 + size);
    const parks = size > EXACT_ORDER_MAX_RIDES ? Math.min(INSTANCES, 50) : INSTANCES;
    const proposed: number[] = [];
    const saved = { own: [] as number[], nearest: [] as number[], byWait: [] as number[] };
    const share = { own: [] as number[], nearest: [] as number[], byWait: [] as number[] };
    let method = "";
    for (let i = 0; i < parks; i++) {
      const input = drawPark(random, size);
      const day = prepareVisitDay(input);
      const proposal = proposeDayOrder(input);
      method = proposal.method;
      const total = proposal.proposed.totalMinutes;
      proposed.push(total);
      const baselines = {
        own: proposal.own.totalMinutes,
        nearest: dayEnd(day, nearestNeighbour(day)) - input.arrivalMinute,
        byWait: dayEnd(day, byWaitAtArrival(day)) - input.arrivalMinute,
      };
      for (const key of ["own", "nearest", "byWait"] as const) {
        saved[key].push(baselines[key] - total);
        share[key].push((baselines[key] - total) / baselines[key]);
      }
    }
    const cell = (key: keyof typeof saved) => `${Math.round(mean(saved[key]))} min (${percent(mean(share[key]), 1)})`;
    lines.push(`| ${size} | ${method} (${parks} parks) | ${Math.round(mean(proposed))} min | ${cell("own")} | ${cell("nearest")} | ${cell("byWait")} |`);
    log(`savings at ${size} rides: done`);
  }
  return lines.join("\n");
}

/** The heuristic's time, and the whole proposal's (the wait tables included), on 20 parks × 5 runs. */
function heuristicTimes(): string {
  const lines = [
    "| rides | heuristic: median ms (processor) | heuristic: worst ms (processor) | heuristic: median ms (wall clock) | whole proposal: median ms (processor) | whole proposal: worst ms (processor) |",
    "|---:|---:|---:|---:|---:|---:|",
  ];
  for (const size of [16, 30, 60]) {
    const random = createRandom(3000 + size);
    const cpu: number[] = [];
    const wall: number[] = [];
    const whole: number[] = [];
    for (let park = 0; park < 20; park++) {
      const input = drawPark(random, size);
      const day = prepareVisitDay(input);
      for (let run = 0; run < 5; run++) {
        const heuristic = timed(() => heuristicDayOrder(day));
        cpu.push(heuristic.cpuMs);
        wall.push(heuristic.wallMs);
        whole.push(timed(() => proposeDayOrder(input)).cpuMs);
      }
    }
    lines.push(`| ${size} | ${ms(median(cpu))} | ${ms(Math.max(...cpu))} | ${ms(median(wall))} | ${ms(median(whole))} | ${ms(Math.max(...whole))} |`);
    log(`times at ${size} rides: done`);
  }
  return lines.join("\n");
}

// The first runs of each function are slower while the engine compiles them; a few throwaway days first.
{
  const random = createRandom(7);
  for (let i = 0; i < 20; i++) {
    const day = prepareVisitDay(drawPark(random, 12));
    exactDayOrder(day);
    heuristicDayOrder(day);
  }
}

console.log(`## Ordering the day: evaluation (Node ${process.version}, ${INSTANCES} parks a size)\n`);
console.log(`### The exact method's time\n\n${exactTimes()}\n`);
console.log(`### The heuristic against the exact optimum (gap = share of the optimal day)\n\n${heuristicGaps()}\n`);
console.log(`### The heuristic against a longer search (gap = share of the longer search's day)\n\n${longerSearchGaps()}\n`);
console.log(`### Minutes saved by the proposal (exact up to ${EXACT_ORDER_MAX_RIDES} rides, heuristic above)\n\n${savings()}\n`);
console.log(`### The heuristic's time\n\n${heuristicTimes()}`);
