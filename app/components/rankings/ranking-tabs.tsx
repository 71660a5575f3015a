import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { RANKING_TABS, rankingsSearch, type RankingTab } from "~/domain/ranking-tabs";

export const RANKINGS_PANEL_ID = "rankings-panel";

/** The tab's explanation of its order, which describes the score column. */
export const RANKINGS_NOTE_ID = "rankings-note";

export function rankingTabId(tab: RankingTab): string {
  return `rankings-tab-${tab}`;
}

/** The next tab to focus for an arrow key, Home or End (WAI-ARIA APG tabs, horizontal), or null for another key. */
function focusTarget(key: string, current: number, count: number): number | null {
  if (key === "ArrowRight") return (current + 1) % count;
  if (key === "ArrowLeft") return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * The rankings as ARIA tabs with manual activation (WAI-ARIA APG): each
 * tab is a link to its own server-rendered address, so it works without
 * JavaScript; with it, ←/→/Home/End move the focus between tabs (roving
 * tabindex) and Enter or Space opens the focused one.
 */
export function RankingTabs({ selected }: { selected: RankingTab }) {
  const { t } = useTranslation();
  const onKeyDown = (event: React.KeyboardEvent<HTMLAnchorElement>) => {
    const tabs = Array.from(event.currentTarget.parentElement!.querySelectorAll<HTMLAnchorElement>('[role="tab"]'));
    const current = tabs.indexOf(event.currentTarget);
    if (event.key === " ") {
      // A link opens on Enter by itself; a tab also opens on Space.
      event.preventDefault();
      tabs[current]!.click();
      return;
    }
    const next = focusTarget(event.key, current, tabs.length);
    if (next === null) return;
    event.preventDefault();
    tabs[next]!.focus();
  };
  return (
    <div role="tablist" aria-label={t("rankings.tabsLabel")} className="flex overflow-x-auto border-b border-stone-200 sm:gap-1">
      {RANKING_TABS.map((tab) => {
        const isSelected = tab === selected;
        return (
          <Link
            key={tab}
            id={rankingTabId(tab)}
            role="tab"
            to={rankingsSearch({ tab, type: null }) || "?"}
            preventScrollReset
            aria-selected={isSelected}
            aria-controls={isSelected ? RANKINGS_PANEL_ID : undefined}
            tabIndex={isSelected ? 0 : -1}
            onKeyDown={onKeyDown}
            className={`-mb-px inline-flex min-h-11 items-center whitespace-nowrap rounded-t-lg border px-0.5 text-xs font-medium tracking-tight sm:px-4 sm:text-sm sm:font-semibold sm:tracking-normal focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal-700 ${
              isSelected ? "border-stone-200 border-b-white bg-white text-teal-800" : "border-transparent text-stone-600 hover:text-teal-800"
            }`}
          >
            {/* One line on a phone, five tabs in 328 px: a short name in medium weight there, the full one from `sm` up. */}
            <span className="sm:hidden">{t(`rankings.tabsShort.${tab}`)}</span>
            <span className="hidden sm:inline">{t(`rankings.tabs.${tab}`)}</span>
          </Link>
        );
      })}
    </div>
  );
}
