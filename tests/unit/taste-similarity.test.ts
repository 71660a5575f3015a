import { describe, expect, it } from "vitest";
import {
  TASTE_MIN_CO_RATED,
  TASTE_SHRINKAGE,
  buildTasteIndex,
  findTasteNeighbours,
  memberRatings,
  tasteSimilarity,
  type TasteDuel,
  type TasteNeighbour,
  type TasteRating,
} from "~/domain/taste-similarity";

/** One member's ratings: ride i gets stars[i]. */
const rate = (memberId: string, stars: number[], prefix = "ride"): TasteRating[] =>
  stars.map((rating, i) => ({ memberId, rideId: `${prefix}-${i}`, rating }));

const liking = [5, 4, 5, 2, 1, 4, 2, 5, 1, 3, 4, 2];
const opposite = liking.map((stars) => 6 - stars);

describe("taste similarity (docs/decisions/0078)", () => {
  it("finds the same taste close, an opposed one negative", () => {
    const index = buildTasteIndex([...rate("ana", liking), ...rate("ben", liking), ...rate("cleo", opposite)]);
    const same = tasteSimilarity(index, "ana", "ben")!;
    const opposed = tasteSimilarity(index, "ana", "cleo")!;
    // A perfect correlation over 12 rides, shrunk by 12 / (12 + λ).
    expect(same.coRated).toBe(12);
    expect(same.similarity).toBeCloseTo(12 / (12 + TASTE_SHRINKAGE), 10);
    expect(opposed.similarity).toBeCloseTo(-12 / (12 + TASTE_SHRINKAGE), 10);
  });

  it("measures taste relative to each member's own mean: a harsher rater of the same taste is still close", () => {
    const harsh = liking.map((stars) => Math.max(1, stars - 1));
    const index = buildTasteIndex([...rate("ana", liking), ...rate("ben", harsh)]);
    expect(tasteSimilarity(index, "ana", "ben")!.similarity).toBeGreaterThan(0.5);
  });

  it("shrinks a small overlap toward zero, and gives nothing below the minimum overlap", () => {
    const index = buildTasteIndex([
      ...rate("ana", liking),
      ...rate("ben", liking),
      // Dan shares only the first three rides (the minimum), with the same taste on them.
      ...rate("dan", liking.slice(0, TASTE_MIN_CO_RATED)),
      // Eve shares two.
      ...rate("eve", liking.slice(0, TASTE_MIN_CO_RATED - 1)),
    ]);
    const many = tasteSimilarity(index, "ana", "ben")!.similarity;
    const few = tasteSimilarity(index, "ana", "dan")!;
    expect(few.coRated).toBe(TASTE_MIN_CO_RATED);
    expect(few.similarity).toBeGreaterThan(0);
    expect(few.similarity).toBeLessThan(many);
    expect(tasteSimilarity(index, "ana", "eve")).toBeNull();
    expect(tasteSimilarity(index, "ana", "nobody")).toBeNull();
    expect(tasteSimilarity(index, "ana", "ana")).toBeNull();
  });

  it("counts shared duels: agreeing raises the similarity, disagreeing lowers it; a duel's rides must be rated", () => {
    const ratings = [...rate("ana", liking), ...rate("ben", liking), ...rate("cleo", liking)];
    const duel = (memberId: string, winner: number, loser: number): TasteDuel => ({ memberId, winnerId: `ride-${winner}`, loserId: `ride-${loser}` });
    const duels = [
      duel("ana", 0, 2),
      duel("ana", 1, 5),
      duel("ben", 0, 2),
      duel("ben", 1, 5),
      duel("cleo", 2, 0),
      duel("cleo", 5, 1),
      // Not rated by Ben: ignored.
      duel("ben", 0, 99),
    ];
    const plain = tasteSimilarity(buildTasteIndex(ratings), "ana", "ben")!;
    const index = buildTasteIndex(ratings, duels);
    const agreeing = tasteSimilarity(index, "ana", "ben")!;
    const disagreeing = tasteSimilarity(index, "ana", "cleo")!;
    expect(agreeing.sharedDuels).toBe(2);
    expect(disagreeing.sharedDuels).toBe(2);
    expect(agreeing.similarity).toBeGreaterThan(plain.similarity);
    expect(disagreeing.similarity).toBeLessThan(plain.similarity);
    // (12 × 1 + 2 × 1) / 14 shrunk by 14 / (14 + λ); (12 × 1 − 2) / 14 likewise.
    expect(agreeing.similarity).toBeCloseTo(14 / (14 + TASTE_SHRINKAGE), 10);
    expect(disagreeing.similarity).toBeCloseTo((10 / 14) * (14 / (14 + TASTE_SHRINKAGE)), 10);
  });

  it("gives a member who rates everything alike no rating similarity, but their duels still count", () => {
    const flat = liking.map(() => 4);
    const index = buildTasteIndex([...rate("ana", liking), ...rate("flat", flat)], [
      { memberId: "ana", winnerId: "ride-0", loserId: "ride-1" },
      { memberId: "flat", winnerId: "ride-0", loserId: "ride-1" },
    ]);
    const similarity = tasteSimilarity(index, "ana", "flat")!;
    expect(similarity.sharedDuels).toBe(1);
    expect(similarity.similarity).toBeCloseTo(13 / (13 + TASTE_SHRINKAGE), 10);
  });

  it("keeps a member's last rating of a ride and reads their ratings and mean back", () => {
    const index = buildTasteIndex([
      { memberId: "ana", rideId: "a", rating: 2 },
      { memberId: "ana", rideId: "b", rating: 4 },
      { memberId: "ana", rideId: "a", rating: 5 },
    ]);
    const read = memberRatings(index, "ana")!;
    expect(read.ratings.sort((x, y) => (x.rideId < y.rideId ? -1 : 1))).toEqual([
      { rideId: "a", rating: 5 },
      { rideId: "b", rating: 4 },
    ]);
    expect(read.mean).toBe(4.5);
    expect(memberRatings(index, "nobody")).toBeNull();
  });

  it("lists each member's closest members, closest first, positive only, and shows only those the predicate accepts", () => {
    const index = buildTasteIndex([
      ...rate("ana", liking),
      ...rate("ben", liking),
      ...rate("ben2", liking.slice(0, 8)),
      ...rate("cleo", opposite),
      ...rate("hidden", liking),
    ]);
    const neighbours = findTasteNeighbours(index, { canShow: (memberId) => memberId !== "hidden" });
    const ana = neighbours.get("ana")!;
    const first: TasteNeighbour | undefined = ana.all[0];
    expect(first?.similarity).toBeGreaterThan(0);
    // Ben and Hidden tie (same ratings): by id. Cleo (opposed) is never a neighbour.
    expect(ana.all.map((row) => row.memberId)).toEqual(["ben", "hidden", "ben2"]);
    expect(ana.all[0]).toMatchObject({ coRated: 12, sharedDuels: 0 });
    expect(ana.shown.map((row) => row.memberId)).toEqual(["ben", "ben2"]);
    expect(neighbours.get("cleo")!.all).toEqual([]);
    expect(findTasteNeighbours(index, { k: 1, members: ["ana"] })).toEqual(
      new Map([["ana", { all: [ana.all[0]], shown: [ana.all[0]] }]]),
    );
  });

  it("finds the same neighbours when the scan budget is tight: the rarest rides are scanned first", () => {
    // 40 members share a popular ride; Ana and Ben also share 6 rides nobody else rated.
    const ratings: TasteRating[] = [...rate("ana", liking.slice(0, 6), "rare"), ...rate("ben", liking.slice(0, 6), "rare")];
    for (let m = 0; m < 40; m++) ratings.push({ memberId: `crowd-${m}`, rideId: "popular", rating: 4 });
    ratings.push({ memberId: "ana", rideId: "popular", rating: 5 }, { memberId: "ben", rideId: "popular", rating: 5 });
    const index = buildTasteIndex(ratings);
    const neighbours = findTasteNeighbours(index, { scanBudget: 10, candidates: 2, members: ["ana"] });
    expect(neighbours.get("ana")!.all.map((row) => row.memberId)).toEqual(["ben"]);
  });
});
