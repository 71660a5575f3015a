import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { monitorForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import { reorder } from "@atlaskit/pragmatic-drag-and-drop/reorder";
import { useTranslation } from "~/i18n/translation-context";
import type { MessageKey } from "~/i18n/translate";
import { addPlanEntry } from "~/domain/plan-editing";
import { PLAN_NAME_MAX, type PlanEntryView, type VisitPlanView } from "~/domain/visit-plan";
import { FormMessage } from "../form-message";
import { useRootData } from "../root-data";
import { useOfflineCopy, useOnline } from "./offline-copy";
import { PlanCompletionDialog } from "./plan-completion-dialog";
import { PlanEntryItem, type EntryActions } from "./plan-entry-item";
import { PlanTotals } from "./plan-totals";
import { useChildHeight } from "./use-child-height";
import { usePlanStore } from "./use-plan-store";
import type { PlanRide } from "./visit-plan-section";

const SAVING_MESSAGES = { saving: "plans.saving", saved: "plans.saved", waiting: "plans.offline.waiting" } as const;

/**
 * The member's visit plan of a park (docs/rules/plans.md#plan-contents):
 * its name, its rides in order with their height restrictions, total ride time
 * and wait. Rides come from the park's list, whose 'Ajouter au plan' buttons
 * are plain markup this chunk listens to; every change saves by itself.
 */
export default function VisitPlanEditor({ parkId, parkPath, rides }: { parkId: string; parkPath: string; rides: PlanRide[] }) {
  const { t } = useTranslation();
  const id = useId();
  const memberId = useRootData().user!.id;
  const { plan, loadFailed, saving, message, change, complete } = usePlanStore(parkId, memberId);
  const online = useOnline();
  const keptOffline = useOfflineCopy(memberId, Boolean(plan?.entries.length));
  const child = useChildHeight();
  const [announcement, setAnnouncement] = useState("");
  const [nameDraft, setNameDraft] = useState<string | null>(null);
  const [completing, setCompleting] = useState<PlanEntryView | null>(null);
  // The ride whose Monter/Descendre was pressed: moving its item in the page can drop the focus.
  const [moved, setMoved] = useState<{ rideId: string; direction: "up" | "down" } | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const say = (key: MessageKey, values: Record<string, string | number>) => setAnnouncement(t(key, values));
  const ridePath = (entry: Pick<PlanEntryView, "slug">) => `${parkPath}/${entry.slug}`;

  const setEntries = (update: (entries: PlanEntryView[]) => PlanEntryView[]) => change((current: VisitPlanView) => ({ ...current, entries: update(current.entries) }));

  function moveTo(rideId: string, target: number) {
    if (!plan) return;
    const from = plan.entries.findIndex((entry) => entry.rideId === rideId);
    if (from < 0 || target < 0 || target >= plan.entries.length || target === from) return;
    setEntries((list) => reorder({ list, startIndex: from, finishIndex: target }));
    say("plans.announce.moved", { name: plan.entries[from]!.name, position: target + 1, total: plan.entries.length });
  }

  const onAdd = useEffectEvent((addedRideId: string) => {
    const ride = rides.find((candidate) => candidate.id === addedRideId);
    if (!plan || !ride) return;
    if (plan.entries.some((entry) => entry.rideId === addedRideId)) return say("plans.announce.already", { name: ride.name });
    setEntries((entries) => addPlanEntry(entries, ride));
    say("plans.announce.added", { name: ride.name });
  });

  const onDrop = useEffectEvent((source: unknown, target: unknown) => {
    if (!plan || typeof source !== "string" || typeof target !== "string") return;
    moveTo(source, plan.entries.findIndex((entry) => entry.rideId === target));
  });

  // The ride cards' buttons are outside this component: one listener for all of them.
  useEffect(() => {
    const click = (event: MouseEvent) => {
      const rideId = event.target instanceof Element ? rideOfPlanAddButton(event.target) : undefined;
      if (rideId) onAdd(rideId);
    };
    document.addEventListener("click", click);
    return () => document.removeEventListener("click", click);
  }, []);

  useEffect(
    () =>
      monitorForElements({
        onDrop: ({ source, location }) => onDrop(source.data.rideId, location.current.dropTargets[0]?.data.rideId),
      }),
    [],
  );

  // Marked once the plan is loaded and listening: the ride cards' buttons do nothing before (browser tests wait for it).
  useEffect(() => {
    if (plan) root.current?.setAttribute("data-interactive", "");
  }, [plan]);

  useLayoutEffect(() => {
    if (!moved) return;
    const buttons = root.current?.querySelector(`[data-plan-entry="${CSS.escape(moved.rideId)}"]`);
    const same = buttons?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction}"]`);
    const other = buttons?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction === "up" ? "down" : "up"}"]`);
    (same && !same.disabled ? same : other)?.focus();
  }, [moved]);

  const actions: EntryActions = {
    move(entry, by) {
      const from = plan!.entries.indexOf(entry);
      moveTo(entry.rideId, from + by);
      setMoved({ rideId: entry.rideId, direction: by < 0 ? "up" : "down" });
    },
    togglePriority(entry) {
      setEntries((entries) => entries.map((other) => (other.rideId === entry.rideId ? { ...other, isPriority: !other.isPriority } : other)));
      say(entry.isPriority ? "plans.announce.priorityOff" : "plans.announce.priorityOn", { name: entry.name });
    },
    remove(entry) {
      setEntries((entries) => entries.filter((other) => other.rideId !== entry.rideId));
      say("plans.announce.removed", { name: entry.name });
      root.current?.querySelector<HTMLElement>("#" + CSS.escape(`${id}-name`))?.focus();
    },
    complete: setCompleting,
  };

  // The dialog closes itself once the rating is saved; the ride's entry then takes the focus its button had.
  async function rated(entry: PlanEntryView) {
    if (!(await complete(entry.rideId))) return;
    say("plans.announce.completed", { name: entry.name });
    root.current?.querySelector<HTMLElement>(`[data-plan-entry="${CSS.escape(entry.rideId)}"] a`)?.focus();
  }

  return (
    <div ref={root} className="mt-4 space-y-4">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {online ? null : (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t("plans.offline.notice")}
        </p>
      )}
      {message ? <FormMessage tone="error">{t(message)}</FormMessage> : null}
      {loadFailed ? (
        <FormMessage tone="error">{t("plans.errors.load")}</FormMessage>
      ) : !plan ? (
        <p className="text-stone-600">{t("common.loading")}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-4">
            <label className="text-sm font-medium">
              {t("plans.nameLabel")}
              <input
                id={`${id}-name`}
                value={nameDraft ?? (plan.name || t("plans.defaultName"))}
                maxLength={PLAN_NAME_MAX}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setNameDraft(value);
                  // The default name is saved as none: it then follows the language.
                  change((current) => ({ ...current, name: value.trim() === t("plans.defaultName") ? "" : value.trim() }));
                }}
                onBlur={() => setNameDraft(null)}
                className="mt-1 block w-72 max-w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
              />
            </label>
            <label className="text-sm font-medium">
              {t("plans.childHeight")}
              <input
                type="number"
                inputMode="numeric"
                min={50}
                max={250}
                value={child.value}
                onChange={(event) => child.change(event.currentTarget.value)}
                className="mt-1 block w-32 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
              />
            </label>
            <p aria-live="polite" className="pb-2 text-sm text-stone-600">
              {saving ? t(SAVING_MESSAGES[saving]) : ""}
            </p>
          </div>
          {plan.entries.length === 0 ? (
            <p className="text-stone-600">{t("plans.empty")}</p>
          ) : (
            <>
              <p id={`${id}-instructions`} className="text-sm text-stone-600">
                {t("plans.instructions")}
              </p>
              <ol aria-label={t("plans.rides")} aria-describedby={`${id}-instructions`} className="space-y-2">
                {plan.entries.map((entry, index) => (
                  <PlanEntryItem
                    key={entry.rideId}
                    entry={entry}
                    position={index + 1}
                    total={plan.entries.length}
                    ridePath={ridePath(entry)}
                    childHeight={child.height}
                    actions={actions}
                  />
                ))}
              </ol>
            </>
          )}
          <PlanTotals entries={plan.entries} />
          {keptOffline ? (
            <p data-offline-ready className="text-sm text-stone-600">
              {t("plans.offline.kept")}
            </p>
          ) : null}
        </>
      )}
      {completing ? <PlanCompletionDialog entry={completing} ridePath={ridePath(completing)} onRated={() => void rated(completing)} onClose={() => setCompleting(null)} /> : null}
    </div>
  );
}

/**
 * The ride a click on a card's 'Ajouter au plan' (app/components/park/ride-grid.tsx) adds: the one of the card's
 * link, the button's previous sibling. Written here, not in a module the cards share: a module both import would
 * be bundled with one of them, and visitors would load the plan's chunk with the cards.
 */
function rideOfPlanAddButton(target: Element): string | undefined {
  const card = target.closest(".plan-add")?.previousElementSibling;
  return card instanceof HTMLElement ? card.dataset.attractionId : undefined;
}
