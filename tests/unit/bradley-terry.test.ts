import { describe, expect, it } from "vitest";
import { BRADLEY_TERRY_PRIOR_VARIANCE, fitBradleyTerry, rideStrength, winProbability } from "~/domain/bradley-terry";
import type { DuelOutcome } from "~/domain/duel-order";
import { createRandom } from "~/domain/seeded-random";
import { wilsonLowerBound } from "~/domain/ranking-scores";

const duel = (winnerId: string, loserId: string): DuelOutcome => ({ winnerId, loserId });
const times = (count: number, outcome: DuelOutcome) => Array.from({ length: count }, () => outcome);

/** Duels between n rides whose true log-strengths are spread from −2 to 2, answered by the model itself. */
function randomDuels(seed: number, n: number, count: number): DuelOutcome[] {
  const random = createRandom(seed).next;
  const strength = (i: number) => -2 + (4 * i) / (n - 1);
  return Array.from({ length: count }, () => {
    const a = Math.floor(random() * n);
    const b = (a + 1 + Math.floor(random() * (n - 1))) % n;
    return random() < winProbability(strength(a), strength(b)) ? duel(`r${a}`, `r${b}`) : duel(`r${b}`, `r${a}`);
  });
}

describe("fitBradleyTerry", () => {
  it("ranks a ride that beat strong opponents above one with the same record against weak ones", () => {
    const strong = ["s1", "s2", "s3", "s4"];
    const weak = ["w1", "w2", "w3", "w4"];
    // The strong rides beat the weak ones, twice each pair: that is what makes them strong.
    const field = strong.flatMap((s) => weak.flatMap((w) => times(2, duel(s, w))));
    const againstStrong = [duel("a", "s1"), duel("a", "s2"), duel("a", "s3"), duel("s4", "a")];
    const againstWeak = [duel("b", "w1"), duel("b", "w2"), duel("b", "w3"), duel("w4", "b")];
    const fit = fitBradleyTerry([...field, ...againstStrong, ...againstWeak]);
    const a = rideStrength(fit, "a");
    const b = rideStrength(fit, "b");
    expect([a.wins, a.losses, b.wins, b.losses]).toEqual([3, 1, 3, 1]);
    expect(a.strength).toBeGreaterThan(b.strength + 0.5);
    // Wilson sees the same 3–1 twice.
    expect(wilsonLowerBound(a.wins, a.losses)).toBe(wilsonLowerBound(b.wins, b.losses));
  });

  it("keeps a 1–0 ride near the prior, uncertain, and below a 30–5 ride", () => {
    const field = ["o0", "o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8", "o9"];
    // The field plays itself evenly: each pair once each way.
    const even = field.flatMap((x) => field.filter((y) => y !== x).map((y) => duel(x, y)));
    const thirtyFive = [...field.flatMap((o) => times(3, duel("champion", o))), ...field.slice(0, 5).map((o) => duel(o, "champion"))];
    const fit = fitBradleyTerry([...even, ...thirtyFive, duel("lucky", "o5")]);
    const champion = rideStrength(fit, "champion");
    const lucky = rideStrength(fit, "lucky");
    expect([champion.wins, champion.losses, lucky.wins, lucky.losses]).toEqual([30, 5, 1, 0]);
    expect(champion.strength).toBeGreaterThan(lucky.strength + 1);
    expect(lucky.strength).toBeGreaterThan(0);
    expect(lucky.strength).toBeLessThan(0.5);
    // One duel barely narrows the prior's sd of 1; thirty-five narrow it by more than half.
    expect(lucky.sd).toBeGreaterThan(0.85 * Math.sqrt(BRADLEY_TERRY_PRIOR_VARIANCE));
    expect(champion.sd).toBeLessThan(0.5);
    expect(lucky.sd).toBeGreaterThan(2 * champion.sd);
  });

  it("gives equal strengths, at the prior's mean, to rides whose results are symmetric", () => {
    const cycle = fitBradleyTerry([duel("a", "b"), duel("b", "c"), duel("c", "a")]);
    const roundTrip = fitBradleyTerry(["a", "b", "c", "d"].flatMap((x) => ["a", "b", "c", "d"].filter((y) => y !== x).map((y) => duel(x, y))));
    for (const fit of [cycle, roundTrip]) {
      for (const { strength } of fit.rides.values()) expect(strength).toBeCloseTo(0, 10);
      const sds = [...fit.rides.values()].map((ride) => ride.sd);
      for (const sd of sds) expect(sd).toBeCloseTo(sds[0]!, 12);
    }
  });

  it("is deterministic, and the duels' order changes nothing but rounding", () => {
    const duels = randomDuels(7, 60, 900);
    const first = fitBradleyTerry(duels);
    expect(fitBradleyTerry(duels)).toEqual(first);
    const reversed = fitBradleyTerry([...duels].reverse());
    for (const [id, ride] of first.rides) expect(rideStrength(reversed, id).strength).toBeCloseTo(ride.strength, 9);
  });

  it("reaches the posterior's mode: every ride's wins equal its expected wins plus the prior's pull", () => {
    const duels = randomDuels(11, 40, 500);
    const fit = fitBradleyTerry(duels);
    expect(fit.converged).toBe(true);
    expect(fit.iterations).toBeLessThan(20);
    const expected = new Map<string, number>();
    for (const { winnerId, loserId } of duels) {
      const p = winProbability(rideStrength(fit, winnerId).strength, rideStrength(fit, loserId).strength);
      expected.set(winnerId, (expected.get(winnerId) ?? 0) + p);
      expected.set(loserId, (expected.get(loserId) ?? 0) + 1 - p);
    }
    for (const [id, ride] of fit.rides) {
      expect(ride.wins - expected.get(id)! - ride.strength / BRADLEY_TERRY_PRIOR_VARIANCE).toBeCloseTo(0, 5);
    }
  });

  it("recovers the true order from many duels, and a tighter prior shrinks strengths more", () => {
    const duels = randomDuels(3, 20, 4000);
    const fit = fitBradleyTerry(duels);
    const strengths = Array.from({ length: 20 }, (_, i) => rideStrength(fit, `r${i}`).strength);
    expect(strengths[19]! - strengths[0]!).toBeGreaterThan(3);
    expect(strengths.filter((s, i) => i > 0 && s < strengths[i - 1]!).length).toBeLessThanOrEqual(3);
    const tight = fitBradleyTerry(duels, { priorVariance: 0.05 });
    expect(rideStrength(tight, "r19").strength).toBeLessThan(strengths[19]!);
    expect(rideStrength(tight, "r19").strength).toBeGreaterThan(0);
  });

  it("gives an unseen ride the prior, and an empty type an empty fit", () => {
    const empty = fitBradleyTerry([]);
    expect(empty.rides.size).toBe(0);
    expect(empty.converged).toBe(true);
    expect(rideStrength(empty, "x")).toEqual({ strength: 0, sd: Math.sqrt(BRADLEY_TERRY_PRIOR_VARIANCE), wins: 0, losses: 0 });
    expect(() => fitBradleyTerry([], { priorVariance: 0 })).toThrow();
  });
});

describe("winProbability", () => {
  it("is a half between equals, symmetric, and 73 % one unit up", () => {
    expect(winProbability(0.3, 0.3)).toBe(0.5);
    expect(winProbability(1, 0) + winProbability(0, 1)).toBeCloseTo(1, 15);
    expect(winProbability(1, 0)).toBeCloseTo(0.731, 3);
  });
});
