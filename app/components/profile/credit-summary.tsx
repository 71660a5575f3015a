import { useTranslation } from "~/i18n/translation-context";
import { formatNumber } from "~/domain/format";
import type { CreditRules, CreditSummary } from "~/domain/ride-log";
import { useLanguage } from "../root-data";

/** The member's credits under their rules, the rules said beside them. */
export function CreditTotal({ total, rules }: { total: number; rules: CreditRules }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const worded = [rules.coastersOnly ? t("rideLog.profile.rulesCoasters") : t("rideLog.profile.rulesAll"), rules.countRemoved ? t("rideLog.profile.rulesRemovedCounted") : t("rideLog.profile.rulesRemovedLeft")];
  return (
    <p>
      <span data-credits className="text-3xl font-extrabold text-teal-900">
        {t("rideLog.profile.credits", { count: total, formatted: formatNumber(total, language) })}
      </span>{" "}
      <span className="text-sm text-stone-600">({worded.join(", ")})</span>
    </p>
  );
}

/** The credits per ride type. */
export function TypeFigures({ byType }: { byType: CreditSummary["byType"] }) {
  const { t } = useTranslation();
  return <FigureList title={t("rideLog.profile.byType")} rows={byType.map((row) => [t(`attractionTypes.${row.type}`), row.credits])} />;
}

/** A titled list of labels and their figures. */
export function FigureList({ title, rows }: { title: string; rows: Array<[React.ReactNode, number | string]> }) {
  const language = useLanguage();
  if (rows.length === 0) return null;
  return (
    <div>
      <h3 className="font-bold">{title}</h3>
      <dl className="mt-2 space-y-1">
        {rows.map(([label, value], index) => (
          <div key={index} className="flex justify-between gap-3 border-b border-stone-100 pb-1">
            <dt>{label}</dt>
            <dd className="font-semibold">{typeof value === "number" ? formatNumber(value, language) : value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
