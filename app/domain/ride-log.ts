import type { RideTypeName } from "./ride-types";
/**
 * A member's ride log (docs/rules/ride-log.md): dated entries of the rides they have ridden, the credits counted
 * from them under rules of their choosing, and what others may see of it.
 */

/** How many times one entry may say a ride was ridden that day. */
export const RIDE_LOG_MAX_TIMES = 99;
/** The optional note's length, in characters. */
export const RIDE_LOG_NOTE_MAX_LENGTH = 280;
/** The earliest date an entry may carry: the first amusement rides of the catalogue are younger. */
export const RIDE_LOG_EARLIEST_DATE = "1900-01-01";

/** What others see of a member's log on their profile: nothing (the default), the credit counts, or the whole log. */
export const RIDE_LOG_VISIBILITIES = ["private", "credits", "log"] as const;
export type RideLogVisibility = (typeof RIDE_LOG_VISIBILITIES)[number];

/** The member's counting rules (docs/rules/ride-log.md#credits). */
export type CreditRules = { coastersOnly: boolean; countRemoved: boolean };
export const DEFAULT_CREDIT_RULES: CreditRules = { coastersOnly: false, countRemoved: true };

/** One entry as its owner sees and edits it. `riddenOn` is an ISO date (YYYY-MM-DD), null for 'date inconnue'. */
export type RideLogEntry = { id: string; riddenOn: string | null; times: number; note: string | null };

/** The member's own log of one ride, as the ride page shows it. */
export type OwnRideLog = { entries: RideLogEntry[]; times: number; lastOn: string | null; wished: boolean };

/** The fields of a log entry as a form posts them. */
export type RideLogFields = { id: string; riddenOn: string; dateUnknown: boolean; times: string; note: string };

