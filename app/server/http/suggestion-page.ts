import { eq } from "drizzle-orm";
import { data, redirect, type AppLoadContext } from "react-router";
import { isUuid } from "~/domain/ids";
import { localizedPath } from "~/domain/languages";
import { loginPathReturningTo } from "~/domain/return-path";
import type { SuggestionKind } from "~/domain/suggested-changes";
import { SUGGEST_INTENT, type SuggestionAnswer, type SuggestionTargetView } from "~/domain/suggestion-page";
import type { Executor } from "../db/database";
import { rides, parks } from "../db/schema";
import { readContributionForm } from "../contributions/contribution-upload";
import { allowanceRefusal } from "../contributions/upload-allowance";
import { requestT } from "../i18n";
import { requestLanguage } from "../language";
import type { PageAnswer } from "./page-answer";
import { refused } from "./refusal-status";
import { submitSuggestion } from "../suggestions/submit-suggestion";
import { findSuggestionTarget } from "../suggestions/suggestion-targets";

const UNAVAILABLE = { park: "suggestions.errors.parkUnavailable", attraction: "suggestions.errors.attractionUnavailable" } as const;

/**
 * The suggestion page's data (docs/rules/suggestions.md#who-may-suggest):
 * members only — a visitor goes to the login page, which brings them back
 * here — and only for a target that takes suggestions (else a 404 saying so).
 */
export async function loadSuggestionPage(request: Request, context: AppLoadContext, kind: SuggestionKind, id: string | undefined): Promise<SuggestionTargetView> {
  if (!context.currentUser) {
    const url = new URL(request.url);
    throw redirect(loginPathReturningTo(localizedPath(requestLanguage(request), "/login"), `${url.pathname}${url.search}`));
  }
  const target = isUuid(id) ? await findSuggestionTarget(context.db, kind, id) : null;
  const path = target ? await pagePath(context.db, kind, target.id) : null;
  if (!target || !path) throw data(requestT(request)(UNAVAILABLE[kind]), { status: 404 });
  // The kind and the values go together (findSuggestionTarget reads the kind's row), which TypeScript cannot follow through the union.
  return { kind, id: target.id, name: target.name, path, values: target.values } as SuggestionTargetView;
}

/** The target's page, "/{park}" or "/{park}/{ride}" (unlocalized). */
async function pagePath(db: Executor, kind: SuggestionKind, id: string): Promise<string | null> {
  if (kind === "park") {
    const [park] = await db.select({ slug: parks.slug }).from(parks).where(eq(parks.id, id));
    return park ? `/${park.slug}` : null;
  }
  const [ride] = await db
    .select({ parkSlug: parks.slug, slug: rides.slug })
    .from(rides)
    .innerJoin(parks, eq(parks.id, rides.parkId))
    .where(eq(rides.id, id));
  return ride ? `/${ride.parkSlug}/${ride.slug}` : null;
}

/**
 * The suggestion form's post, from the page itself (a plain form without
 * JavaScript) or from the ride page's dialog (a fetcher). A visitor gets
 * 'Non authentifié' (401), not a redirect: the dialog's fetcher shows it.
 */
export async function answerSuggestion(
  request: Request,
  context: AppLoadContext,
  kind: SuggestionKind,
  id: string | undefined,
): Promise<PageAnswer<SuggestionAnswer>> {
  const intent = SUGGEST_INTENT;
  const user = context.currentUser;
  if (!user) return refused({ intent, errors: { form: [{ key: "suggestions.errors.notAuthenticated" }] } }, "unauthenticated");
  // Before the body is read: a spent allowance refuses the picture unread (decision 0040).
  const spent = await allowanceRefusal(context.db, user.id, "suggestion");
  if (spent) return refused({ intent, errors: { form: [spent.error] } }, spent.reason);
  const form = await readContributionForm(request);
  if (!form.ok) return refused({ intent, errors: { image: [form.error] } }, form.reason);
  const outcome = await submitSuggestion(context, user, kind, id ?? "", form);
  if (!outcome.ok) return refused({ intent, errors: outcome.errors, typed: form.fields }, outcome.reason);
  return { intent, sent: { replaced: outcome.replaced } };
}
