import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { formatDay } from "~/domain/format-day";
import {
  parseRideLogFields,
  RIDE_LOG_EARLIEST_DATE,
  RIDE_LOG_MAX_TIMES,
  RIDE_LOG_NOTE_MAX_LENGTH,
  type OwnRideLog,
  type RideLogAnswer,
  type RideLogEntry,
  type RideLogRequest,
} from "~/domain/ride-log";
import { FieldErrors } from "../field";
import { useLanguage, useRootData } from "../root-data";
import { flushRideLog, sendRideLogWrite, waitingWrites, type WaitingWrite } from "./ride-log-outbox";

/** The member's own day, YYYY-MM-DD: what 'today' means in the park. */
function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The log with a write that waits applied to it, as it will stand once sent. */
function withWaiting(log: OwnRideLog, rideId: string, request: RideLogRequest): OwnRideLog {
  let entries = log.entries;
  let wished = log.wished;
  if (request.intent === "log" && request.rideId === rideId) {
    entries = [request.entry, ...entries.filter((entry) => entry.id !== request.entry.id)];
    wished = false;
  } else if (request.intent === "edit") entries = entries.map((entry) => (entry.id === request.entry.id ? request.entry : entry));
  else if (request.intent === "delete") entries = entries.filter((entry) => entry.id !== request.entryId);
  else if (request.intent === "wish" && request.rideId === rideId) wished = request.wished;
  entries = [...entries].sort((a, b) => (b.riddenOn ?? "").localeCompare(a.riddenOn ?? ""));
  return {
    entries,
    wished,
    times: entries.reduce((sum, entry) => sum + entry.times, 0),
    lastOn: entries.find((entry) => entry.riddenOn !== null)?.riddenOn ?? null,
  };
}

type Editing = { kind: "new" } | { kind: "edit"; entry: RideLogEntry } | null;
type Status = { key: "rideLog.saved" | "rideLog.deleted" } | { error: RideLogAnswer & { ok: false } } | null;

/**
 * 'J'ai fait cette attraction' and 'Je veux la faire' on a ride's page, with the member's entries of the ride
 * (docs/rules/ride-log.md#logging-a-ride). Members only, a chunk of its own: the page's visitors download none of it.
 * Writes go through the outbox, so one made offline shows at once, marked as waiting, and is sent when the network
 * returns.
 */
