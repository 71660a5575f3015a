import { describe, expect, it } from "vitest";
import { isSameSet, isTopListIntent, isTopListKind, moveItem, topListItemPath } from "~/domain/top-lists";

describe("moveItem", () => {
  const list = ["a", "b", "c", "d"];

  it("moves an item down and up, the others keeping their order", () => {
    expect(moveItem(list, 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(list, 3, 1)).toEqual(["a", "d", "b", "c"]);
    expect(moveItem(list, 1, 1)).toEqual(list);
  });

  it("clamps the target to the list and ignores an index outside it", () => {
    expect(moveItem(list, 1, -5)).toEqual(["b", "a", "c", "d"]);
    expect(moveItem(list, 1, 99)).toEqual(["a", "c", "d", "b"]);
    expect(moveItem(list, 7, 0)).toEqual(list);
    expect(moveItem([], 0, 0)).toEqual([]);
  });

  it("returns a new array and leaves the input alone", () => {
    const moved = moveItem(list, 0, 1);
    expect(moved).not.toBe(list);
    expect(list).toEqual(["a", "b", "c", "d"]);
  });
});

describe("isSameSet", () => {
  it("accepts the same ids in any order, refuses missing, extra or repeated ones", () => {
    expect(isSameSet(["a", "b"], ["b", "a"])).toBe(true);
    expect(isSameSet([], [])).toBe(true);
    expect(isSameSet(["a", "b"], ["a"])).toBe(false);
    expect(isSameSet(["a", "b"], ["a", "b", "c"])).toBe(false);
    expect(isSameSet(["a", "b"], ["a", "a"])).toBe(false);
    expect(isSameSet(["a", "b"], ["a", "c"])).toBe(false);
  });
});

describe("top list names and paths", () => {
  it("knows its kinds and intents only", () => {
    expect(isTopListKind("park")).toBe(true);
    expect(isTopListKind("attraction")).toBe(true);
    expect(isTopListKind("duel")).toBe(false);
    expect(isTopListIntent("reorder")).toBe(true);
    expect(isTopListIntent("clear")).toBe(false);
  });

  it("links a park to /{park} and an attraction to /{park}/{attraction}", () => {
    expect(topListItemPath({ slug: "parc-asterix", parkSlug: null })).toBe("/parc-asterix");
    expect(topListItemPath({ slug: "oziris", parkSlug: "parc-asterix" })).toBe("/parc-asterix/oziris");
  });
});
