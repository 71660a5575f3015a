import { describe, expect, it } from "vitest";
import { checkRideLogRequest, countsOnly, latestRideDate, parseRideLogFields, type CreditFigures } from "~/domain/ride-log";

/** The ride log's form and request rules (docs/rules/ride-log.md#logging-a-ride). */
const ID = "0b7c2f4e-9a51-4c1e-8f3a-2d6b7e8c9d01";
const fields = (overrides: Partial<Parameters<typeof parseRideLogFields>[0]> = {}) => ({ id: ID, riddenOn: "2026-07-14", dateUnknown: false, times: "2", note: "  Premier rang  ", ...overrides });

describe("an entry's fields", () => {
  it("reads a date, a count and a trimmed note; an empty count is one, an empty note none", () => {
    expect(parseRideLogFields(fields(), "2026-07-15")).toEqual({ ok: true, entry: { id: ID, riddenOn: "2026-07-14", times: 2, note: "Premier rang" } });
    expect(parseRideLogFields(fields({ times: "", note: "   " }), "2026-07-15")).toEqual({ ok: true, entry: { id: ID, riddenOn: "2026-07-14", times: 1, note: null } });
  });

  it("takes 'Date inconnue' as no date, whatever the date field holds", () => {
    expect(parseRideLogFields(fields({ dateUnknown: true, riddenOn: "n'importe" }), "2026-07-15")).toMatchObject({ ok: true, entry: { riddenOn: null } });
  });

  it("refuses a date that is no calendar day, one before 1900, and one after the latest allowed", () => {
    for (const riddenOn of ["2026-02-30", "14/07/2026", "2026-7-14", "", "1899-12-31"]) {
      expect(parseRideLogFields(fields({ riddenOn }), "2026-07-15")).toEqual({ ok: false, error: "rideLog.errors.date" });
    }
    expect(parseRideLogFields(fields({ riddenOn: "2026-07-16" }), "2026-07-15")).toEqual({ ok: false, error: "rideLog.errors.dateFuture" });
    expect(parseRideLogFields(fields({ riddenOn: "2026-07-15" }), "2026-07-15").ok).toBe(true);
  });

  it("takes 1 to 99 rides, and a note of at most 280 characters", () => {
    for (const times of ["0", "100", "-1", "1.5", "deux"]) expect(parseRideLogFields(fields({ times }), "2026-07-15")).toEqual({ ok: false, error: "rideLog.errors.times" });
    expect(parseRideLogFields(fields({ times: "99" }), "2026-07-15").ok).toBe(true);
    expect(parseRideLogFields(fields({ note: "é".repeat(280) }), "2026-07-15").ok).toBe(true);
    expect(parseRideLogFields(fields({ note: "é".repeat(281) }), "2026-07-15")).toEqual({ ok: false, error: "rideLog.errors.noteTooLong" });
  });

  it("allows tomorrow in UTC: a member east of UTC is a day ahead", () => {
    expect(latestRideDate(new Date("2026-07-14T23:30:00Z"))).toBe("2026-07-15");
  });
});

describe("a write's body", () => {
  const latest = "2026-07-15";
  it("reads each intent", () => {
    expect(checkRideLogRequest({ intent: "log", rideId: "r", entry: { id: ID, riddenOn: "2026-07-01", times: 3 } }, latest)).toEqual({
      ok: true,
      request: { intent: "log", rideId: "r", entry: { id: ID, riddenOn: "2026-07-01", times: 3, note: null } },
    });
    expect(checkRideLogRequest({ intent: "log", rideId: "r", entry: { id: ID, riddenOn: null } }, latest)).toMatchObject({ ok: true, request: { entry: { riddenOn: null, times: 1 } } });
    expect(checkRideLogRequest({ intent: "edit", entry: { id: ID, riddenOn: "2026-07-01", times: "4", note: "x" } }, latest)).toMatchObject({ ok: true, request: { intent: "edit" } });
    expect(checkRideLogRequest({ intent: "delete", entryId: ID, rideId: "r" }, latest)).toEqual({ ok: true, request: { intent: "delete", entryId: ID, rideId: "r" } });
    // A delete the outbox stored before deletes carried their ride.
    expect(checkRideLogRequest({ intent: "delete", entryId: ID }, latest)).toEqual({ ok: true, request: { intent: "delete", entryId: ID } });
    expect(checkRideLogRequest({ intent: "wish", rideId: "r", wished: false }, latest)).toEqual({ ok: true, request: { intent: "wish", rideId: "r", wished: false } });
    expect(checkRideLogRequest({ intent: "settings", coastersOnly: true, countRemoved: false, visibility: "log" }, latest)).toEqual({
      ok: true,
      request: { intent: "settings", coastersOnly: true, countRemoved: false, visibility: "log" },
    });
  });

  it("refuses what no page of ours sends, and an entry breaking a rule with that rule's message", () => {
    for (const body of [
      undefined,
      null,
      "log",
      { intent: "rate" },
      { intent: "log", entry: { id: ID } },
      { intent: "log", rideId: "r", entry: { id: 5, riddenOn: "2026-07-01" } },
      { intent: "log", rideId: "r", entry: "x" },
      { intent: "delete" },
      { intent: "delete", entryId: ID, rideId: 5 },
      { intent: "delete", entryId: ID, rideId: null },
      { intent: "wish", rideId: "r", wished: "yes" },
      { intent: "settings", coastersOnly: true, countRemoved: false, visibility: "friends" },
    ]) {
      expect(checkRideLogRequest(body, latest)).toEqual({ ok: false, error: "rideLog.errors.badRequest" });
    }
    expect(checkRideLogRequest({ intent: "log", rideId: "r", entry: { id: ID, riddenOn: "2026-08-01" } }, latest)).toEqual({ ok: false, error: "rideLog.errors.dateFuture" });
  });
});

it("shows a log's counts without its rides", () => {
  const ride = { rideId: "r", name: "R", slug: "r", parkName: "P", parkSlug: "p", times: 2, firstOn: null, lastOn: null };
  const figures: CreditFigures = { rules: { coastersOnly: false, countRemoved: true }, total: 1, byType: [], byPark: [], parkCount: 0, byCountry: [], first: ride, latest: ride, mostRidden: [ride], byYear: [] };
  expect(countsOnly(figures)).toEqual({ ...figures, first: null, latest: null, mostRidden: [] });
});
