import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { MessageKey } from "~/i18n/translate";
import { mergeSavedPlan, planSaveInput, storedAfterSave } from "~/domain/plan-editing";
import type { PlanAnswer, VisitPlanView } from "~/domain/visit-plan";
import { deleteOutbox, readOutbox, waitingPlans, writeOutbox, type OutboxEntry } from "./plan-outbox";
import { planRequest } from "./plan-request";

// Long enough to gather a burst of changes (several moves, a name being typed) into one save.
const SAVE_DELAY_MS = 600;
// An unanswered save is tried again, less and less often: a network that has just come back (or a server
// restarting) often fails the first request, and nothing else would send the changes again.
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * The member's plan of one park (docs/rules/plans.md#saving): loaded from
 * /api/plans/:parkId, changed locally at once, saved by itself shortly after
 * (one request at a time, each with the version last received), and flushed
 * with `keepalive` when the page is hidden or left, so nothing is lost by
 * navigating away. A stale save (409) brings the current plan, which replaces
 * the local one, with its message.
 *
 * Each change is also written at once to this device's outbox (plan-outbox.ts)
 * and deleted from it once saved: offline, changes wait there, survive a
 * reload, and leave when the network is back (docs/rules/plans.md#offline), with the version
 * they were made on, so the rule above still holds.
 */
export function usePlanStore(parkId: string, memberId: string) {
  const [plan, setPlan] = useState<VisitPlanView | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // "saving" from a change until it is saved (waiting for the delay included), "saved" after, "waiting" while
  // the changes cannot leave (offline, or the server did not answer), null before any change.
  const [saving, setSaving] = useState<"saving" | "saved" | "waiting" | null>(null);
  const [message, setMessage] = useState<MessageKey | null>(null);
  const latest = useRef<VisitPlanView | null>(null);
  const unsent = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryDelay = useRef(RETRY_FIRST_MS);
  const mounted = useRef(true);
  // Requests run one after the other: each needs the version the previous one answered.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  function show(next: VisitPlanView) {
    latest.current = next;
    setPlan(next);
  }

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.current.then(task);
    queue.current = run;
    return run;
  }

  /** Shows what a refused request answered: its message, and the current plan when it carries one (stale). */
  function refused(answer: PlanAnswer | null, fallback: MessageKey) {
    if (answer && !answer.ok && answer.plan) show(answer.plan);
    setMessage(answer && !answer.ok ? answer.error : fallback);
  }

  async function save(keepalive: boolean) {
    const sent = latest.current;
    if (!unsent.current || !sent) return;
    unsent.current = false;
    const answer = await planRequest(parkId, { method: "POST", keepalive, body: JSON.stringify({ intent: "save", ...planSaveInput(sent) }) }, memberId);
    const stored = storedAfterSave(answer, sent);
    if (stored) {
      const now = latest.current ?? sent;
      show(now === sent ? stored : mergeSavedPlan(now, stored));
      setMessage(null);
      retryDelay.current = RETRY_FIRST_MS;
      // Changes made while this save was on its way stay in the outbox, now with the version just received.
      if (unsent.current) void writeOutbox(memberId, parkId, latest.current!);
      else {
        setSaving("saved");
        void deleteOutbox(memberId, parkId);
      }
      return;
    }
    if (!answer) {
      // Unanswered: the changes wait in the outbox for the next change, the network's return or the next visit.
      unsent.current = true;
      setSaving("waiting");
      // Offline, the page already says the changes wait; online, a failure is one (docs/rules/plans.md#messages). Either way
      // they leave again by themselves: the 'online' event may come before the network really works, or not at all.
      if (navigator.onLine) setMessage("plans.errors.save");
      retryLater();
      return;
    }
    // Refused: these changes will never be saved as they are; the page shows why (and the current plan when stale).
    void deleteOutbox(memberId, parkId);
    if (!unsent.current) setSaving(null);
    refused(answer, "plans.errors.save");
  }

  function retryLater() {
    if (!mounted.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(false), retryDelay.current);
    retryDelay.current = Math.min(retryDelay.current * 2, RETRY_MAX_MS);
  }

  const flush = (keepalive: boolean) => {
    clearTimeout(timer.current);
    return enqueue(() => save(keepalive));
  };

  const loaded = useEffectEvent((answer: PlanAnswer | null, waiting: OutboxEntry | undefined) => {
    if (waiting) {
      // Changes this device made and the server does not have yet: they are the member's latest plan.
      show(waiting.plan);
      unsent.current = true;
      setSaving("waiting");
      if (navigator.onLine) void flush(false);
    } else if (answer?.ok) show(answer.plan);
    else setLoadFailed(true);
  });

  useEffect(() => {
    let current = true;
    void Promise.all([planRequest(parkId, undefined, memberId), readOutbox(memberId, parkId)]).then(([answer, waiting]) => current && loaded(answer, waiting));
    if (navigator.onLine) void sendOtherWaitingPlans(memberId, parkId);
    return () => {
      current = false;
    };
  }, [parkId, memberId]);

  const reconnected = useEffectEvent(() => {
    if (unsent.current) void flush(false);
    void sendOtherWaitingPlans(memberId, parkId);
  });

  useEffect(() => {
    const online = () => reconnected();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  // Offline, the outbox keeps the changes: there is nothing to send on the way out.
  const leave = useEffectEvent(() => {
    if (unsent.current && navigator.onLine) void flush(true);
  });

  useEffect(() => {
    mounted.current = true;
    const hide = () => leave();
    const hidden = () => document.visibilityState === "hidden" && leave();
    window.addEventListener("pagehide", hide);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", hide);
      document.removeEventListener("visibilitychange", hidden);
      // Leaving the park page inside the site unmounts the editor: its last changes still leave (once, no retry).
      mounted.current = false;
      leave();
    };
  }, []);

  /** A local change, shown at once and saved shortly after. */
  function change(update: (plan: VisitPlanView) => VisitPlanView) {
    if (!latest.current) return;
    const next = update(latest.current);
    show(next);
    // In the outbox at once, not when a save fails: a reload within the delay must find it.
    void writeOutbox(memberId, parkId, next);
    unsent.current = true;
    setMessage(null);
    clearTimeout(timer.current);
    if (!navigator.onLine) return setSaving("waiting");
    setSaving("saving");
    timer.current = setTimeout(() => void flush(false), SAVE_DELAY_MS);
  }

  /** Marks a rated ride completed (after any unsent change is saved): true when the server did. */
  async function complete(rideId: string): Promise<boolean> {
    await flush(false);
    return enqueue(async () => {
      const version = latest.current?.version ?? 0;
      const answer = await planRequest(parkId, { method: "POST", body: JSON.stringify({ intent: "complete", rideId, version }) }, memberId);
      if (answer?.ok) {
        show(latest.current ? mergeSavedPlan(latest.current, answer.plan) : answer.plan);
        setMessage(null);
        return true;
      }
      refused(answer, "plans.errors.save");
      return false;
    });
  }

  return { plan, loadFailed, saving, message, change, complete };
}

/**
 * Other parks' plans changed offline, sent one after the other (the one
 * changed longest ago first) once a park page is open online. A refused one
 * stays in the outbox: its own park's page shows why when the member opens it.
 */
async function sendOtherWaitingPlans(memberId: string, parkId: string) {
  for (const waiting of await waitingPlans(memberId)) {
    if (waiting.parkId === parkId) continue;
    const answer = await planRequest(waiting.parkId, { method: "POST", body: JSON.stringify({ intent: "save", ...planSaveInput(waiting.plan) }) }, memberId);
    if (!answer) return;
    if (storedAfterSave(answer, waiting.plan)) await deleteOutbox(memberId, waiting.parkId);
  }
}
