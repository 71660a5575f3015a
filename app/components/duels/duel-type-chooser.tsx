import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { DUEL_MIN_RIDES, type DuelTypeChoice } from "~/domain/duels";
import { useLocalizedHref } from "../root-data";

/**
 * The duels page's first step (choose a type, docs/rules/duels-and-rankings.md#duel-flow): the
 * ten ride types, each with the member's number of eligible rides. Every type
 * is a link; one with too few rides opens on the message saying what is missing.
 */
export function DuelTypeChooser({ types }: { types: readonly DuelTypeChoice[] }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <section aria-labelledby="duel-types-title">
      <h2 id="duel-types-title" className="text-2xl font-bold">
        {t("duels.chooseType")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("duels.eligibleHint")}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {types.map(({ type, eligible }) => (
          <li key={type}>
            <Link
              to={`${href("/duels")}?type=${type}`}
              data-duel-type={type}
              className={`flex h-full flex-col rounded-xl border-2 p-4 hover:border-teal-600 hover:bg-teal-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-teal-600 ${eligible >= DUEL_MIN_RIDES ? "border-teal-200 bg-white" : "border-stone-200 bg-stone-50"}`}
            >
              <span data-ride-type={type} className="text-lg font-semibold text-stone-900">
                {t(`attractionTypes.${type}`)}
              </span>
              <span className={`text-sm ${eligible >= DUEL_MIN_RIDES ? "text-teal-800" : "text-stone-600"}`}>{t("duels.eligible", { count: eligible })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
