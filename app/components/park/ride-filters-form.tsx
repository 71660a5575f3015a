import { useTranslation } from "~/i18n/translation-context";
import { useEffect, useRef } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { AUDIENCES, readRideFilters } from "~/domain/park-scores";

/** `params` with the filter `name` set to `value`: the default sort and an empty value leave the address. */
function withFilter(params: URLSearchParams, name: string, value: string) {
  if (value && !(name === "sort" && value === "rating")) params.set(name, value);
  else params.delete(name);
  return params;
}

/** Filters live in the address (shareable, back button works); the form also works without JavaScript. */
export function RideFiltersForm() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readRideFilters(searchParams);
  const apply = (next: URLSearchParams) => setSearchParams(next, { replace: true, preventScrollReset: true });
  const update = (name: string, value: string) => apply(withFilter(new URLSearchParams(searchParams), name, value));
  // The form is hydrated after the page's first load (decision 0065): a choice made in the server's markup before then
  // is in the fields, but React does not replay it. Once hydrated, it is applied as if made now.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const next = new URLSearchParams(searchParams);
    for (const [name, value] of new FormData(form.current!)) withFilter(next, name, String(value));
    const chosen = readRideFilters(next);
    if (chosen.text !== filters.text || chosen.sort !== filters.sort || chosen.audience !== filters.audience) apply(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration: later choices go through onChange
  }, []);
  const control = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2";
  return (
    // The page's own address: its route is known, nothing to discover (decision 0080).
    <Form ref={form} method="get" discover="none" preventScrollReset aria-label={t("park.filters.title")} className="mt-4 grid items-end gap-3 rounded-xl bg-stone-100 p-4 sm:grid-cols-4">
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

