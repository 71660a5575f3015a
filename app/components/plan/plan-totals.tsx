import { useTranslation } from "~/i18n/translation-context";
import { formatPlanTime } from "~/domain/plan-editing";
import { planTotals, type PlanEntryView } from "~/domain/visit-plan";

/**
 * What is left of the visit: ride time, wait (30 minutes a ride) and both together, counting
 * only the rides not yet done, with how many are done; a sentence instead of zeros when there is nothing to count.
 * Rides that disappeared are left out.
 */
export function PlanTotals({ entries }: { entries: PlanEntryView[] }) {
  const { t } = useTranslation();
  const totals = planTotals(entries);
  const rows: Array<[label: string, seconds: number, key: string]> = [
    [t("plans.totals.rides"), totals.rideSeconds, "rides"],
    [t("plans.totals.wait"), totals.waitSeconds, "wait"],
    [t("plans.totals.total"), totals.totalSeconds, "total"],
  ];
  return (
    <div className="rounded-xl bg-stone-100 p-4">
      <h3 className="font-bold">{t("plans.totals.title")}</h3>
      {totals.planned === 0 ? (
        <p data-plan-totals-empty className="mt-2 text-sm text-stone-700">
          {t("plans.totals.empty")}
        </p>
      ) : (
        <>
          <p data-plan-progress className="mt-1 text-sm font-medium text-stone-800">
            {t("plans.totals.progress", { done: totals.done, total: totals.planned })}
          </p>
          {totals.done === totals.planned ? (
            <p data-plan-totals-done className="mt-2 text-sm text-stone-700">
              {t("plans.totals.allDone")}
            </p>
          ) : (
            <dl className="mt-2 grid gap-3 sm:grid-cols-3">
              {rows.map(([label, seconds, key]) => (
                <div key={key} data-plan-total={key}>
                  <dt className="text-sm text-stone-700">{label}</dt>
                  <dd className="text-lg font-semibold">{formatPlanTime(seconds)}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
      {totals.ridesWithoutDuration > 0 ? (
        <p className="mt-2 text-sm text-stone-700">{t("plans.totals.withoutDuration", { count: totals.ridesWithoutDuration })}</p>
      ) : null}
    </div>
  );
}
