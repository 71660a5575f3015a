import { SuggestionPage } from "~/components/suggestions/suggestion-page";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { answerSuggestion, loadSuggestionPage } from "~/server/http/suggestion-page";
import type { Route } from "./+types/attraction-suggest";
import { routeMessages } from "~/i18n/route-messages";
import { requestLanguage } from "~/server/language";

/** A member's edit suggestion for a ride (docs/rules/suggestions.md#suggestion-form): the ride page opens the same form in a dialog, and links here without JavaScript. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const messages = routeMessages(requestLanguage(request), ["suggestions", "contribute", "images", "attraction.status", "attractionTypes", "admin.attractions.errors.statusRequired"]);
  return { ...(await loadSuggestionPage(request, context, "attraction", params.id)), messages };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerSuggestion(request, context, "attraction", params.id);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("suggestions.form.title", { name: loaderData?.name ?? "" }));
}

export default function RideSuggest({ loaderData }: Route.ComponentProps) {
  return <SuggestionPage target={loaderData} />;
}

export const ErrorBoundary = routeErrorBoundary();