export default function RideLogPanel({ rideId, rideName, initial }: { rideId: string; rideName: string; initial: OwnRideLog }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const memberId = useRootData().user!.id;
  const [log, setLog] = useState(initial);
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState<Status>(null);
  const [waiting, setWaiting] = useState(0);
  const headingId = useId();

  function applyAnswer(write: WaitingWrite, answer: RideLogAnswer) {
    const { request } = write;
    // A delete stored before deletes carried their ride (docs/rules/ride-log.md#logging-a-ride): it is this ride's when
    // this page shows its entry, and an entry the server no longer holds is gone, as the member wanted.
    if (request.intent === "delete" && request.rideId === undefined) {
      const shown = (current: OwnRideLog) => current.entries.some((entry) => entry.id === request.entryId);
      if (answer.ok) setLog((current) => (shown(current) ? answer.log : current));
      else if (answer.error === "rideLog.errors.entryNotFound") setLog((current) => (shown(current) ? withWaiting(current, rideId, request) : current));
      else setStatus({ error: answer });
      return;
    }
    const forThisRide = "rideId" in request ? request.rideId === rideId : true;
    if (answer.ok && forThisRide) setLog(answer.log);
    if (!answer.ok) setStatus({ error: answer });
  }

  async function refreshWaiting() {
    setWaiting((await waitingWrites(memberId)).length);
  }

  // Writes left waiting by an earlier visit, and those made offline here, go as soon as the network is back.
  useEffect(() => {
    const flush = () => void flushRideLog(memberId, applyAnswer).then(refreshWaiting);
    flush();
    window.addEventListener("online", flush);
    return () => window.removeEventListener("online", flush);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per member and ride: applyAnswer reads only setters and the ride's id
  }, [memberId, rideId]);

  async function write(request: RideLogRequest, done: Extract<Status, { key: string }>["key"] | null) {
    setLog((current) => withWaiting(current, rideId, request));
    setEditing(null);
    const answer = await sendRideLogWrite(memberId, request, applyAnswer);
    await refreshWaiting();
    // No answer: the write waits in the outbox, which the count of waiting writes says.
    if (!answer) return setStatus(null);
    if (!answer.ok) return setStatus({ error: answer });
    setLog(answer.log);
    setStatus(done ? { key: done } : null);
  }

  const summary =
    log.times === 0
      ? null
      : log.lastOn
        ? t("rideLog.summary", { count: log.times, date: formatDay(log.lastOn, language) })
        : t("rideLog.summaryUndated", { count: log.times });

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={headingId} className="sr-only">
        {t("rideLog.title")}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          aria-label={t("rideLog.logRide", { name: rideName })}
          aria-expanded={editing?.kind === "new"}
          onClick={() => setEditing({ kind: "new" })}
          className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
        >
          {t("rideLog.log")}
        </button>
        <button
          type="button"
          aria-pressed={log.wished}
          aria-label={t("rideLog.wishRide", { name: rideName })}
          onClick={() => void write({ intent: "wish", rideId, wished: !log.wished }, null)}
          className="rounded-lg border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-50 aria-pressed:bg-teal-50"
        >
          {log.wished ? t("rideLog.wished") : t("rideLog.wish")}
        </button>
      </div>
      {summary ? <p className="mt-3 font-medium">{summary}</p> : null}
      <p role="status" className="mt-2 text-sm empty:hidden">
        {waiting > 0 ? t("rideLog.waiting") : status && "key" in status ? t(status.key) : null}
      </p>
      {status && "error" in status ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {"values" in status.error ? t(status.error.error, status.error.values) : t(status.error.error)}
        </p>
      ) : null}
      {editing?.kind === "new" ? (
        <EntryForm
          entry={{ id: crypto.randomUUID(), riddenOn: localToday(), times: 1, note: null }}
          onCancel={() => setEditing(null)}
          onSave={(entry) => void write({ intent: "log", rideId, entry }, "rideLog.saved")}
        />
      ) : null}
      {log.entries.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-teal-800">
            {t("rideLog.entries")} ({log.entries.length})
          </summary>
          <ul className="mt-2 divide-y divide-stone-200">
            {log.entries.map((entry) => {
              const day = entry.riddenOn ? formatDay(entry.riddenOn, language) : t("rideLog.dateUnknown");
              return (
                <li key={entry.id} className="py-2">
                  {editing?.kind === "edit" && editing.entry.id === entry.id ? (
                    <EntryForm
                      entry={entry}
                      onCancel={() => setEditing(null)}
                      onSave={(edited) => void write({ intent: "edit", entry: edited }, "rideLog.saved")}
                    />
                  ) : (
                    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                      <span className="font-medium">{day}</span>
                      <span className="text-sm text-stone-600">{t("rideLog.entryTimes", { count: entry.times })}</span>
                      {entry.note ? <span className="w-full text-sm text-stone-700">{entry.note}</span> : null}
                      <span className="ms-auto flex gap-2">
                        <button type="button" aria-label={t("rideLog.editEntry", { date: day })} onClick={() => setEditing({ kind: "edit", entry })} className="text-sm font-semibold text-teal-800 underline">
                          {t("rideLog.edit")}
                        </button>
                        <button
                          type="button"
                          aria-label={t("rideLog.deleteEntry", { date: day })}
                          onClick={() => void write({ intent: "delete", entryId: entry.id, rideId }, "rideLog.deleted")}
                          className="text-sm font-semibold text-red-700 underline"
                        >
                          {t("rideLog.delete")}
                        </button>
                      </span>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** An entry's date (or 'Date inconnue'), count and note, checked here as the server checks them. */
function EntryForm({ entry, onSave, onCancel }: { entry: RideLogEntry; onSave: (entry: RideLogEntry) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [unknown, setUnknown] = useState(entry.riddenOn === null);
  const [error, setError] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  useEffect(() => dateRef.current?.focus(), []);
  const today = localToday();
  return (
    <form
      noValidate
      className="mt-3 grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const read = parseRideLogFields(
          { id: entry.id, riddenOn: String(form.get("riddenOn") ?? ""), dateUnknown: unknown, times: String(form.get("times") ?? ""), note: String(form.get("note") ?? "") },
          today,
        );
        if (!read.ok) return setError(t(read.error));
        onSave(read.entry);
      }}
    >
      <div>
        <label htmlFor={`${id}-date`} className="field-label">
          {t("rideLog.date")}
        </label>
        <input
          ref={dateRef}
          id={`${id}-date`}
          name="riddenOn"
          type="date"
          min={RIDE_LOG_EARLIEST_DATE}
          max={today}
          disabled={unknown}
          defaultValue={entry.riddenOn ?? today}
          className="field-input"
        />
        <label className="mt-1 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={unknown} onChange={(event) => setUnknown(event.target.checked)} />
          {t("rideLog.dateUnknown")}
        </label>
      </div>
      <div>
        <label htmlFor={`${id}-times`} className="field-label">
          {t("rideLog.times")}
        </label>
        <input id={`${id}-times`} name="times" type="number" inputMode="numeric" min={1} max={RIDE_LOG_MAX_TIMES} defaultValue={entry.times} className="field-input" />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-note`} className="field-label">
          {t("rideLog.note")}
        </label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={RIDE_LOG_NOTE_MAX_LENGTH} defaultValue={entry.note ?? ""} aria-describedby={error ? `${id}-error` : undefined} className="field-input" />
        <FieldErrors id={`${id}-error`} errors={error ? [error] : null} />
      </div>
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
          {t("rideLog.save")}
        </button>
        <button type="button" onClick={onCancel} className="rounded-lg border border-stone-300 px-4 py-2 font-semibold">
          {t("rideLog.cancel")}
        </button>
      </div>
    </form>
  );
}
