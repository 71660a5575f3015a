import { isUuid } from "./ids";

/**
 * A member's visit plan of a park (docs/rules/plans.md#plan-contents):
 * the shapes the plan's API answers and the park page shows, the totals and
 * the limits of a save. Declared here, not in app/server: the browser reads
 * and checks the same things.
 */

/** Waiting time counted per ride of the plan (docs/rules/plans.md#totals: fixed at 30 minutes). */
export const WAIT_SECONDS_PER_RIDE = 1800;

/** Longest plan name, in characters once trimmed (an empty name is the default one). */
export const PLAN_NAME_MAX = 80;

/** Most rides in one plan: more than any park has, few enough to keep a save small. */
export const PLAN_ENTRIES_MAX = 100;


/** One ride of the plan; the entries' order in the array is their position. */
export type PlanEntryView = {
  rideId: string;
  name: string;
  slug: string;
  durationSeconds: number | null;
  minHeightAlone: number | null;
  minHeightForbidden: number | null;
  /** The ride closed ('Disparue') or is no longer published: shown, counted nowhere. */
  removed: boolean;
  isPriority: boolean;
  completed: boolean;
};

export type VisitPlanView = {
  parkId: string;
  /** "" for the default name, which the interface words in its language ('Mon plan de visite'). */
  name: string;
  /** The stored version, 0 while nothing is stored; a save must send the version it read. */
  version: number;
  /** False until the member's first save: an empty plan that exists nowhere. */
  saved: boolean;
  entries: PlanEntryView[];
};

/** What a save sends: the whole plan as the member now sees it. */
export type PlanSaveInput = {
  version: number;
  name: string;
  entries: { rideId: string; isPriority: boolean }[];
};

/** A line of the profile's 'Mes plans de visite'. */
export type MemberPlanSummary = {
  parkId: string;
  parkName: string;
  parkSlug: string;
  /** "" for the default name, as in VisitPlanView. */
  name: string;
  rideCount: number;
};

/** Refusals of the plan's API, as message keys (plans.errors.*). */
export type PlanErrorKey =
  | "plans.errors.unauthenticated"
  | "plans.errors.badRequest"
  | "plans.errors.notFound"
  | "plans.errors.foreignRide"
  | "plans.errors.stale"
  | "plans.errors.notInPlan"
  | "plans.errors.notRated"
  | "plans.errors.alreadyCompleted"
  | "plans.errors.suspended"
  | "plans.errors.tooMany"
  | "plans.errors.load"
  | "plans.errors.save";

/** Every answer of the plan's API; a stale save or completion carries the plan as it now is. */
/** What a POST to a plan's JSON endpoint asks (its body's `intent`): replace the plan, or mark a ride completed. */
export const PLAN_INTENTS = ["save", "complete"] as const;
export type PlanIntent = (typeof PLAN_INTENTS)[number];

export type PlanAnswer = { ok: true; plan: VisitPlanView } | { ok: false; error: PlanErrorKey; plan?: VisitPlanView };

export type PlanTotals = {
  /** Sum of the known durations of the rides still to do. */
  rideSeconds: number;
  /** Rides still to do whose duration nobody entered: the total is a lower bound when this is not 0. */
  ridesWithoutDuration: number;
  /** WAIT_SECONDS_PER_RIDE for each ride still to do. */
  waitSeconds: number;
  totalSeconds: number;
  /** Rides counted (not removed), and how many of them are done. */
  planned: number;
  done: number;
};

/**
 * The plan's totals: what is left of the visit, so a ride marked done counts in
 * none of the times, only in `done`; removed rides count nowhere. Without `completed` (a save's
 * rides), every ride is still to do: the whole plan's duration.
 */
export function planTotals(entries: readonly (Pick<PlanEntryView, "durationSeconds" | "removed"> & { completed?: boolean })[]): PlanTotals {
  let rideSeconds = 0;
  let ridesWithoutDuration = 0;
  let planned = 0;
  let done = 0;
  for (const entry of entries) {
    if (entry.removed) continue;
    planned++;
    if (entry.completed) {
      done++;
      continue;
    }
    if (entry.durationSeconds === null) ridesWithoutDuration++;
    else rideSeconds += entry.durationSeconds;
  }
  const waitSeconds = (planned - done) * WAIT_SECONDS_PER_RIDE;
  return { rideSeconds, ridesWithoutDuration, waitSeconds, totalSeconds: rideSeconds + waitSeconds, planned, done };
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: "plans.errors.badRequest" };

const BAD: Checked<never> = { ok: false, error: "plans.errors.badRequest" };

/** The largest version a PostgreSQL integer column holds: anything above is a forged body. */
const VERSION_MAX = 2_147_483_647;

// Control characters (NUL included, which PostgreSQL's text refuses) have no place in a name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isVersion(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= VERSION_MAX;
}

/**
 * A save's body (untrusted JSON) as a PlanSaveInput: a version, a name of at
 * most PLAN_NAME_MAX characters once trimmed, at most PLAN_ENTRIES_MAX
 * entries, each a ride id (lower-cased) once and a priority flag. Other keys
 * (`intent`) are ignored; `completed` is not read: only a completion sets it.
 * Written by hand rather than with Zod, which the browser would then load
 * for one small shape.
 */
export function checkPlanSave(value: unknown): Checked<PlanSaveInput> {
  if (!isRecord(value) || !isVersion(value.version) || typeof value.name !== "string" || !Array.isArray(value.entries)) return BAD;
  const name = value.name.trim();
  if (name.length > PLAN_NAME_MAX || CONTROL_CHARACTERS.test(name)) return BAD;
  if (value.entries.length > PLAN_ENTRIES_MAX) return BAD;
  const seen = new Set<string>();
  const entries: PlanSaveInput["entries"] = [];
  for (const entry of value.entries as unknown[]) {
    if (!isRecord(entry) || typeof entry.rideId !== "string" || !isUuid(entry.rideId) || typeof entry.isPriority !== "boolean") return BAD;
    const rideId = entry.rideId.toLowerCase();
    if (seen.has(rideId)) return BAD;
    seen.add(rideId);
    entries.push({ rideId, isPriority: entry.isPriority });
  }
  return { ok: true, value: { version: value.version, name, entries } };
}

/** A completion's body: the ride to mark completed and the version the member read. */
export function checkPlanComplete(value: unknown): Checked<{ rideId: string; version: number }> {
  if (!isRecord(value) || typeof value.rideId !== "string" || !isUuid(value.rideId) || !isVersion(value.version)) return BAD;
  return { ok: true, value: { rideId: value.rideId.toLowerCase(), version: value.version } };
}
