import { useEffect, useMemo, useState, type RefObject } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { useSearchSuggestions } from "../use-search-suggestions";
import type { TopListItem, TopListKind } from "~/domain/top-lists";

type Result = { item: TopListItem; detail: string };

/**
 * The editor's "add" field: the site's search suggestions (/api/search, from
 * 2 characters) of the list's kind only, each with an "Ajouter" button.
 * A plain list of buttons rather than a combobox: each result is an action.
 */
export function TopListSearch({
  kind,
  listed,
  full,
  onAdd,
  inputRef,
}: {
  kind: TopListKind;
  listed: TopListItem[];
  full: boolean;
  onAdd: (item: TopListItem) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  // Not useId: drawn in a member slot, alone (decision 0067); one search per list, one list of each kind.
  const id = `top-list-${kind}-search`;
  const [text, setText] = useState("");
  // Text typed while the editor's chunk was still on its way (the server's HTML is usable at once, a
  // busy phone hydrates late) is in the field but not in the state: picked up once hydrated, not lost.
  useEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed !== "") setText(typed);
  }, [inputRef]);
  const found = useSearchSuggestions(text);
  const results = useMemo<Result[] | null>(() => {
    if (!found) return null;
    const base = { imageUrl: null, averageRating: null, ratingCount: 0 };
    return kind === "park"
      ? found.parks.map((park) => ({
          item: { ...base, id: park.id, name: park.name, slug: park.slug, parkSlug: null, parkName: null },
          detail: t("park.location", { region: park.region, country: park.country }),
        }))
      : found.attractions.map((ride) => ({
          item: { ...base, id: ride.id, name: ride.name, slug: ride.slug, parkSlug: ride.parkSlug, parkName: ride.parkName },
          detail: ride.parkName,
        }));
  }, [found, kind, t]);

  return (
    <div className="mt-4 border-t border-stone-100 pt-4">
      <label htmlFor={`${id}-input`} className="block text-sm font-semibold text-stone-800">
        {t(`topLists.searchLabel.${kind}`)}
      </label>
      <input
        id={`${id}-input`}
        ref={inputRef}
        type="search"
        autoComplete="off"
        disabled={full}
        aria-describedby={`${id}-hint`}
        placeholder={t(`topLists.searchPlaceholder.${kind}`)}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => event.key === "Escape" && setText("")}
        className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-teal-300 disabled:bg-stone-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
        {full ? t("topLists.full") : t("topLists.searchHint")}
      </p>
      {results && !full ? (
        results.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("common.noResults")}</p>
        ) : (
          <ul aria-label={t(`topLists.searchLabel.${kind}`)} className="mt-2 space-y-1">
            {results.map(({ item, detail }) => {
              const already = listed.some((entry) => entry.id === item.id);
              return (
                <li key={item.id} className="flex items-center justify-between gap-3 rounded-lg px-2 py-1 hover:bg-stone-50">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{item.name}</span>
                    <span className="block truncate text-sm text-stone-600">{detail}</span>
                  </span>
                  {already ? (
                    <span className="shrink-0 text-sm text-stone-600">{t("topLists.alreadyListed")}</span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => onAdd(item)}
                      aria-label={t("topLists.addItem", { name: item.name })}
                      className="shrink-0 rounded-full bg-teal-700 px-3 py-1 text-sm font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                    >
                      {t("topLists.add")}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )
      ) : null}
      <p role="status" className="sr-only">
        {results && !full ? t("topLists.resultsCount", { count: results.length }) : ""}
      </p>
    </div>
  );
}
