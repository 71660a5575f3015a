import { describe, expect, it } from "vitest";
import { checkPlanComplete, checkPlanSave, PLAN_ENTRIES_MAX, PLAN_NAME_MAX, planTotals, WAIT_SECONDS_PER_RIDE } from "~/domain/visit-plan";

const A = "0b6a4a52-54a4-4a3e-9a4c-1c1f4b7f2a01";
const B = "0b6a4a52-54a4-4a3e-9a4c-1c1f4b7f2a02";
const bad = { ok: false, error: "plans.errors.badRequest" };

describe("planTotals (ride time and 30 minutes of waiting per ride still to do)", () => {
  it("is zero for an empty plan, with nothing planned", () => {
    expect(planTotals([])).toEqual({ rideSeconds: 0, ridesWithoutDuration: 0, waitSeconds: 0, totalSeconds: 0, planned: 0, done: 0 });
  });

  it("sums known durations, counts the unknown ones, and waits 30 minutes per ride", () => {
    expect(WAIT_SECONDS_PER_RIDE).toBe(1800);
    const totals = planTotals([
      { durationSeconds: 120, removed: false },
      { durationSeconds: null, removed: false },
      { durationSeconds: 300, removed: false },
    ]);
    expect(totals).toEqual({ rideSeconds: 420, ridesWithoutDuration: 1, waitSeconds: 3 * 1800, totalSeconds: 420 + 3 * 1800, planned: 3, done: 0 });
  });

  it("leaves removed rides out of everything", () => {
    expect(
      planTotals([
        { durationSeconds: 120, removed: false },
        { durationSeconds: 600, removed: true },
        { durationSeconds: null, removed: true },
      ]),
    ).toEqual({ rideSeconds: 120, ridesWithoutDuration: 0, waitSeconds: 1800, totalSeconds: 1920, planned: 1, done: 0 });
  });

  it("counts only the rides still to do in the times, and the done ones in the progress", () => {
    expect(
      planTotals([
        { durationSeconds: 120, removed: false, completed: true },
        { durationSeconds: null, removed: false, completed: true },
        { durationSeconds: 300, removed: false, completed: false },
        { durationSeconds: null, removed: false, completed: false },
        { durationSeconds: 90, removed: true, completed: true },
      ]),
    ).toEqual({ rideSeconds: 300, ridesWithoutDuration: 1, waitSeconds: 2 * 1800, totalSeconds: 300 + 2 * 1800, planned: 4, done: 2 });
  });

  it("has nothing left once every ride is done", () => {
    expect(
      planTotals([
        { durationSeconds: 120, removed: false, completed: true },
        { durationSeconds: 600, removed: false, completed: true },
      ]),
    ).toEqual({ rideSeconds: 0, ridesWithoutDuration: 0, waitSeconds: 0, totalSeconds: 0, planned: 2, done: 2 });
  });
});

describe("checkPlanSave (an untrusted JSON body)", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    intent: "save",
    version: 3,
    name: "  Samedi en famille ",
    entries: [
      { rideId: A, isPriority: true },
      { rideId: B.toUpperCase(), isPriority: false },
    ],
    ...overrides,
  });

  it("reads a plan: trimmed name, lower-cased ids in the order sent, nothing else kept", () => {
    expect(checkPlanSave(body({ extra: 1 }))).toEqual({
      ok: true,
      value: {
        version: 3,
        name: "Samedi en famille",
        entries: [
          { rideId: A, isPriority: true },
          { rideId: B, isPriority: false },
        ],
      },
    });
  });

  it("never reads `completed`: only a completion sets it", () => {
    const checked = checkPlanSave(body({ entries: [{ rideId: A, isPriority: false, completed: true }] }));
    expect(checked).toEqual({ ok: true, value: { version: 3, name: "Samedi en famille", entries: [{ rideId: A, isPriority: false }] } });
  });

  it("takes an empty or blank name as the default one, and up to the limits", () => {
    expect(checkPlanSave(body({ name: "   " }))).toMatchObject({ ok: true, value: { name: "" } });
    expect(checkPlanSave(body({ name: "é".repeat(PLAN_NAME_MAX) }))).toMatchObject({ ok: true });
    const full = Array.from({ length: PLAN_ENTRIES_MAX }, (_, index) => ({ rideId: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`, isPriority: false }));
    expect(checkPlanSave(body({ entries: full }))).toMatchObject({ ok: true });
    expect(checkPlanSave(body({ version: 0, entries: [] }))).toMatchObject({ ok: true });
  });

  it("refuses whatever is not a plan", () => {
    const tooMany = Array.from({ length: PLAN_ENTRIES_MAX + 1 }, (_, index) => ({ rideId: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`, isPriority: false }));
    for (const value of [
      null,
      "plan",
      [body()],
      body({ version: undefined }),
      body({ version: "3" }),
      body({ version: -1 }),
      body({ version: 1.5 }),
      body({ version: 2 ** 31 }),
      body({ name: undefined }),
      body({ name: 12 }),
      body({ name: "n".repeat(PLAN_NAME_MAX + 1) }),
      body({ name: "a\u0000b" }),
      body({ name: "a\nb" }),
      body({ entries: undefined }),
      body({ entries: "A" }),
      body({ entries: [A] }),
      body({ entries: [{ rideId: "not-a-uuid", isPriority: false }] }),
      body({ entries: [{ rideId: A }] }),
      body({ entries: [{ rideId: A, isPriority: 1 }] }),
      body({ entries: [{ rideId: A, isPriority: false }, { rideId: A.toUpperCase(), isPriority: true }] }),
      body({ entries: tooMany }),
    ]) {
      expect(checkPlanSave(value), JSON.stringify(value)?.slice(0, 80)).toEqual(bad);
    }
  });
});

describe("checkPlanComplete", () => {
  it("reads a ride id and a version, and refuses anything else", () => {
    expect(checkPlanComplete({ intent: "complete", rideId: A.toUpperCase(), version: 2 })).toEqual({ ok: true, value: { rideId: A, version: 2 } });
    for (const value of [null, {}, { rideId: A }, { rideId: "x", version: 1 }, { rideId: A, version: -1 }, { rideId: A, version: "1" }]) {
      expect(checkPlanComplete(value)).toEqual(bad);
    }
  });
});
