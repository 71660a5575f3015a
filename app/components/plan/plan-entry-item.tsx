import { useEffect, useRef } from "react";
import { combine } from "@atlaskit/pragmatic-drag-and-drop/combine";
import { draggable, dropTargetForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { childAccess } from "~/domain/plan-editing";
import { formatDuration } from "~/domain/format";
import type { PlanEntryView } from "~/domain/visit-plan";

export type EntryActions = {
  move: (entry: PlanEntryView, by: -1 | 1) => void;
  togglePriority: (entry: PlanEntryView) => void;
  remove: (entry: PlanEntryView) => void;
  complete: (entry: PlanEntryView) => void;
};

const BUTTON = "rounded-lg border border-stone-300 px-2 py-1 text-sm font-medium hover:bg-stone-50 disabled:opacity-50";

/**
 * One ride of the plan. The whole item can be dragged onto another (pointer,
 * Pragmatic drag and drop); its Monter / Descendre buttons do the same by
 * keyboard, which the library leaves to the page (docs/decisions/0023).
 * `data-move` names the buttons the editor gives the focus back to after a move.
 */
export function PlanEntryItem({
  entry,
  position,
  total,
  ridePath,
  childHeight,
  actions,
}: {
  entry: PlanEntryView;
  position: number;
  total: number;
  ridePath: string;
  childHeight: number | null;
  actions: EntryActions;
}) {
  const { t } = useTranslation();
  const item = useRef<HTMLLIElement>(null);
  const { rideId } = entry;

  useEffect(() => {
    const element = item.current!;
    return combine(
      draggable({ element, getInitialData: () => ({ rideId }) }),
      dropTargetForElements({
        element,
        getData: () => ({ rideId }),
        canDrop: ({ source }) => source.data.rideId !== rideId,
      }),
    );
  }, [rideId]);

  const access = childHeight === null || entry.removed ? "allowed" : childAccess(entry, childHeight);
  const alone = entry.minHeightAlone;
  const forbidden = entry.minHeightForbidden;
  const heights = [
    alone !== null ? t("plans.heights.alone", { value: alone }) : null,
    forbidden !== null ? t(alone !== null && forbidden > alone ? "plans.heights.max" : "plans.heights.accompanied", { value: forbidden }) : null,
  ].filter(Boolean);

  return (
    <li
      ref={item}
      data-plan-entry={rideId}
      data-priority={entry.isPriority || undefined}
      className="flex cursor-grab flex-wrap items-start gap-3 rounded-xl border border-stone-200 bg-white p-3 data-[priority]:border-amber-500 data-[priority]:bg-amber-50"
    >
      <span aria-hidden="true" className="mt-0.5 w-6 text-right font-bold text-stone-600">
        {position}.
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={ridePath} className={`font-semibold text-stone-900 underline-offset-2 hover:underline ${entry.removed ? "line-through" : ""}`}>
            {entry.name}
          </Link>
          {entry.isPriority ? <span className="rounded bg-amber-800 px-2 py-0.5 text-xs font-bold text-white">{t("plans.priority")}</span> : null}
          {entry.completed ? <span className="rounded bg-teal-700 px-2 py-0.5 text-xs font-bold text-white">{t("plans.completed")}</span> : null}
          {entry.removed ? <span className="rounded bg-stone-600 px-2 py-0.5 text-xs font-bold text-white">{t("plans.removedRide")}</span> : null}
        </p>
        <p className="mt-1 text-sm text-stone-700">
          {entry.durationSeconds === null ? t("plans.unknownDuration") : formatDuration(entry.durationSeconds)}
          {heights.length > 0 ? ` · ${heights.join(" · ")}` : ""}
        </p>
        {access !== "allowed" ? (
          <p data-child-access={access} className={`mt-1 text-sm font-semibold ${access === "forbidden" ? "text-red-800" : "text-amber-800"}`}>
            {t(`plans.access.${access}`)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-1">
        <button type="button" data-move="up" disabled={position === 1} aria-label={t("plans.moveUpRide", { name: entry.name })} onClick={() => actions.move(entry, -1)} className={BUTTON}>
          {t("plans.moveUp")}
        </button>
        <button type="button" data-move="down" disabled={position === total} aria-label={t("plans.moveDownRide", { name: entry.name })} onClick={() => actions.move(entry, 1)} className={BUTTON}>
          {t("plans.moveDown")}
        </button>
        <button type="button" aria-pressed={entry.isPriority} aria-label={t("plans.priorityRide", { name: entry.name })} onClick={() => actions.togglePriority(entry)} className={`${BUTTON} aria-pressed:border-amber-600 aria-pressed:bg-amber-100`}>
          {t("plans.priority")}
        </button>
        {entry.completed || entry.removed ? null : (
          <button type="button" aria-label={t("plans.completeRide", { name: entry.name })} onClick={() => actions.complete(entry)} className={BUTTON}>
            {t("plans.complete")}
          </button>
        )}
        <button type="button" aria-label={t("plans.removeRide", { name: entry.name })} onClick={() => actions.remove(entry)} className={BUTTON}>
          {t("plans.remove")}
        </button>
      </div>
    </li>
  );
}