export type RideLogFieldError =
  | "rideLog.errors.date"
  | "rideLog.errors.dateFuture"
  | "rideLog.errors.times"
  | "rideLog.errors.noteTooLong"
  | "rideLog.errors.id";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * The entry a form describes, or the first reason it cannot be one. `today` is the latest date allowed (the member's
 * own day: a date a few hours ahead of the server's in another time zone is still today there, so the caller passes
 * the server's date plus one day).
 */
export function parseRideLogFields(
  fields: RideLogFields,
  latestDate: string,
): { ok: true; entry: RideLogEntry } | { ok: false; error: RideLogFieldError } {
  const riddenOn = fields.dateUnknown ? null : fields.riddenOn.trim();
  if (riddenOn !== null) {
    if (!isIsoDate(riddenOn) || riddenOn < RIDE_LOG_EARLIEST_DATE) return { ok: false, error: "rideLog.errors.date" };
    if (riddenOn > latestDate) return { ok: false, error: "rideLog.errors.dateFuture" };
  }
  const timesText = fields.times.trim() === "" ? "1" : fields.times.trim();
  const times = /^\d{1,2}$/.test(timesText) ? Number(timesText) : Number.NaN;
  if (!(times >= 1 && times <= RIDE_LOG_MAX_TIMES)) return { ok: false, error: "rideLog.errors.times" };
  const note = fields.note.trim();
  if ([...note].length > RIDE_LOG_NOTE_MAX_LENGTH) return { ok: false, error: "rideLog.errors.noteTooLong" };
  return { ok: true, entry: { id: fields.id, riddenOn, times, note: note === "" ? null : note } };
}

/** The latest date an entry may carry when the server's clock reads `now`: tomorrow in UTC, a member east of UTC being a day ahead. */
export function latestRideDate(now: Date): string {
  return new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A log write's refusal keys beyond the fields' (docs/rules/ride-log.md#messages). */
export type RideLogErrorKey =
  | RideLogFieldError
  | "rideLog.errors.unauthenticated"
  | "rideLog.errors.badRequest"
  | "rideLog.errors.rideNotFound"
  | "rideLog.errors.entryNotFound"
  | "rideLog.errors.idTaken"
  | "rideLog.errors.tooMany"
  | "rideLog.errors.save";

type RideLogRefusal = { ok: false; error: RideLogErrorKey } | { ok: false; error: "auth.errors.suspended"; values: { reason: string } };

/** What a log write answers: the member's log of the ride as it now stands, or why nothing was written. */
export type RideLogAnswer = { ok: true; log: OwnRideLog } | RideLogRefusal;

/** What a change of the member's counting rules or of who sees their log answers: their credits under the new rules. */
export type RideLogSettingsAnswer = { ok: true; credits: number } | RideLogRefusal;

/** The member's counting rules and who sees their log, as their profile's form sends them. */
export type RideLogSettings = CreditRules & { visibility: RideLogVisibility };

/** The writes of the log's address (/api/ride-log). */
export const RIDE_LOG_INTENTS = ["log", "edit", "delete", "wish", "settings"] as const;

/** A log write as its address takes it (a JSON body), checked: what the service gets, or the refusal to answer. */
export type RideLogRequest = (
  | { intent: "log"; rideId: string; entry: RideLogEntry }
  | { intent: "edit"; entry: RideLogEntry }
  /**
   * The ride whose log the page shows, so that a delete sent again after its answer was lost answers that log as it
   * stands. A write the outbox stored before deletes carried it has none (docs/rules/ride-log.md#logging-a-ride).
   */
  | { intent: "delete"; entryId: string; rideId?: string }
  | { intent: "wish"; rideId: string; wished: boolean }
  | ({ intent: "settings" } & RideLogSettings)
) & { intent: (typeof RIDE_LOG_INTENTS)[number] };

const textOf = (value: unknown): string | null => (typeof value === "string" ? value : typeof value === "number" ? String(value) : null);

/** Reads a posted entry's fields, which the page sends as it shows them (a date, 'Date inconnue', a count, a note). */
function entryOf(value: unknown, latestDate: string): { ok: true; entry: RideLogEntry } | { ok: false; error: RideLogErrorKey } {
  if (typeof value !== "object" || value === null) return { ok: false, error: "rideLog.errors.badRequest" };
  const fields = value as Record<string, unknown>;
  const id = typeof fields.id === "string" ? fields.id : null;
  const riddenOn = fields.riddenOn === null || fields.riddenOn === undefined ? "" : textOf(fields.riddenOn);
  const times = fields.times === undefined ? "" : textOf(fields.times);
  const note = fields.note === null || fields.note === undefined ? "" : textOf(fields.note);
  if (id === null || riddenOn === null || times === null || note === null) return { ok: false, error: "rideLog.errors.badRequest" };
  return parseRideLogFields({ id, riddenOn, dateUnknown: fields.dateUnknown === true || riddenOn === "", times, note }, latestDate);
}

/** The body of a log write, checked; anything a page of ours does not send is a bad request. */
export function checkRideLogRequest(body: unknown, latestDate: string): { ok: true; request: RideLogRequest } | { ok: false; error: RideLogErrorKey } {
  if (typeof body !== "object" || body === null) return { ok: false, error: "rideLog.errors.badRequest" };
  const fields = body as Record<string, unknown>;
  const rideId = typeof fields.rideId === "string" ? fields.rideId : null;
  switch (fields.intent) {
    case "log":
    case "edit": {
      const entry = entryOf(fields.entry, latestDate);
      if (!entry.ok) return entry;
      if (fields.intent === "edit") return { ok: true, request: { intent: "edit", entry: entry.entry } };
      return rideId === null ? { ok: false, error: "rideLog.errors.badRequest" } : { ok: true, request: { intent: "log", rideId, entry: entry.entry } };
    }
    case "delete":
      if (typeof fields.entryId !== "string" || (fields.rideId !== undefined && rideId === null)) return { ok: false, error: "rideLog.errors.badRequest" };
      return { ok: true, request: { intent: "delete", entryId: fields.entryId, ...(rideId === null ? {} : { rideId }) } };
    case "settings":
      return typeof fields.coastersOnly === "boolean" && typeof fields.countRemoved === "boolean" && isRideLogVisibility(fields.visibility)
        ? { ok: true, request: { intent: "settings", coastersOnly: fields.coastersOnly, countRemoved: fields.countRemoved, visibility: fields.visibility } }
        : { ok: false, error: "rideLog.errors.badRequest" };
    case "wish":
      return rideId !== null && typeof fields.wished === "boolean"
        ? { ok: true, request: { intent: "wish", rideId, wished: fields.wished } }
        : { ok: false, error: "rideLog.errors.badRequest" };
    default:
      return { ok: false, error: "rideLog.errors.badRequest" };
  }
}

/** One ride of a member's credit figures. */
export type CreditRide = { rideId: string; name: string; slug: string; parkName: string; parkSlug: string; times: number; firstOn: string | null; lastOn: string | null };

/** A member's credits as their profile shows them (docs/rules/ride-log.md#credits), under their rules. */
export type CreditFigures = {
  rules: CreditRules;
  total: number;
  byType: Array<{ type: RideTypeName; credits: number }>;
  /** The parks with the most credits, at most PARKS_SHOWN; `parkCount` says how many in all. */
  byPark: Array<{ parkId: string; name: string; slug: string; country: string; credits: number }>;
  parkCount: number;
  byCountry: Array<{ country: string; credits: number }>;
  first: CreditRide | null;
  latest: CreditRide | null;
  mostRidden: CreditRide[];
  byYear: Array<{ year: number; rides: number; credits: number }>;
};

/** How many of the most ridden rides the profile lists. */
export const MOST_RIDDEN_SHOWN = 5;
/** How many parks the profile lists by name (the map shows them all): a keen rider's hundreds would weigh on the page. */
export const PARKS_SHOWN = 10;

/**
 * A park of the member's wish list ('Mes envies'): its wished rides, and its distance from the member's origin when one
 * is given, worded by the server ("412 km": the page's script does without the distance formats).
 */
export type WishPark = {
  parkId: string;
  name: string;
  slug: string;
  country: string;
  distance: string | null;
  rides: Array<{ rideId: string; name: string; slug: string }>;
};

/**
 * What a profile shows of a member's log (docs/rules/ride-log.md#who-sees-it): who sees it, the rules, the total and
 * the credits per type; the rest is on the log's own page (RideLogBook).
 */
export type CreditSummary = {
  visibility: RideLogVisibility;
  rules: CreditRules;
  total: number;
  byType: Array<{ type: RideTypeName; credits: number }>;
};

/**
 * A member's log on its own page ('Mon carnet', docs/rules/ride-log.md#credits): on the member's own, everything (their
 * figures, their rules and their choice of who sees them, their wish list); on another's, what that member shows — the
 * counts ('credits'), or the counts and the rides ('log').
 */
export type RideLogBook = {
  visibility: RideLogVisibility;
  figures: CreditFigures;
  /** The visited parks on the map: the base map's frame and the marks' markup (drawn by the server). */
  map: { frameKey: string; marks: string; width: number; height: number } | null;
  /** The member's own page only. */
  wishes: WishPark[] | null;
};

/** Whether `value` is one of the visibilities. */
function isRideLogVisibility(value: unknown): value is RideLogVisibility {
  return (RIDE_LOG_VISIBILITIES as readonly unknown[]).includes(value);
}

/** What others see of a log shown as counts only: its figures without the rides. */
export function countsOnly(figures: CreditFigures): CreditFigures {
  return { ...figures, first: null, latest: null, mostRidden: [] };
}

/**
 * The member's rides of one park they have ridden, each with how many times (its tally), as the park page's ride
 * cards show them (GET /api/ride-log/parks/:parkId, decision 0076); a ride not listed is not ridden.
 */
export type RideLogParkAnswer =
  | { ok: true; times: Record<string, number> }
  | { ok: false; error: "rideLog.errors.unauthenticated" | "rideLog.errors.parkNotFound" | "rideLog.errors.load"; message: string };
