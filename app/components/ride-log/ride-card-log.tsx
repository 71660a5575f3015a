import { useRef, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import type { RideLogAnswer, RideLogEntry, RideLogParkAnswer, RideLogRequest } from "~/domain/ride-log";
import { useRootData } from "../root-data";
import { flushRideLog, sendRideLogWrite, type WaitingWrite } from "./ride-log-outbox";

/**
 * 'J'ai fait cette attraction' on the park page's ride cards (docs/rules/ride-log.md#logging-a-ride, decision 0076):
 * a quick log, today and once, the same write as the ride page's form, through the same outbox (in order, each entry
 * under the id this device chose, offline included), and how many times the member rode the ride, read once per park
 * from their tallies. Members only, a chunk of its own the cards load once the page has hydrated: nothing of it is in
 * the page's HTML nor in its first load. The ride's page keeps the full form (a date, a count, a note) and the entries.
 */

type Refusal = Extract<RideLogAnswer, { ok: false }>;
type Status = "logged" | "undone" | "waiting" | { error: Refusal } | null;
/**
 * A card's state: the times the member rode the ride (undefined until known), the entry it logged last (which
 * 'Annuler' deletes), its latest write (writeKey) and what it says.
 */
type CardState = { times?: number; undoable?: string; latest?: string; status: Status };

/** A card's write named as the outbox gives it back (a copy, read from the device's storage). */
function writeKey(request: RideLogRequest): string | undefined {
  return request.intent === "log" ? `log ${request.entry.id}` : request.intent === "delete" ? `delete ${request.entryId}` : undefined;
}

const NOTHING: CardState = { status: null };

/** The member's own day, YYYY-MM-DD: what 'today' means in the park (as the ride page's form reads it). */
function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The member's tallies of the park's rides, or null when none came (offline, refused). */
async function readParkTimes(memberId: string, parkId: string): Promise<Record<string, number> | null> {
  try {
    const response = await fetch(`/api/ride-log/parks/${encodeURIComponent(parkId)}`, { headers: { accept: "application/json", [PAGE_MEMBER_HEADER]: memberId } });
    const answer = (await response.json()) as RideLogParkAnswer;
    return answer.ok ? answer.times : null;
  } catch (error) {
    // Offline, or the server out of reach: the cards keep their buttons, without the counts.
    console.warn("ride log read failed", error);
    return null;
  }
}

/** The cards' shared state for one member and park: read when the first card shows, written by each card's buttons. */
class ParkLog {
  private cards = new Map<string, CardState>();
  private listeners = new Set<() => void>();
  /** Rides whose count an answer or a click moved since the tallies were last asked for: that reading is older. */
  private touched = new Set<string>();
  /** The ride of each entry logged from a card, to place the answer of its undoing. */
  private entryRides = new Map<string, string>();
  /** Whether the tallies were read: a ride without one is then a ride never ridden, and a log makes it 1. */
  private known = false;

  constructor(
    readonly memberId: string,
    readonly parkId: string,
  ) {}

  card(rideId: string): CardState {
    return this.cards.get(rideId) ?? NOTHING;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      window.addEventListener("online", this.refresh);
      this.refresh();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      window.removeEventListener("online", this.refresh);
      // The page left: what the cards said goes with it, the counts are read again on return.
      this.cards = new Map();
      this.known = false;
    };
  };

  private update(rideId: string, change: Partial<CardState>) {
    this.cards.set(rideId, { ...this.card(rideId), ...change });
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  /** What waits on the device goes first, in the order made; the tallies read after it count it. */
  private refresh = () => {
    void flushRideLog(this.memberId, this.answered).then(() => this.read());
  };

  private async read() {
    this.touched.clear();
    const times = await readParkTimes(this.memberId, this.parkId);
    if (!times) return;
    for (const rideId of new Set([...this.cards.keys(), ...Object.keys(times)])) {
      if (!this.touched.has(rideId)) this.cards.set(rideId, { ...this.card(rideId), times: times[rideId] ?? 0 });
    }
    this.known = true;
    this.notify();
  }

  private times(rideId: string): number | undefined {
    return this.card(rideId).times ?? (this.known ? 0 : undefined);
  }

  /** The answer of a write sent from the outbox: a card's, or one left waiting by another page (its ride may be here). */
  private answered = (write: WaitingWrite, answer: RideLogAnswer) => {
    const request = write.request;
    const rideId = "rideId" in request ? request.rideId : request.intent === "delete" ? this.entryRides.get(request.entryId) : undefined;
    if (!rideId) return;
    this.settle(rideId, request, answer);
  };

  /**
   * A write's answer on its card: the count the server gives, and the status of the card's latest write only (a log
   * and its undoing sent together after a time offline end on 'Retirée de votre carnet').
   */
  private settle(rideId: string, request: RideLogRequest, answer: RideLogAnswer | null) {
    const card = this.card(rideId);
    const key = writeKey(request);
    const latest = key !== undefined && key === card.latest;
    if (!answer) return latest ? this.update(rideId, { status: "waiting" }) : undefined;
    if (!answer.ok) {
      // Nothing written: the count is read again rather than guessed back.
      this.touched.delete(rideId);
      this.update(rideId, { status: { error: answer }, undoable: request.intent === "log" && request.entry.id === card.undoable ? undefined : card.undoable });
      return void this.read();
    }
    this.touched.add(rideId);
    this.update(rideId, { times: answer.log.times, status: latest ? (request.intent === "delete" ? "undone" : "logged") : card.status });
  }

  /** A ride logged today, once: shown at once, answered when the server has it (or when the network returns). */
  async log(rideId: string) {
    const entry: RideLogEntry = { id: crypto.randomUUID(), riddenOn: localToday(), times: 1, note: null };
    const request: RideLogRequest = { intent: "log", rideId, entry };
    const known = this.times(rideId);
    this.entryRides.set(entry.id, rideId);
    this.touched.add(rideId);
    this.update(rideId, { times: known === undefined ? undefined : known + 1, undoable: entry.id, latest: writeKey(request), status: null });
    this.settle(rideId, request, await sendRideLogWrite(this.memberId, request, this.answered));
  }

  /** 'Annuler': the entry this card logged last, deleted (after it, when both wait offline). */
  async undo(rideId: string) {
    const entryId = this.card(rideId).undoable;
    if (!entryId) return;
    const request: RideLogRequest = { intent: "delete", entryId, rideId };
    const known = this.times(rideId);
    this.touched.add(rideId);
    this.update(rideId, { times: known === undefined ? undefined : Math.max(0, known - 1), undoable: undefined, latest: writeKey(request), status: null });
    this.settle(rideId, request, await sendRideLogWrite(this.memberId, request, this.answered));
  }
}

let current: ParkLog | null = null;

function parkLog(memberId: string, parkId: string): ParkLog {
  if (current?.memberId !== memberId || current.parkId !== parkId) current = new ParkLog(memberId, parkId);
  return current;
}

/** One card's control: its ride named in every button's accessible name, the status said politely. */
export default function RideCardLog({ parkId, rideId, rideName, ridePath }: { parkId: string; rideId: string; rideName: string; ridePath: string }) {
  const { t } = useTranslation();
  const memberId = useRootData().user!.id;
  const park = parkLog(memberId, parkId);
  const card = useSyncExternalStore(park.subscribe, () => park.card(rideId), () => NOTHING);
  const logButton = useRef<HTMLButtonElement>(null);
  const { times, status } = card;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <button
        ref={logButton}
        type="button"
        aria-label={t("rideLog.logRide", { name: rideName })}
        onClick={() => void park.log(rideId)}
        className="rounded-lg border border-teal-700 px-3 py-1 font-semibold text-teal-800 hover:bg-teal-50"
      >
        {t("rideLog.log")}
      </button>
      {times ? (
        <Link to={ridePath} aria-label={t("rideLog.card.timesOf", { count: times, name: rideName })} className="font-medium text-teal-800 underline">
          {t("rideLog.card.times", { count: times })}
        </Link>
      ) : null}
      <p role="status">
        {status === "logged" ? t("rideLog.card.logged") : status === "undone" ? t("rideLog.card.undone") : status === "waiting" ? t("rideLog.waiting") : null}
      </p>
      {card.undoable && (status === "logged" || status === "waiting") ? (
        <button
          type="button"
          aria-label={t("rideLog.card.undoRide", { name: rideName })}
          onClick={() => {
            // The button goes away: the focus stays on the card, on its log button.
            logButton.current?.focus();
            void park.undo(rideId);
          }}
          className="font-semibold text-red-700 underline"
        >
          {t("rideLog.card.undo")}
        </button>
      ) : null}
      {status !== null && typeof status === "object" ? (
        <p role="alert" className="w-full text-red-700">
          {"values" in status.error ? t(status.error.error, status.error.values) : t(status.error.error)}
        </p>
      ) : null}
    </div>
  );
}
