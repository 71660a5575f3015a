import { useNavigate } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { ATTRACTION_TYPES, type AttractionTypeName } from "~/domain/attraction-types";
import { rankingsSearch, type RankingTab } from "~/domain/ranking-tabs";

/**
 * The per-type choice of a ride ranking: one native select in a GET form, so it
 * fits a phone's first screen, works without JavaScript (the form's own
 * submission, `?tab=…&type=…`) and with the keyboard. It opens on its button, not
 * on change: a select that navigated at each arrow key would change page under
 * the keyboard. With JavaScript the submission is a client navigation to the
 * view's clean address (no empty `type=`).
 */
export function TypeChoice({ tab, selected }: { tab: RankingTab; selected: AttractionTypeName | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const type = new FormData(event.currentTarget).get("type");
    void navigate(rankingsSearch({ tab, type: typeof type === "string" ? type : null }) || "?", { preventScrollReset: true });
  };
  return (
    <form method="get" onSubmit={onSubmit} className="mt-3 flex flex-wrap items-center gap-2">
      {tab === "attractions" ? null : <input type="hidden" name="tab" value={tab} />}
      <label htmlFor="ranking-type" className="text-sm font-medium text-stone-700">
        {t("rankings.typeChoice")}
      </label>
      <select
        key={selected ?? "all"}
        id="ranking-type"
        name="type"
        defaultValue={selected ?? ""}
        className="min-h-11 min-w-0 max-w-full flex-1 rounded-lg border border-stone-300 bg-white px-2 text-sm sm:flex-none"
      >
        <option value="">{t("rankings.allTypes")}</option>
        {ATTRACTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`attractionTypes.${type}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="min-h-11 rounded-lg bg-teal-700 px-3 text-sm font-semibold text-white hover:bg-teal-800">
        {t("rankings.showType")}
      </button>
    </form>
  );
}
