import { useTranslation } from "~/i18n/translation-context";
import { Form, Link, useSearchParams } from "react-router";
import { AUDIENCES, readRideFilters } from "~/domain/park-scores";

/** Filters live in the address (shareable, back button works); the form also works without JavaScript. */
export function RideFiltersForm() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readRideFilters(searchParams);
  const update = (name: string, value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value && !(name === "sort" && value === "rating")) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  const control = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2";
  return (
    <Form method="get" preventScrollReset aria-label={t("park.filters.title")} className="mt-4 grid items-end gap-3 rounded-xl bg-stone-100 p-4 sm:grid-cols-4">
      <label className="text-sm font-medium sm:col-span-2">
        {t("park.filters.search")}
        <input type="search" name="q" value={filters.text} onChange={(event) => update("q", event.currentTarget.value)} className={control} />
      </label>
      <label className="text-sm font-medium">
        {t("park.filters.sort")}
        <select name="sort" value={filters.sort} onChange={(event) => update("sort", event.currentTarget.value)} className={control}>
          <option value="rating">{t("park.filters.sortRating")}</option>
          <option value="name">{t("park.filters.sortName")}</option>
        </select>
      </label>
      <label className="text-sm font-medium">
        {t("park.filters.audience")}
        <select name="audience" value={filters.audience ?? ""} onChange={(event) => update("audience", event.currentTarget.value)} className={control}>
          <option value="">{t("park.filters.allAudiences")}</option>
          {AUDIENCES.map((audience) => (
            <option key={audience} value={audience}>
              {t(`park.audiences.${audience}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-3 sm:col-span-4">
        <noscript>
          <button type="submit" className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white">
            {t("park.filters.apply")}
          </button>
        </noscript>
        <Link to="." replace preventScrollReset className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50">
          {t("park.filters.reset")}
        </Link>
      </div>
    </Form>
  );
}

