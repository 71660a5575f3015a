import { data, redirect } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { RideLogBookView } from "~/components/ride-log/ride-log-book-view";
import { localizedPath } from "~/domain/languages";
import { routeMessages } from "~/i18n/route-messages";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import { findProfileSummary } from "~/server/profiles/profile-queries";
import { readPublicRideLogBook } from "~/server/ride-log/profile-ride-log";
import type { Route } from "./+types/member-ride-log";

/**
 * Another member's log on its own page (docs/rules/ride-log.md#who-sees-it): their figures and visited parks as far
 * as they show them — the counts, or the counts and the rides — and nothing of a private log, which answers as a
 * page that does not exist. The member's own is 'Mon carnet' (/profile/ride-log), where their tools are.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  if (context.currentUser?.id === params.userId) throw redirect(localizedPath(language, "/profile/ride-log"));
  const summary = await findProfileSummary(context.db, params.userId);
  const book = summary ? await readPublicRideLogBook(context.db, summary.id, language) : null;
  if (!summary || !book) throw data(requestT(request)("rideLog.profile.notShown"), { status: 404 });
  return {
    username: summary.username,
    book,
    messages: routeMessages(language, ["rideLog.profile", "attractionTypes"]),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("rideLog.profile.title", { username: loaderData?.username ?? "" }));
}

export default function MemberRideLogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("rideLog.profile.title", { username: loaderData.username })}</h1>
      <div className="mt-6">
        <RideLogBookView book={loaderData.book} />
      </div>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();
