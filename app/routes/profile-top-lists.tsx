import { data, redirect } from "react-router";
import { localizedPath } from "~/domain/languages";
import { isTopListIntent, isTopListKind, TOP_LIST_ENHANCED_FIELD, type TopListActionResult } from "~/domain/top-lists";
import { requireUser } from "~/server/auth/guards";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import { addToTopList, removeFromTopList, reorderTopList, type TopListOutcome } from "~/server/profiles/top-lists";
import type { Route } from "./+types/profile-top-lists";
import { readForm } from "~/server/read-form";

/** Nothing to show here: the lists are on the profile page. */
export function loader() {
  throw new Response(null, { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST /profile/top-lists: add, remove or reorder an item of the signed-in
 * member's own top 10 (whose list it is comes from the session, never from
 * the form). The editor's fetcher marks its posts as enhanced and gets JSON;
 * a plain form post (no JavaScript) goes back to the profile page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request);
  const text = (name: string) => String(form.get(name) ?? "");
  const intent = text("intent");
  const kind = text("kind");
  const enhanced = form.get(TOP_LIST_ENHANCED_FIELD) === "1";

  let outcome: TopListOutcome;
  if (!isTopListIntent(intent) || !isTopListKind(kind)) outcome = { ok: false, status: 400, error: "errors.badRequest" };
  else if (intent === "add") outcome = await addToTopList(context.db, user.id, kind, text("id"));
  else if (intent === "remove") outcome = await removeFromTopList(context.db, user.id, kind, text("id"));
  else outcome = await reorderTopList(context.db, user.id, kind, form.getAll("id").map(String));

  if (enhanced) {
    return outcome.ok ? ({ ok: true } satisfies TopListActionResult) : data({ ok: false, error: outcome.error } satisfies TopListActionResult, outcome.status);
  }
  if (outcome.ok) return redirect(localizedPath(requestLanguage(request), "/profile"));
  // Without JavaScript the refusal is this page: its translated reason.
  return new Response(requestT(request)(outcome.error), {
    status: outcome.status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
