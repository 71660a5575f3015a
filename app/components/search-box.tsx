import { useId, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { useSearchSuggestions } from "./use-search-suggestions";
import { useNavigate } from "react-router";
import { localizedPath } from "~/domain/languages";
import { useLanguage } from "./root-data";

type Option = { id: string; label: string; detail: string; href: string; kind: "parks" | "attractions" };

/**
 * The home search (docs/rules/catalogue.md#search-suggestions): suggestions from 2 characters, parks and
 * attractions in two groups, as an ARIA 1.2 combobox — arrows move, Enter
 * opens, Escape closes — announced through a live region.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const found = useSearchSuggestions(text);
  const options = useMemo<Option[] | null>(
    () =>
      found && [
        ...found.parks.map((park) => ({
          id: park.id,
          label: park.name,
          detail: t("park.location", { region: park.region, country: park.country }),
          href: localizedPath(language, `/${park.slug}`),
          kind: "parks" as const,
        })),
        ...found.attractions.map((ride) => ({
          id: ride.id,
          label: ride.name,
          detail: ride.parkName,
          href: localizedPath(language, `/${ride.parkSlug}/${ride.slug}`),
          kind: "attractions" as const,
        })),
      ],
    [found, language, t],
  );
  // New suggestions open the list with nothing selected: adjusted while rendering (React's
  // "adjusting state when a prop changes"), not by an effect that would render twice.
  const [listed, setListed] = useState(found);
  if (found !== listed) {
    setListed(found);
    if (found) {
      setActive(-1);
      setOpen(true);
    }
  }

  const expanded = open && options !== null;
  const optionId = (index: number) => `${id}-option-${index}`;
  const go = (option: Option | undefined) => {
    if (!option) return;
    setOpen(false);
    navigate(option.href);
  };

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = options?.length ?? 0;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === "Enter" && expanded) {
      event.preventDefault();
      go(options?.[active >= 0 ? active : 0]);
    } else if (event.key === "Escape") {
      if (expanded) setOpen(false);
      else setText("");
    }
  }

  const groups = (["parks", "attractions"] as const).map((kind) => ({
    kind,
    items: (options ?? []).map((option, index) => ({ option, index })).filter(({ option }) => option.kind === kind),
  }));

  return (
    <div role="search" className="relative mt-8 max-w-xl">
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("home.searchPrompt")}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t("home.searchPrompt")}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        className="w-full rounded-xl border-0 bg-white px-4 py-3 text-base text-stone-900 shadow-lg placeholder:text-stone-500 focus:outline-none focus:ring-4 focus:ring-teal-300"
      />
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label={t("home.searchPrompt")}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-2 max-h-96 overflow-y-auto rounded-xl bg-white p-2 text-stone-900 shadow-xl"
      >
        {options?.length === 0 ? <p className="px-3 py-2 text-sm text-stone-600">{t("common.noResults")}</p> : null}
        {groups
          .filter((group) => group.items.length > 0)
          .map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
              <p id={`${id}-${group.kind}`} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-stone-500">
                {t(`home.search.${group.kind}`)}
              </p>
              {group.items.map(({ option, index }) => (
                // The combobox pattern (WAI-ARIA APG): the keyboard stays on the input, which moves
                // `aria-activedescendant` over the options; options take clicks, never the focus.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                <div
                  key={option.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(option)}
                  className="cursor-pointer rounded-lg px-3 py-2 aria-selected:bg-teal-50 hover:bg-stone-100"
                >
                  <span className="block font-medium">{option.label}</span>
                  <span className="block text-sm text-stone-600">{option.detail}</span>
                </div>
              ))}
            </div>
          ))}
      </div>
      <p role="status" className="sr-only">
        {expanded && options ? t("home.search.count", { count: options.length }) : ""}
      </p>
    </div>
  );
}
