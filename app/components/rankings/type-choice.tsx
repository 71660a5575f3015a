import { useNavigate } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { RIDE_TYPES, type RideTypeName } from "~/domain/ride-types";
import { rankingsSearch, type RankingTab } from "~/domain/ranking-tabs";
import type { ManufacturerRef } from "~/domain/ride-manufacturers";

const SELECT = "min-h-11 min-w-0 max-w-full flex-1 rounded-lg border border-stone-300 bg-white px-2 text-sm sm:flex-none";

/**
 * The ride rankings' filters, per type and per manufacturer: native selects in one GET
 * form, so they fit a phone's first screen, work without JavaScript (the form's own
 * submission, `?tab=…&type=…&manufacturer=…`) and with the keyboard. They apply on the
 * button, not on change: a select that navigated at each arrow key would change page
 * under the keyboard. With JavaScript the submission is a client navigation to the
 * view's clean address (no empty `type=` nor `manufacturer=`).
 */
export function TypeChoice({
  tab,
  selected,
  manufacturers,
  selectedManufacturer,
}: {
  tab: RankingTab;
  selected: RideTypeName | null;
  manufacturers: ManufacturerRef[];
  selectedManufacturer: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : null;
    };
    void navigate(rankingsSearch({ tab, type: chosen("type"), manufacturer: chosen("manufacturer") }) || "?", { preventScrollReset: true });
  };
  return (
    <form method="get" onSubmit={onSubmit} className="mt-3 flex flex-wrap items-center gap-2">
      {tab === "attractions" ? null : <input type="hidden" name="tab" value={tab} />}
      <label htmlFor="ranking-type" className="text-sm font-medium text-stone-700">
        {t("rankings.typeChoice")}
      </label>
      <select key={selected ?? "all"} id="ranking-type" name="type" defaultValue={selected ?? ""} className={SELECT}>
        <option value="">{t("rankings.allTypes")}</option>
        {RIDE_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`attractionTypes.${type}`)}
          </option>
        ))}
      </select>
      <label htmlFor="ranking-manufacturer" className="text-sm font-medium text-stone-700">
        {t("rankings.manufacturerChoice")}
      </label>
      <select
        key={selectedManufacturer ?? "all-makers"}
        id="ranking-manufacturer"
        name="manufacturer"
        defaultValue={selectedManufacturer ?? ""}
        className={SELECT}
      >
        <option value="">{t("rankings.allManufacturers")}</option>
        {manufacturers.map((maker) => (
          <option key={maker.slug} value={maker.slug}>
            {maker.name}
          </option>
        ))}
      </select>
      <button type="submit" className="min-h-11 rounded-lg bg-teal-700 px-3 text-sm font-semibold text-white hover:bg-teal-800">
        {t("rankings.showType")}
      </button>
    </form>
  );
}
