import type { ShouldRevalidateFunctionArgs } from "react-router";
import { SuggestionsScreen } from "~/components/admin/suggestions/suggestions-screen";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import type { AdminIntent } from "~/domain/admin-intents";
import { readPageRequest } from "~/domain/admin-paging";
import { readOpenedSuggestion, type AdminSuggestionAnswer, type AdminSuggestionsData } from "~/domain/admin-suggestions";
import { isUuid } from "~/domain/ids";
import { isSuggestionKind, type SuggestionKind } from "~/domain/suggested-changes";
import { adminRefusal, unknownAdminIntent } from "~/server/http/admin-refusal";
import { dispatchIntent, type IntentHandlers, type PostedForm, type PostedIntent } from "~/server/http/dispatch-intent";
import { refused } from "~/server/http/refusal-status";
import { findPendingSuggestion, listPendingSuggestions } from "~/server/admin/admin-suggestions";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/http/page-answer";
import { approveSuggestion, rejectSuggestion, type SuggestionModeration } from "~/server/suggestions/suggestion-moderation";
import type { Route } from "./+types/suggestions";

/**
 * 'Suggestions de modifications': the pending suggestions, or — with
 * `?kind=&suggestion=`, which the screen's cards load with a fetcher when
 * opened — the detail of one.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminSuggestionsData> {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const now = new Date().toISOString();
  const opened = readOpenedSuggestion(params);
  if (opened) {
    try {
      return { now, screen: { kind: "detail", detail: await findPendingSuggestion(context.db, opened.kind, opened.id) } as const };
    } catch (error) {
      context.logger.error({ err: error, suggestion: opened }, "admin suggestion not loaded");
      return { now, screen: { kind: "detailFailed" } as const };
    }
  }
  try {
    return { now, screen: { kind: "list", page: await listPendingSuggestions(context.db, readPageRequest(params)), failed: false } as const };
  } catch (error) {
    context.logger.error({ err: error }, "admin suggestions not loaded");
    return { now, screen: { kind: "list", page: { rows: [], older: null, newer: null }, failed: true } as const };
  }
}

/**
 * approve (with the fields changed meanwhile that the moderator confirmed
 * overwriting, `confirmed`, repeated) and reject (with an optional `reason`):
 * the administrator checked first, then one service call each
 * (server/suggestions/suggestion-moderation.ts).
 */
export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<AdminSuggestionAnswer>> {
  const admin = requireAdmin(request, context);
  const deps = { db: context.db, imageStorage: context.imageStorage, logger: context.logger };
  // Every intent names its suggestion by `kind` and `id`; a failure is logged and said the same way.
  const moderate =
    (run: (kind: SuggestionKind, id: string, form: PostedForm) => Promise<SuggestionModeration>) =>
    async ({ intent, form }: PostedIntent): Promise<PageAnswer<AdminSuggestionAnswer>> => {
      const posted = await form();
      const kind = posted.text("kind");
      const id = posted.text("id");
      if (!isSuggestionKind(kind) || !isUuid(id)) return adminRefusal(intent, "invalid", { key: "errors.badRequest" });
      let outcome: SuggestionModeration;
      try {
        outcome = await run(kind, id, posted);
      } catch (error) {
        context.logger.error({ err: error, intent, kind, suggestionId: id }, "suggestion moderation failed");
        return adminRefusal(intent, "failed", { key: "admin.errors.actionFailed" });
      }
      if (outcome.ok) return { ok: true, intent };
      const answer: AdminSuggestionAnswer = outcome.changedMeanwhile
        ? { ok: false, intent, error: outcome.error, changedMeanwhile: outcome.changedMeanwhile }
        : { ok: false, intent, error: outcome.error };
      return refused(answer, outcome.reason);
    };
  const handlers: IntentHandlers<AdminIntent<"suggestions">, PostedIntent, PageAnswer<AdminSuggestionAnswer>> = {
    approve: moderate((kind, id, { all }) => approveSuggestion(deps, admin, kind, id, all("confirmed"))),
    reject: moderate((kind, id, { text }) => rejectSuggestion(deps, admin, kind, id, text("reason"))),
  };
  return dispatchIntent(request, handlers, unknownAdminIntent);
}

/**
 * A 409 says that what the screen shows is out of date — the suggestion was
 * moderated in another tab, or a field changed since the detail loaded —:
 * the list and an opened detail reload then too (React Router skips that
 * after a 4xx by default), so the card goes or its marks are current.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.suggestions.title"));
}

export default function AdminSuggestions({ loaderData }: Route.ComponentProps) {
  return <SuggestionsScreen now={loaderData.now} screen={loaderData.screen} />;
}

export const ErrorBoundary = routeErrorBoundary();
