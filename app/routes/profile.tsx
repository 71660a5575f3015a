import { useTranslation } from "~/i18n/translation-context";
import { Link, data, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { DuelRankingsSlot } from "~/components/profile/duel-rankings-slot";
import { OwnSections } from "~/components/profile/own-sections";
import { RidesByType, CumulativeStatistics, RatingStatistics, RatingsByMonth } from "~/components/profile/profile-statistics";
import { useLanguage, useLocalizedHref } from "~/components/root-data";
import { formatDate } from "~/domain/format";
import { readMemberReviewCursor, readMemberReviewSort } from "~/domain/member-reviews";
import { SHOWN_RANKING_PARAM, previewRankings, readShownRanking } from "~/domain/profile-rankings";
import { TopListsSection } from "~/components/profile/top-lists-section";
import { requireUser } from "~/server/auth/guards";
import { profileCharts } from "~/server/charts/page-charts";
import { serverDrawn } from "~/server/server-drawn";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import { readPersonalRankings } from "~/server/duels/personal-rankings";
import { listMemberReviews } from "~/server/profiles/member-reviews";
import { findProfileSummary } from "~/server/profiles/profile-queries";
import { listTopLists } from "~/server/profiles/top-lists";
import { listMemberSuggestions } from "~/server/suggestions/member-suggestions";
import { listMemberPlans } from "~/server/plans/member-plans";
import { readProfileRideLog } from "~/server/ride-log/profile-ride-log";
import type { Route } from "./+types/profile";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { profileOwnerMessages, profileVisitorsMessages } from "~/server/pages/profile-messages";
import { useMemberView } from "~/components/member-view";
import { memberSlot } from "~/components/member-slot";
import { readForYou } from "~/server/tastes/member-tastes";
import { deferredComponent } from "~/components/deferred-component";

/**
 * /profile is the signed-in member's own profile (visitors go to the login
 * page), with the editing tools and the settings link; /profile/{id} is the
 * public profile, the same for everyone, its owner included (they see what
 * others see).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = context.currentUser;
  const isOwn = !params.userId;
  const userId = params.userId ?? requireUser(request, context).id;
  const summary = await findProfileSummary(context.db, userId);
  if (!summary) throw data(requestT(request)("profile.notFound"), { status: 404 });
  const search = new URL(request.url).searchParams;
  const sort = readMemberReviewSort(search.get("sort"));
  const reviews = await listMemberReviews(context.db, summary.id, viewer, sort, readMemberReviewCursor(search));
  const topLists = await listTopLists(context.db, summary.id);
  const shownRanking = readShownRanking(search.get(SHOWN_RANKING_PARAM));
  const duelRankings = previewRankings(await readPersonalRankings(context.db, summary.id), shownRanking);
  // A member's suggestions are theirs and the administrator's business: only their own profile lists them.
  const suggestions = isOwn ? await listMemberSuggestions(context.db, summary.id) : null;
  // Plans are private too: 'Mes plans de visite' is on the own profile only.
  const plans = isOwn ? await listMemberPlans(context.db, summary.id) : null;
  // "Pour vous" and the members of close taste are the member's own (decision 0078).
  const forYou = isOwn ? await readForYou(context.db, summary.id) : null;
  // The log is private unless its member shows it (docs/rules/ride-log.md#who-sees-it); its details are on its own page.
  const rideLog = await readProfileRideLog(context.db, summary.id, isOwn);
  const language = requestLanguage(request);
  // Drawn here from the maintained figures (decision 0035); the months themselves stay on the server.
  const drawn = profileCharts(summary, requestT(request), language);
  // Written once in a document, named in its data (decision 0068).
  const charts = { byMonth: serverDrawn(context, "profile-by-month", drawn.byMonth), byType: serverDrawn(context, "profile-by-type", drawn.byType) };
  const profile = { id: summary.id, username: summary.username, memberSince: summary.memberSince, statistics: summary.statistics };
  return {
    profile,
    charts,
    isOwn,
    reviews,
    sort,
    topLists,
    suggestions,
    plans,
    forYou,
    rideLog,
    duelRankings,
    shownRanking,
    messages: profileVisitorsMessages(language),
    // Their own tools' texts, on their own profile only (decision 0080).
    ...(isOwn ? { memberMessages: profileOwnerMessages(language) } : {}),
  };
}

/**
 * Read again whenever the root is (the root's rule, app/root.tsx): on a shared page, the member's part completes the
 * data the page came with only until the root is read again (decision 0060), and from then on this page's data must
 * be the member's too. A refused top-10 change (a 409) reads the root again but, by default, not the page: the
 * owner's lists would fall back to the visitors' (decision 0067).
 */
export function shouldRevalidate({ formMethod, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return !(formMethod && actionStatus! < 300 && !defaultShouldRevalidate);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  const { username } = loaderData.profile;
  return pageMeta(`${t("profile.title", { username })} — ${t("common.appName")}`, t("profile.metaDescription", { username }), pageIdentity(matches));
}

/** The page's data as a member slot reads it: on a shared page, with the member's own fields (decisions 0060, 0067). */
function useProfileView() {
  return useMemberView(useLoaderData<typeof loader>());
}

/** The settings link, on the member's own profile. */
const SettingsSlot = memberSlot("profile-settings", function ProfileSettings() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return useProfileView().isOwn ? (
    <Link to={href("/account")} className="rounded-lg border border-teal-700 px-4 py-2 font-medium text-teal-800 hover:bg-teal-50">
      {t("profile.settingsLink")}
    </Link>
  ) : null;
});

/** The link to the duels, under the rankings of the member's own profile. */
const PlayDuelsSlot = memberSlot("profile-play-duels", function ProfilePlayDuels() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return useProfileView().isOwn ? (
    <Link to={href("/duels")} className="mt-4 inline-block font-medium text-teal-800 underline-offset-2 hover:underline">
      {t("profile.duelRankings.playDuels")}
    </Link>
  ) : null;
});

