import { useId } from "react";
import { useFetcher } from "react-router";
import { openedSuggestionSearch, type AdminSuggestionRow, type AdminSuggestionsData } from "~/domain/admin-suggestions";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { RelativeDate } from "../relative-date";
import { SuggestionReview } from "./suggestion-review";

type SuggestionCardProps = { suggestion: AdminSuggestionRow; now: string; open: boolean; onToggle: (open: boolean) => void };

/**
 * A pending suggestion's card: 'Modification proposée pour {name}', its author
 * and date. Opening it loads its detail (the screen's loader with
 * `?kind=&suggestion=`, through a fetcher) and shows 'Chargement...' meanwhile.
 */
export function SuggestionCard({ suggestion, now, open, onToggle }: SuggestionCardProps) {
  const { t } = useTranslation();
  const detail = useFetcher<AdminSuggestionsData>();
  const titleId = useId();
  const panelId = useId();
  const screen = detail.data?.screen;
  const loading = detail.state === "loading" && !screen;

  const toggle = () => {
    if (!open) void detail.load(`/admin/suggestions${openedSuggestionSearch(suggestion.kind, suggestion.id)}`);
    onToggle(!open);
  };

  return (
    <li aria-labelledby={titleId} className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {t("admin.suggestions.cardTitle", { name: suggestion.targetName })}
          </h2>
          <p className="text-sm text-stone-700">
            {t(`admin.suggestions.kinds.${suggestion.kind}`)}
            {suggestion.kind === "attraction" ? ` · ${t("admin.suggestions.inPark", { park: suggestion.parkName })}` : null}
            {" · "}
            {t("admin.suggestions.by", { username: suggestion.username })} · <RelativeDate iso={suggestion.createdAt} now={now} />
          </p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={toggle}
          className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {t(open ? "admin.suggestions.hide" : "admin.suggestions.open")}
        </button>
      </div>
      {open ? (
        <div id={panelId} aria-busy={loading || undefined}>
          {loading || !screen ? (
            <p role="status" className="mt-3 text-sm text-stone-700">
              {t("admin.common.loading")}
            </p>
          ) : screen.kind === "detail" && screen.detail ? (
            <SuggestionReview detail={screen.detail} onClose={() => onToggle(false)} />
          ) : screen.kind === "detail" ? (
            <div className="mt-3">
              <AdminAlert error={{ key: "admin.errors.stale" }} />
            </div>
          ) : (
            <div className="mt-3">
              <AdminAlert error={{ key: "admin.suggestions.detailFailed" }} />
            </div>
          )}
        </div>
      ) : null}
    </li>
  );
}
