import { describe, expect, it } from "vitest";
import { planDuels, type DuelOutcome } from "~/domain/duel-order";

/** A seeded generator (mulberry32), so that every run asks the same duels. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays a member's whole type: rides r0..r(n−1) whose hidden strength is their
 * number (r0 best), asked in a shuffled order; with `noise`, that share of the
 * answers is the wrong one. Returns the duels asked and the final order.
 */
function playType(n: number, noise: number, seed: number) {
  const random = seeded(seed);
  const rides = Array.from({ length: n }, (_, index) => `r${index}`);
  const eligible = [...rides].sort(() => random() - 0.5);
  const strength = (id: string) => -Number(id.slice(1));
  const duels: DuelOutcome[] = [];
  const asked = new Set<string>();
  let order: string[] = [];
  for (;;) {
    const plan = planDuels({ order, eligible, duels });
    order = plan.order;
    if (!plan.next) return { duels, order };
    const { challengerId, opponentId } = plan.next;
    const pair = [challengerId, opponentId].sort().join("|");
    expect(asked.has(pair), `pair ${pair} asked twice`).toBe(false);
    asked.add(pair);
    const right = strength(challengerId) > strength(opponentId);
    const challengerWins = random() < noise ? !right : right;
    duels.push(challengerWins ? { winnerId: challengerId, loserId: opponentId } : { winnerId: opponentId, loserId: challengerId });
  }
}

const SIZES = [5, 10, 30, 100];
const SEEDS = Array.from({ length: 20 }, (_, index) => index + 1);

describe("duels needed to order a member's rides (decision 0021)", () => {
  it("orders n rides in about n·log2 n duels when answers are consistent, and gets the hidden order", () => {
    const table: string[] = [];
    for (const n of SIZES) {
      const counts = SEEDS.map((seed) => {
        const { duels, order } = playType(n, 0, seed);
        expect(order).toEqual(Array.from({ length: n }, (_, index) => `r${index}`));
        return duels.length;
      });
      const worst = Math.max(...counts);
      expect(worst).toBeLessThanOrEqual(Math.ceil(n * Math.log2(n)));
      table.push(`n=${n}: mean ${(counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1)}, worst ${worst}, every pair ${(n * (n - 1)) / 2}`);
    }
    console.info(`consistent answers\n${table.join("\n")}`);
  });

  it("still ends, never repeats a pair and stays within n·log2 n with 10 % contradictory answers", () => {
    const table: string[] = [];
    for (const n of SIZES) {
      const counts = SEEDS.map((seed) => {
        const { duels, order } = playType(n, 0.1, seed);
        expect([...order].sort()).toEqual(Array.from({ length: n }, (_, index) => `r${index}`).sort());
        return duels.length;
      });
      const worst = Math.max(...counts);
      expect(worst).toBeLessThanOrEqual(Math.ceil(n * Math.log2(n)));
      table.push(`n=${n}: mean ${(counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1)}, worst ${worst}`);
    }
    console.info(`10 % contradictory answers\n${table.join("\n")}`);
  });

  it("asks 8 coasters' order in at most 24 duels (8·log2 8)", () => {
    for (const seed of SEEDS) expect(playType(8, 0, seed).duels.length).toBeLessThanOrEqual(24);
  });

  it("places a ride that becomes eligible later with about log2 n duels", () => {
    const { duels, order } = playType(30, 0, 7);
    const before = duels.length;
    const eligible = [...order, "r15.5"];
    const later: DuelOutcome[] = [...duels];
    let plan = planDuels({ order, eligible, duels: later });
    while (plan.next) {
      const { challengerId, opponentId } = plan.next;
      const wins = Number(challengerId.slice(1)) < Number(opponentId.slice(1));
      later.push(wins ? { winnerId: challengerId, loserId: opponentId } : { winnerId: opponentId, loserId: challengerId });
      plan = planDuels({ order: plan.order, eligible, duels: later });
    }
    expect(later.length - before).toBeLessThanOrEqual(Math.ceil(Math.log2(31)));
    expect(plan.order.indexOf("r15.5")).toBe(16);
  });

  it("drops rides no longer eligible and keeps the others' places", () => {
    const plan = planDuels({ order: ["a", "b", "c"], eligible: ["c", "a"], duels: [] });
    expect(plan).toEqual({ order: ["a", "c"], next: null });
  });

  it("places a ride whose earlier duels contradict each other where it contradicts the fewest", () => {
    // x lost to a, b and d but beat c, which is above d: below b (only "beat c" contradicted) or
    // last (only "lost to d"); every ride between was met, so the higher place.
    const duels = [
      { winnerId: "a", loserId: "x" },
      { winnerId: "b", loserId: "x" },
      { winnerId: "x", loserId: "c" },
      { winnerId: "d", loserId: "x" },
    ];
    const plan = planDuels({ order: ["a", "b", "c", "d"], eligible: ["a", "b", "c", "d", "x"], duels });
    expect(plan.next).toBeNull();
    expect(plan.order).toEqual(["a", "b", "x", "c", "d"]);
  });

  it("starts a type with no duel for the first ride and asks the second against it", () => {
    expect(planDuels({ order: [], eligible: ["a", "b"], duels: [] })).toEqual({
      order: ["a"],
      next: { challengerId: "b", opponentId: "a" },
    });
  });
});
