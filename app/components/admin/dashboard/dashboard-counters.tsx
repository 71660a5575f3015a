import { useId } from "react";
import { Link } from "react-router";
import { DASHBOARD_COUNTER_LINKS, DASHBOARD_COUNTERS, type DashboardCounts } from "~/domain/admin-dashboard";
import { formatNumber } from "~/domain/format";
import { useLanguage } from "~/components/root-data";
import { useTranslation } from "~/i18n/translation-context";

/** The dashboard's six counters (docs/rules/back-office.md#dashboard), each a link to the screen that lists what it counts. */
export function DashboardCounters({ counts }: { counts: DashboardCounts }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="sr-only">
        {t("admin.dashboard.overview")}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {DASHBOARD_COUNTERS.map((counter) => (
          <li key={counter}>
            <Link
              to={DASHBOARD_COUNTER_LINKS[counter]}
              className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-teal-700 focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              <span className="text-3xl font-bold text-stone-900" data-counter={counter}>
                {formatNumber(counts[counter], language)}
              </span>
              <span className="mt-1 text-sm font-medium text-stone-700">{t(`admin.dashboard.counters.${counter}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