/**
 * Below the fold and working without script, these leave the page's first load (decision 0065, amended): the server
 * draws them, and until their script arrives the badges and the influence level are plain markup, the reviews' sort a
 * GET form and their pages links, which the browser sends and follows. A chunk each: grouped, they would take in the
 * profile's section frame, which the page's first load needs.
 */
const BadgeList = deferredComponent(() => import("~/components/profile/badge-list").then((module) => module.BadgeList));
const InfluenceCard = deferredComponent(() => import("~/components/profile/influence-card").then((module) => module.InfluenceCard));
const MemberReviewList = deferredComponent(() => import("~/components/profile/member-review-list").then((module) => module.MemberReviewList));
const RideLogSection = deferredComponent(() => import("~/components/profile/ride-log-section").then((module) => module.RideLogSection));

/**
 * The top 10s (the editor on the member's own profile), 'Mes plans de visite' and 'Mes suggestions' (theirs only),
 * and the reviews as the viewer sees them (their own hidden ones, to their author), titled for whose they are.
 */
const ListsSlot = memberSlot("profile-lists", function ProfileLists() {
  const { t } = useTranslation();
  const { profile, isOwn, reviews, sort, topLists, suggestions, plans } = useProfileView();
  return (
    <>
      <TopListsSection lists={topLists} editable={isOwn} />
      <OwnSections suggestions={suggestions} plans={plans} />
      <MemberReviewList
        page={reviews}
        sort={sort}
        title={isOwn ? t("profile.reviews.titleOwn") : t("profile.reviews.title", { username: profile.username })}
      />
    </>
  );
});

/** The ride log's credits: the owner's, another member's unless private (docs/rules/ride-log.md#who-sees-it). */
const RideLogSlot = memberSlot("profile-ride-log", function ProfileRideLog() {
  const { profile, isOwn, rideLog } = useProfileView();
  return <RideLogSection rideLog={rideLog} isOwn={isOwn} username={profile.username} userId={profile.id} />;
});

/** The owner's only, links that work without script: out of the page's first load (decision 0065). */
const ForYouSection = deferredComponent(() => import("~/components/profile/for-you-section").then((module) => module.ForYouSection));

/** "Pour vous" and the members of close taste, on the member's own profile. */
const ForYouSlot = memberSlot("profile-for-you", function ProfileForYou() {
  const { forYou } = useProfileView();
  return forYou ? <ForYouSection suggestions={forYou.suggestions} neighbours={forYou.neighbours} /> : null;
});

/** What the server fills for a member on their own profile, and on another's (http/member-slots.ts). */
export const memberSlots = [SettingsSlot, PlayDuelsSlot, ForYouSlot, RideLogSlot, ListsSlot];

/**
 * The profile's page is the same for its owner and for everyone else (decision 0067): what is the owner's own is in
 * its member slots, where the server draws it for them on the public profile's kept page.
 */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { profile, charts, duelRankings, shownRanking } = loaderData;
  const { statistics } = profile;
  return (
    <article className="mx-auto max-w-5xl px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold">{t("profile.title", { username: profile.username })}</h1>
          <p className="mt-1 text-stone-600">{t("profile.memberSince", { date: formatDate(profile.memberSince, language) })}</p>
        </div>
        <SettingsSlot />
      </header>
      <div className="mt-8 grid gap-6">
        <CumulativeStatistics statistics={statistics} />
        <RidesByType statistics={statistics} chart={charts.byType} />
        <DuelRankingsSlot rankings={duelRankings} shown={shownRanking}>
          <PlayDuelsSlot />
        </DuelRankingsSlot>
        <RatingStatistics statistics={statistics} />
        <RatingsByMonth chart={charts.byMonth} />
        <div className="grid gap-6 lg:grid-cols-2">
          <BadgeList values={statistics.badgeValues} />
          <InfluenceCard parksRated={statistics.visitedParks} />
        </div>
        <ForYouSlot />
        <RideLogSlot />
        <ListsSlot />
      </div>
    </article>
  );
}

/** A missing member is 'Profil non trouvé' (404); anything else is 'Impossible de charger le profil'. */
export const ErrorBoundary = routeErrorBoundary("profile.loadError");
