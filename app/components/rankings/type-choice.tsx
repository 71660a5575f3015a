import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { ATTRACTION_TYPES, type AttractionTypeName } from "~/domain/attraction-types";
import { rankingsSearch, type RankingTab } from "~/domain/ranking-tabs";

/** The per-type choice of a ride ranking: plain links (no JavaScript needed), the current one marked. */
export function TypeChoice({ tab, selected }: { tab: RankingTab; selected: AttractionTypeName | null }) {
  const { t } = useTranslation();
  const choices: Array<AttractionTypeName | null> = [null, ...ATTRACTION_TYPES];
  return (
    <nav aria-label={t("rankings.typeChoice")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {choices.map((type) => {
          const isCurrent = type === selected;
          return (
            <li key={type ?? "all"}>
              <Link
                to={rankingsSearch({ tab, type }) || "?"}
                preventScrollReset
                aria-current={isCurrent ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm ${
                  isCurrent ? "border-teal-700 bg-teal-700 font-semibold text-white" : "border-stone-300 bg-white text-stone-800 hover:border-teal-700"
                }`}
              >
                {type ? t(`attractionTypes.${type}`) : t("rankings.allTypes")}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
