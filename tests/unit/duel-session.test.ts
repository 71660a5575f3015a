import { describe, expect, it } from "vitest";
import { addSessionResult } from "~/domain/duel-session";

const ride = (id: string) => ({ id, name: id.toUpperCase(), parkName: "Parc" });

describe("the duels page's session ranking", () => {
  it("counts each ride's wins and losses of the visit, best balance first", () => {
    let rows = addSessionResult([], ride("a"), ride("b"));
    rows = addSessionResult(rows, ride("c"), ride("a"));
    rows = addSessionResult(rows, ride("c"), ride("b"));
    expect(rows.map(({ id, wins, losses }) => [id, wins, losses])).toEqual([
      ["c", 2, 0],
      ["a", 1, 1],
      ["b", 0, 2],
    ]);
  });

  it("breaks a tie on balance by wins, then by name, and leaves the previous ranking unchanged", () => {
    // x: 2 wins, 1 loss; y: 1 win; both +1. Then b and a: 1 win each, +1 too.
    let rows = addSessionResult([], ride("x"), ride("z"));
    rows = addSessionResult(rows, ride("z"), ride("x"));
    rows = addSessionResult(rows, ride("x"), ride("w"));
    const before = addSessionResult(rows, ride("y"), ride("v"));
    const after = addSessionResult(addSessionResult(before, ride("b"), ride("u")), ride("a"), ride("t"));
    expect(after.slice(0, 4).map((row) => row.id)).toEqual(["x", "a", "b", "y"]);
    expect(before.map((row) => row.id)).toEqual(["x", "y", "z", "v", "w"]);
  });
});
