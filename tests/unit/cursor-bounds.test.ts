import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "~/domain/admin-paging";
import { decodeParkCursor as decodeApiCursor, encodeParkCursor as encodeApiCursor, API_PARK_SORTS } from "~/domain/api-paging";
import { INTEGER_MAX } from "~/domain/cursor-bounds";
import { decodeRideCursor, decodeParkCursor, encodeRideCursor, encodeParkCursor } from "~/server/ratings/review-cursor";

/**
 * Decision 0038: a decoded cursor hands SQL only values its columns can hold — a count within
 * PostgreSQL's integer, a time that exists, a finite number —, so that an edited cursor is a bad
 * cursor, never an SQL error.
 */
const id = "0b7c4a52-51d4-4a3e-9d0f-3c1e2f6a7b8c";
const at = "2026-05-01T12:00:00.123456Z";
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("review cursors", () => {
  it("round-trip the largest count the helpful_count column holds", () => {
    expect(decodeParkCursor(encodeParkCursor({ helpful: INTEGER_MAX, at, id }))).toEqual({ helpful: INTEGER_MAX, at, id });
    expect(decodeParkCursor(encodeParkCursor({ helpful: 0, at, id }))).toEqual({ helpful: 0, at, id });
    expect(decodeRideCursor(encodeRideCursor({ at, id }))).toEqual({ at, id });
  });

  it.each([
    ["a count one past integer", [INTEGER_MAX + 1, at, id]],
    ["a safe integer past integer", [Number.MAX_SAFE_INTEGER, at, id]],
    ["a year before 1000", [1, "0999-05-01T12:00:00.000000Z", id]],
  ])("refuse %s", (_name, parts) => {
    expect(decodeParkCursor(raw(parts))).toBeNull();
  });
});

describe("the public API's park cursor", () => {
  it("round-trips a whole count for the rides-count sort and the largest rating count", () => {
    const cursor = { sort: "attractions_count" as const, value: INTEGER_MAX, ratingCount: INTEGER_MAX, id };
    expect(decodeApiCursor(encodeApiCursor(cursor))).toEqual(cursor);
    expect(API_PARK_SORTS).toContain("attractions_count");
  });

  it.each([
    ["a rating count one past integer", ["rating", 4.5, INTEGER_MAX + 1, id]],
    ["a fraction for the rides-count sort (an integer column)", ["attractions_count", 1.5, 3, id]],
  ])("refuses %s", (_name, parts) => {
    expect(decodeApiCursor(raw(parts))).toBeNull();
  });
});

describe("the back office's cursors", () => {
  it("round-trip a time as PostgreSQL prints it", () => {
    for (const time of ["2026-05-01 12:00:00.123456+00", "2024-02-29 23:59:59+02:00", "2026-05-01T12:00:00Z", "2026-05-01 12:00:00-15:59"]) {
      expect(decodeCursor(encodeCursor({ at: time, id }))).toEqual({ at: time, id });
    }
  });

  it.each([
    ["a day that does not exist", "2026-02-30 12:00:00+00"],
    ["a month that does not exist", "2026-13-01 12:00:00+00"],
    ["an hour that does not exist", "2026-05-01 25:00:00+00"],
    ["an offset past 15:59", "2026-05-01 12:00:00+16"],
    ["offset minutes past 59", "2026-05-01 12:00:00+05:99"],
  ])("refuse %s", (_name, time) => {
    expect(decodeCursor(`${time}~${id}`)).toBeNull();
  });

  it("refuse an id that is not a uuid on the lists whose ids are uuids, not on the members' list", () => {
    const time = "2026-05-01 12:00:00+00";
    expect(decodeCursor(`${time}~Zk3bq9TQvOr2hYx`)).toBeNull();
    expect(decodeCursor(`${time}~Zk3bq9TQvOr2hYx`, "text")).toEqual({ at: time, id: "Zk3bq9TQvOr2hYx" });
  });
});
