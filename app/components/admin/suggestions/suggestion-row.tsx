import { useId } from "react";
import { useFetcher } from "react-router";
import { openedSuggestionSearch, type AdminSuggestionRow, type AdminSuggestionsData } from "~/domain/admin-suggestions";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ADMIN_BUTTON, AdminActions, AdminCell, AdminDetailRow, AdminRow, AdminRowGroup, AdminRowHeader } from "../admin-table";
import { RelativeDate } from "../relative-date";
import { SuggestionReview } from "./suggestion-review";

export const SUGGESTION_COLUMNS = ["suggestion", "type", "author", "date", "actions"] as const;

type SuggestionRowProps = { suggestion: AdminSuggestionRow; now: string; open: boolean; onToggle: (open: boolean) => void };

/**
 * A pending suggestion's row: 'Modification proposée pour {name}', what it
 * changes (a park, or a ride in its park), its author and date. Opening it
 * loads its detail (the screen's loader with `?kind=&suggestion=`, through a
 * fetcher) under the row, and shows 'Chargement...' meanwhile.
 */
export function SuggestionRow({ suggestion, now, open, onToggle }: SuggestionRowProps) {
  const { t } = useTranslation();
  const detail = useFetcher<AdminSuggestionsData>();
  const panelId = useId();
  const screen = detail.data?.screen;
  const loading = detail.state === "loading" && !screen;
  const column = (name: (typeof SUGGESTION_COLUMNS)[number]) => t(`admin.suggestions.columns.${name}`);
  const title = t("admin.suggestions.cardTitle", { name: suggestion.targetName });

  const toggle = () => {
    if (!open) void detail.load(`/admin/suggestions${openedSuggestionSearch(suggestion.kind, suggestion.id)}`);
    onToggle(!open);
  };

  return (
    <AdminRowGroup>
      <AdminRow>
        <AdminRowHeader label={column("suggestion")}>{title}</AdminRowHeader>
        <AdminCell label={column("type")}>
          {t(`admin.suggestions.kinds.${suggestion.kind}`)}
          {suggestion.kind === "attraction" ? ` · ${t("admin.suggestions.inPark", { park: suggestion.parkName })}` : null}
        </AdminCell>
        <AdminCell label={column("author")}>{suggestion.username}</AdminCell>
        <AdminCell label={column("date")} nowrap>
          <RelativeDate iso={suggestion.createdAt} now={now} />
        </AdminCell>
        <AdminActions label={column("actions")} groupLabel={t("admin.suggestions.rowActions", { name: suggestion.targetName })}>
          <button type="button" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={toggle} className={ADMIN_BUTTON.primary}>
            {t(open ? "admin.suggestions.hide" : "admin.suggestions.open")}
          </button>
        </AdminActions>
      </AdminRow>
      {open ? (
        <AdminDetailRow columns={SUGGESTION_COLUMNS.length}>
          <div id={panelId} aria-busy={loading || undefined}>
            {loading || !screen ? (
              <p role="status" className="mt-3 text-sm text-stone-700">
                {t("admin.common.loading")}
              </p>
            ) : screen.kind === "detail" && screen.detail ? (
              <SuggestionReview detail={screen.detail} onClose={() => onToggle(false)} />
            ) : (
              <div className="mt-3">
                <AdminAlert error={{ key: screen.kind === "detail" ? "admin.errors.stale" : "admin.suggestions.detailFailed" }} />
              </div>
            )}
          </div>
        </AdminDetailRow>
      ) : null}
    </AdminRowGroup>
  );
}
