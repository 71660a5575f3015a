import { describe, expect, it } from "vitest";
import { addPlanEntry, childAccess, formatPlanTime, mergeSavedPlan, planSaveInput, samePlanContent, storedAfterSave } from "~/domain/plan-editing";
import type { PlanEntryView, VisitPlanView } from "~/domain/visit-plan";

const entry = (rideId: string, fields: Partial<PlanEntryView> = {}): PlanEntryView => ({
  rideId,
  name: rideId.toUpperCase(),
  slug: rideId,
  durationSeconds: 120,
  minHeightAlone: null,
  minHeightForbidden: null,
  removed: false,
  isPriority: false,
  completed: false,
  ...fields,
});

const plan = (entries: PlanEntryView[], fields: Partial<VisitPlanView> = {}): VisitPlanView => ({ parkId: "p", name: "", version: 3, saved: true, entries, ...fields });

describe("planSaveInput", () => {
  it("sends the version read, the name and each ride's id and priority in order, never `completed`", () => {
    const input = planSaveInput(plan([entry("b", { isPriority: true, completed: true }), entry("a")], { name: "Samedi" }));
    expect(input).toEqual({
      version: 3,
      name: "Samedi",
      entries: [
        { rideId: "b", isPriority: true },
        { rideId: "a", isPriority: false },
      ],
    });
  });
});

describe("addPlanEntry", () => {
  it("appends a ride once, its figures unknown until the server answers", () => {
    const entries = addPlanEntry([entry("a")], { id: "b", name: "Bobsleigh", slug: "bobsleigh" });
    expect(entries.map((one) => one.rideId)).toEqual(["a", "b"]);
    expect(entries[1]).toMatchObject({ name: "Bobsleigh", slug: "bobsleigh", durationSeconds: null, isPriority: false, completed: false, removed: false });
    expect(addPlanEntry(entries, { id: "a", name: "A", slug: "a" })).toBe(entries);
  });
});

describe("mergeSavedPlan", () => {
  it("keeps the member's newer order, priorities and name, with the server's figures, completion and version", () => {
    const local = plan([entry("b", { isPriority: true, durationSeconds: null }), entry("a")], { name: "Nouveau nom", version: 3 });
    const saved = plan([entry("a", { completed: true }), entry("b", { durationSeconds: 90 })], { name: "Ancien", version: 4 });
    const merged = mergeSavedPlan(local, saved);
    expect(merged.version).toBe(4);
    expect(merged.name).toBe("Nouveau nom");
    expect(merged.entries.map((one) => [one.rideId, one.isPriority, one.durationSeconds, one.completed])).toEqual([
      ["b", true, 90, false],
      ["a", false, 120, true],
    ]);
  });

  it("keeps a ride added since the save as it is", () => {
    const added = entry("c", { durationSeconds: null });
    expect(mergeSavedPlan(plan([entry("a"), added]), plan([entry("a")])).entries[1]).toBe(added);
  });
});

describe("samePlanContent", () => {
  it("is true when name, rides, order and priorities match, whatever the versions, figures and completions", () => {
    const sent = plan([entry("a", { isPriority: true }), entry("b", { durationSeconds: null })], { name: "Samedi", version: 3 });
    const stored = plan([entry("a", { isPriority: true, completed: true }), entry("b")], { name: "Samedi", version: 5 });
    expect(samePlanContent(sent, stored)).toBe(true);
  });

  it("is false when the order, a priority, a ride or the name differs: a real conflict", () => {
    const sent = plan([entry("a"), entry("b")], { name: "Samedi" });
    expect(samePlanContent(sent, plan([entry("b"), entry("a")], { name: "Samedi" }))).toBe(false);
    expect(samePlanContent(sent, plan([entry("a", { isPriority: true }), entry("b")], { name: "Samedi" }))).toBe(false);
    expect(samePlanContent(sent, plan([entry("a")], { name: "Samedi" }))).toBe(false);
    expect(samePlanContent(sent, plan([entry("a"), entry("b")], { name: "Dimanche" }))).toBe(false);
  });
});

describe("storedAfterSave", () => {
  const sent = plan([entry("a"), entry("b")], { version: 3 });
  it("is the answer's plan when saved, or when a stale refusal already holds the same content; nothing otherwise", () => {
    const stored = plan([entry("a"), entry("b")], { version: 4 });
    expect(storedAfterSave({ ok: true, plan: stored }, sent)).toBe(stored);
    expect(storedAfterSave({ ok: false, error: "plans.errors.stale", plan: stored }, sent)).toBe(stored);
    expect(storedAfterSave({ ok: false, error: "plans.errors.stale", plan: plan([entry("b"), entry("a")]) }, sent)).toBeUndefined();
    expect(storedAfterSave({ ok: false, error: "plans.errors.foreignRide" }, sent)).toBeUndefined();
    expect(storedAfterSave(null, sent)).toBeUndefined();
  });
});

describe("childAccess", () => {
  const ride = { minHeightAlone: 120, minHeightForbidden: 100 };

  it("forbids below the height even accompanied, asks for an adult below the height alone", () => {
    expect(childAccess(ride, 95)).toBe("forbidden");
    expect(childAccess(ride, 100)).toBe("accompanied");
    expect(childAccess(ride, 119)).toBe("accompanied");
    expect(childAccess(ride, 120)).toBe("allowed");
  });

  it("reads a second height above the height alone as a maximum, which says nothing about a child", () => {
    expect(childAccess({ minHeightAlone: 140, minHeightForbidden: 195 }, 130)).toBe("accompanied");
    expect(childAccess({ minHeightAlone: 140, minHeightForbidden: 195 }, 150)).toBe("allowed");
  });

  it("uses whichever height is known", () => {
    expect(childAccess({ minHeightAlone: null, minHeightForbidden: 110 }, 105)).toBe("forbidden");
    expect(childAccess({ minHeightAlone: 110, minHeightForbidden: null }, 105)).toBe("accompanied");
    expect(childAccess({ minHeightAlone: null, minHeightForbidden: null }, 60)).toBe("allowed");
  });
});

describe("formatPlanTime", () => {
  it("words an hour or more in hours and minutes, less as the ride pages do", () => {
    expect(formatPlanTime(0)).toBe("0 s");
    expect(formatPlanTime(150)).toBe("2 min 30 s");
    expect(formatPlanTime(1800)).toBe("30 min");
    expect(formatPlanTime(7200)).toBe("2 h 00 min");
    expect(formatPlanTime(7200 + 150)).toBe("2 h 02 min");
  });
});
