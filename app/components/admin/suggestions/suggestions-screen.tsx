import { useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import type { AdminSuggestionAnswer, AdminSuggestionsScreen } from "~/domain/admin-suggestions";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { AdminTable } from "../admin-table";
import { KeysetPager } from "../keyset-pager";
import { SUGGESTION_COLUMNS, SuggestionRow } from "./suggestion-row";
import { DECISION_FETCHER, SuggestionReview } from "./suggestion-review";

/**
 * "Suggestions de modifications" (docs/rules/back-office.md#suggestions-screen): the pending suggestions of
 * parks and rides, newest first, one row each, one opened at a time. A
 * decided suggestion is no longer pending: the list reloads without it, and
 * the outcome shows above the list (its row is gone).
 */
export function SuggestionsScreen({ now, screen }: { now: string; screen: AdminSuggestionsScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<string | null>(null);
  const decision = useFetcher<AdminSuggestionAnswer>({ key: DECISION_FETCHER });
  const answer = decision.state === "idle" ? decision.data : undefined;

  return (
    <section aria-labelledby="admin-suggestions-title">
      <h1 id="admin-suggestions-title" className="mb-4 text-2xl font-extrabold">
        {t("admin.suggestions.title")}
      </h1>
      <div className="mb-4 space-y-2">
        {answer?.ok ? (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
            {t(answer.intent === "approve" ? "admin.suggestions.approved" : "admin.suggestions.rejected")}
          </p>
        ) : null}
        {answer && !answer.ok && !("changedMeanwhile" in answer) ? <AdminAlert error={answer.error} /> : null}
      </div>
      {screen.kind === "list" ? (
        <>
          {screen.failed ? <AdminAlert error={{ key: "admin.suggestions.loadFailed" }} /> : null}
          {screen.page.rows.length === 0 && !screen.failed ? (
            <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-700">{t("admin.suggestions.empty")}</p>
          ) : (
            <AdminTable caption={t("admin.suggestions.title")} columns={SUGGESTION_COLUMNS.map((column) => t(`admin.suggestions.columns.${column}`))} grouped>
              {screen.page.rows.map((suggestion) => {
                const key = `${suggestion.kind}:${suggestion.id}`;
                return <SuggestionRow key={key} suggestion={suggestion} now={now} open={opened === key} onToggle={(open) => setOpened(open ? key : null)} />;
              })}
            </AdminTable>
          )}
          <KeysetPager older={screen.page.older} newer={screen.page.newer} />
        </>
      ) : (
        // The detail's address opened directly (no script yet, or a shared link): the detail alone, and the way back.
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          {screen.kind === "detail" && screen.detail ? (
            <>
              <h2 className="text-lg font-semibold text-stone-900">{t("admin.suggestions.cardTitle", { name: screen.detail.targetName })}</h2>
              <p className="text-sm text-stone-700">{t("admin.suggestions.by", { username: screen.detail.username })}</p>
              <SuggestionReview detail={screen.detail} onClose={() => void navigate("/admin/suggestions")} />
            </>
          ) : answer?.ok ? null : (
            <AdminAlert error={{ key: screen.kind === "detail" ? "admin.errors.stale" : "admin.suggestions.detailFailed" }} />
          )}
          <Link to="/admin/suggestions" className="mt-4 inline-block text-sm text-teal-800 underline">
            {t("admin.common.backToList")}
          </Link>
        </div>
      )}
    </section>
  );
}
