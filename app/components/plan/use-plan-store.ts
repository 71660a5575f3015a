import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { MessageKey } from "~/i18n/translate";
import { mergeSavedPlan, planSaveInput } from "~/domain/plan-editing";
import type { PlanAnswer, VisitPlanView } from "~/domain/visit-plan";
import { planRequest } from "./plan-request";

// Long enough to gather a burst of changes (several moves, a name being typed) into one save.
const SAVE_DELAY_MS = 600;

/**
 * The member's plan of one park (community §4 "Visit plan"): loaded from
 * /api/plans/:parkId, changed locally at once, saved by itself shortly after
 * (one request at a time, each with the version last received), and flushed
 * with `keepalive` when the page is hidden or left, so nothing is lost by
 * navigating away. A stale save (409) brings the current plan, which replaces
 * the local one, with its message.
 */
export function usePlanStore(parkId: string) {
  const [plan, setPlan] = useState<VisitPlanView | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // "saving" from a change until it is saved (waiting for the delay included), "saved" after, null before any change.
  const [saving, setSaving] = useState<"saving" | "saved" | null>(null);
  const [message, setMessage] = useState<MessageKey | null>(null);
  const latest = useRef<VisitPlanView | null>(null);
  const unsent = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
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
    const answer = await planRequest(parkId, { method: "POST", keepalive, body: JSON.stringify({ intent: "save", ...planSaveInput(sent) }) });
    if (!unsent.current) setSaving(answer?.ok ? "saved" : null);
    if (answer?.ok) {
      const now = latest.current ?? sent;
      show(now === sent ? answer.plan : mergeSavedPlan(now, answer.plan));
      setMessage(null);
      return;
    }
    // Unanswered: the changes are still to send, with the next change or the page's exit.
    if (!answer) unsent.current = true;
    refused(answer, "plans.errors.save");
  }

  const flush = (keepalive: boolean) => {
    clearTimeout(timer.current);
    return enqueue(() => save(keepalive));
  };

  useEffect(() => {
    let current = true;
    void planRequest(parkId).then((answer) => {
      if (!current) return;
      if (answer?.ok) show(answer.plan);
      else setLoadFailed(true);
    });
    return () => {
      current = false;
    };
  }, [parkId]);

  const leave = useEffectEvent(() => {
    if (unsent.current) void flush(true);
  });

  useEffect(() => {
    const hide = () => leave();
    const hidden = () => document.visibilityState === "hidden" && leave();
    window.addEventListener("pagehide", hide);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", hide);
      document.removeEventListener("visibilitychange", hidden);
      // Leaving the park page inside the site unmounts the editor: its last changes still leave.
      leave();
    };
  }, []);

  /** A local change, shown at once and saved shortly after. */
  function change(update: (plan: VisitPlanView) => VisitPlanView) {
    if (!latest.current) return;
    show(update(latest.current));
    unsent.current = true;
    setSaving("saving");
    setMessage(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(false), SAVE_DELAY_MS);
  }

  /** Marks a rated ride completed (after any unsent change is saved): true when the server did. */
  async function complete(attractionId: string): Promise<boolean> {
    await flush(false);
    return enqueue(async () => {
      const version = latest.current?.version ?? 0;
      const answer = await planRequest(parkId, { method: "POST", body: JSON.stringify({ intent: "complete", attractionId, version }) });
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
