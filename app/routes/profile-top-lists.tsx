import { redirect } from "react-router";
import { localizedPath } from "~/domain/languages";
import { isTopListKind, TOP_LIST_ENHANCED_FIELD, type TopListActionResult, type TopListIntent, type TopListKind } from "~/domain/top-lists";
import { requireUser } from "~/server/auth/guards";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import { addToTopList, removeFromTopList, reorderTopList, type TopListOutcome } from "~/server/profiles/top-lists";
import type { Route } from "./+types/profile-top-lists";
import { dispatchIntent, type IntentHandlers, type PostedForm, type PostedIntent } from "~/server/http/dispatch-intent";
import { refused, statusOf } from "~/server/http/refusal-status";

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
  // Each change names its list by `kind`; the editor's fetcher marks its posts as enhanced.
  const onList =
    (change: (kind: TopListKind, form: PostedForm) => Promise<TopListOutcome>) =>
    async ({ form }: PostedIntent): Promise<ListAnswer> => {
      const posted = await form();
      const kind = posted.text("kind");
      return { outcome: isTopListKind(kind) ? await change(kind, posted) : BAD_REQUEST, enhanced: isEnhanced(posted) };
    };
  const handlers: IntentHandlers<TopListIntent, PostedIntent, ListAnswer> = {
    add: onList((kind, { text }) => addToTopList(context.db, user.id, kind, text("id"))),
    remove: onList((kind, { text }) => removeFromTopList(context.db, user.id, kind, text("id"))),
    reorder: onList((kind, { all }) => reorderTopList(context.db, user.id, kind, all("id"))),
  };
  const { outcome, enhanced } = await dispatchIntent(request, handlers, async (_intent, { form }) => ({
    outcome: BAD_REQUEST,
    enhanced: isEnhanced(await form()),
  }));

  if (enhanced) {
    return outcome.ok ? ({ ok: true } satisfies TopListActionResult) : refused({ ok: false, error: outcome.error } satisfies TopListActionResult, outcome.reason);
  }
  if (outcome.ok) return redirect(localizedPath(requestLanguage(request), "/profile"));
  // Without JavaScript the refusal is this page: its translated reason.
  return new Response(requestT(request)(outcome.error), {
    status: statusOf(outcome.reason),
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

type ListAnswer = { outcome: TopListOutcome; enhanced: boolean };
const BAD_REQUEST: TopListOutcome = { ok: false, reason: "invalid", error: "errors.badRequest" };
const isEnhanced = (form: PostedForm) => form.text(TOP_LIST_ENHANCED_FIELD) === "1";
