import { useTranslation } from "~/i18n/translation-context";
import { Link, data, redirect, useLoaderData } from "react-router";
import { AverageRating } from "~/components/average-rating";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { JsonLd, absoluteImage, aggregateRating } from "~/components/json-ld";
import { ModerationNotice } from "~/components/moderation-badge";
import { deferredComponent } from "~/components/deferred-component";
import { memberSlot } from "~/components/member-slot";
import { useMemberView } from "~/components/member-view";
import { useLanguage, useRootData } from "~/components/root-data";
import { useLiveRevalidation } from "~/components/use-live-revalidation";
import { ResponsiveImage } from "~/components/responsive-image";
import { ServerSvg } from "~/components/server-svg";
import { RideRatingForm } from "~/components/ratings/ride-rating-form";
import { RidePlanButton } from "~/components/plan/ride-plan-button";
import { RideLogControls } from "~/components/ride-log/ride-log-controls";
import { SuggestRideChanges } from "~/components/suggestions/suggest-ride-changes";
import { VideoEmbed } from "~/components/video-embed";
import { embeddableVideoId } from "~/domain/video-id";
import { rideFactCards, type FactCard, type FactValue } from "~/domain/ride-facts";
import { localizedDescription } from "~/domain/descriptions";
import { ownReviewOf } from "~/domain/review-paging";
import { standingCard } from "~/domain/figure-standing";
import { imagePreviewUrl } from "~/domain/image-reference";
import { localizedPath } from "~/domain/languages";
import { rideTopic } from "~/domain/live-topics";
import type { RidePageAnswer } from "~/domain/page-answers";
import type { RideIntent } from "~/domain/page-intents";
import { RATE_RIDE_INTENT } from "~/domain/page-intents";
import { requireUser } from "~/server/auth/guards";
import { findVisibleRide } from "~/server/catalog/park-queries";
import { findRideRedirect } from "~/server/catalog/slug-history";
import { readFigureStandings } from "~/server/identity/figure-standings";
import { rideReviewsFor } from "~/server/reviews/viewer-reviews";
import { readOwnRideLog } from "~/server/ride-log/own-ride-log";
import { rideMembersMessages } from "~/server/pages/ride-messages";
import { saveRideRating } from "~/server/ratings/save-ride-rating";
import { reviewIntentHandlers } from "~/server/reviews/review-intents";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import { refused } from "~/server/http/refusal-status";
import type { PageAnswer } from "~/server/http/page-answer";
import { rideRatingChart } from "~/server/charts/page-charts";
import { readRideStandings, readStandingHistory } from "~/server/rankings/ride-standing";
import { rideStandingSection } from "~/server/rankings/ride-standing-section";
import { serverDrawn } from "~/server/server-drawn";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/attraction";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { routeMessages } from "~/i18n/route-messages";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findVisibleRide(context.db, params.parkSlug, params.rideSlug, context.currentUser);
  if (!found) {
    // Only a miss pays for the lookup: the park, the ride or both may have been renamed since this address was given.
    const moved = await findRideRedirect(context.db, params.parkSlug, params.rideSlug, context.currentUser);
    if (moved) {
      const path = localizedPath(requestLanguage(request), `/${moved.parkSlug}/${moved.rideSlug}`);
      throw redirect(path + new URL(request.url).search, 301);
    }
    throw data(requestT(request)("attraction.notFound"), { status: 404 });
  }
  const { attraction: ride, type, park, creator, manufacturer } = found;
  const user = context.currentUser;
  const [{ reviews, own }, standings, rideLog, rankStandings, rankHistory] = await Promise.all([
    rideReviewsFor(context.db, ride.id, user, new URL(request.url)),
    readFigureStandings(context.db, ride),
    user ? readOwnRideLog(context.db, user.id, ride.id) : null,
    readRideStandings(context.db, ride.id),
    readStandingHistory(context.db, ride.id),
  ]);
  const language = requestLanguage(request);
  const { publicUrl } = context.config;
  // The info cards are worded here, the standing one included: the page only shows them (its JavaScript is at the budget).
  const cards = rideFactCards(
    {
      ...ride,
      type,
      park,
      creator,
      manufacturer,
      audienceCounts: { thrill: ride.audienceThrillCount, kids: ride.audienceKidsCount, general: ride.audienceGeneralCount },
    },
    language,
  );
  const standing = standingCard(standings, type, requestT(request), language);
  if (standing) cards.push(standing);
  return {
    // Drawn here from the ride's maintained histogram (decision 0035): the page only inserts it.
    // A document carries it once, in its markup (decision 0068).
    ratingChart: serverDrawn(context, "ride-ratings", rideRatingChart(ride.ratingHistogram, requestT(request), language)),
    // Its rank, how sure it is, why, and its history (decision 0079): worded and drawn here, like the charts.
    rankSection: serverDrawn(context, "ride-standing", rideStandingSection(rankStandings, rankHistory, { ...ride, type }, requestT(request), language)),
    // Built here: the page's script only writes it out (its JavaScript is at the budget).
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "TouristAttraction",
      name: ride.name,
      description: localizedDescription(language, ride) ?? undefined,
      url: `${publicUrl}${localizedPath(language, `/${park.slug}/${ride.slug}`)}`,
      containedInPlace: { "@type": "AmusementPark", name: park.name, url: `${publicUrl}${localizedPath(language, `/${park.slug}`)}` },
      image: absoluteImage(publicUrl, ride.imageUrl),
      aggregateRating: aggregateRating(ride.averageRating, ride.ratingCount),
    },
    reviews,
    own,
    rideLog,
    cards,
    park,
    attraction: {
      id: ride.id,
      name: ride.name,
      slug: ride.slug,
      type,
      status: ride.status,
      moderationStatus: ride.moderationStatus,
      rejectionReason: ride.rejectionReason,
      imageUrl: ride.imageUrl,
      description: localizedDescription(requestLanguage(request), ride),
      videoId: embeddableVideoId(ride.youtubeUrl),
      averageRating: ride.averageRating,
      ratingCount: ride.ratingCount,
    },
    // The log's controls are members' only, and so are their texts (decision 0068).
    ...(user ? { memberMessages: rideMembersMessages(language) } : {}),
    messages: routeMessages(language, ["attraction", "ratings", "plans", "contribute", "images", "attractionTypes", "suggestions", "charts.attraction", "duels.typePlural", "identity.standing", "park.audiences", "admin.attractions.errors.statusRequired"]),
  };
}

/** The attraction page's forms post here, members only: the member's rating, votes and reports. */
export async function action({ request, params, context }: Route.ActionArgs): Promise<PageAnswer<RidePageAnswer>> {
  const user = requireUser(request, context);
  const found = await findVisibleRide(context.db, params.parkSlug, params.rideSlug, user);
  if (!found) throw data(requestT(request)("attraction.notFound"), { status: 404 });
  const handlers: IntentHandlers<RideIntent, PostedIntent, PageAnswer<RidePageAnswer>> = {
    ...reviewIntentHandlers(context, user),
    [RATE_RIDE_INTENT]: async ({ intent, form }) => {
      const { text } = await form();
      const fields = Object.fromEntries(["rating", "audienceType", "comment"].map((name) => [name, text(name)]));
      const outcome = await saveRideRating(context, user, found.attraction.id, { fields });
      if (!outcome.ok) return refused({ intent, errors: outcome.errors }, outcome.reason);
      return { intent, saved: outcome.created ? "created" : "updated" };
    },
  };
  return dispatchIntent(request, handlers);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  const { attraction: ride, park } = loaderData;
  const identity = pageIdentity(matches);
  // Without a description, a sentence naming the ride, its kind and its park still tells searchers what the page is.
  const type = t(`attractionTypes.${ride.type}`).toLocaleLowerCase(identity.language);
  return pageMeta(
    `${ride.name} (${park.name}) — ${t("common.appName")}`,
    ride.description ?? t("attraction.metaDescription", { name: ride.name, type, park: park.name }),
    { ...identity, image: imagePreviewUrl(ride.imageUrl) },
  );
}

/** The page's data as a member slot reads it: on a shared page, with the member's own fields (decision 0064). */
function useRidePageView() {
  return useMemberView(useLoaderData<typeof loader>());
}

/** 'Ajouter au plan', members only. The plan takes published, operating rides of a published park (decision 0022). */
const PlanSlot = memberSlot("ride-plan", function RidePlan() {
  const language = useLanguage();
  const { user } = useRootData();
  const { attraction: ride, park } = useRidePageView();
  return user && ride.status === "operating" && ride.moderationStatus === "approved" && park.moderationStatus === "approved" ? (
    <RidePlanButton parkId={park.id} parkPath={localizedPath(language, `/${park.slug}`)} ride={ride} />
  ) : null;
});

/** 'J'ai fait cette attraction' and 'Je veux la faire', members only: their log of the ride (docs/rules/ride-log.md#logging-a-ride). */
const LogSlot = memberSlot("ride-log", function RideLog() {
  const { user } = useRootData();
  const { attraction: ride, rideLog } = useRidePageView();
  return user && rideLog ? <RideLogControls rideId={ride.id} rideName={ride.name} initial={rideLog} /> : null;
}, { sameForSamePart: true });

/**
 * The reviews, last on the page, leave its first load (decision 0065, amended): the server draws them, and until their
 * script arrives a link is followed by the browser ('Voir plus d'avis', a login to vote), a member's vote is a form it
 * sends.
 */
const RideReviews = deferredComponent(() => import("~/components/ratings/ride-reviews").then((module) => module.RideReviews));

/**
 * The suggestion link, the member's own rating and the reviews as they see them (their votes, their review first):
 * their part drawn, never who they are, so members whose parts are equal share one drawing (decision 0071).
 */
const OwnSlot = memberSlot("ride-own", function RideOwn() {
  const { user } = useRootData();
  const { attraction: ride, park, own, reviews } = useRidePageView();
  return (
    <>
      {/* Only what everyone sees takes suggestions: an approved ride of an approved park (decision 0019). */}
      {ride.moderationStatus === "approved" && park.moderationStatus === "approved" ? <SuggestRideChanges rideId={ride.id} signedIn={Boolean(user)} /> : null}
      <RideRatingForm own={ownReviewOf(own, reviews)} signedIn={Boolean(user)} />
      <RideReviews rideId={ride.id} page={reviews} signedIn={Boolean(user)} />
    </>
  );
}, { sameForSamePart: true });

/** What the server fills for a member on this page (http/member-slots.ts). */
export const memberSlots = [PlanSlot, LogSlot, OwnSlot];

export default function Ride({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { attraction: ride, park } = loaderData;
  useLiveRevalidation([rideTopic(ride.id)]);
  const { cards } = loaderData;
  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      {ride.moderationStatus !== "approved" ? (
        <ModerationNotice status={ride.moderationStatus} reason={ride.rejectionReason} kind="attraction" />
      ) : null}
      <JsonLd data={loaderData.jsonLd} />
      <Link to={localizedPath(language, `/${park.slug}`)} className="text-sm font-medium text-teal-800 hover:underline">
        ← {t("attraction.backToPark", { park: park.name })}
      </Link>
      <ResponsiveImage
        image={ride.imageUrl}
        alt={ride.name}
        sizes="(min-width: 896px) 864px, 100vw"
        className="mt-4 h-auto w-full rounded-2xl object-cover"
        priority
      />
      <h1 data-ride-type={ride.type} className="mt-4 text-3xl font-extrabold">
        {ride.name}
      </h1>
      <p className="mt-1 text-stone-600">{park.name}</p>
      <PlanSlot />
      <LogSlot />
      {ride.averageRating !== null ? (
        <p className="mt-3">
          <AverageRating value={ride.averageRating} count={ride.ratingCount} large />
        </p>
      ) : null}
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <InfoCard key={card.id} card={card} />
        ))}
      </div>
      {loaderData.rankSection ? <ServerSvg markup={loaderData.rankSection} /> : null}
      {loaderData.ratingChart ? (
        <section aria-labelledby="rating-chart" className="mt-8">
          <h2 id="rating-chart" className="text-xl font-bold">
            {t("charts.attraction.title")}
          </h2>
          <ServerSvg markup={loaderData.ratingChart} className="mt-3 max-w-xl" />
        </section>
      ) : null}
      {ride.description ? (
        <section aria-labelledby="description" className="mt-8">
          <h2 id="description" className="text-xl font-bold">
            {t("attraction.description")}
          </h2>
          <p className="mt-3 whitespace-pre-line leading-relaxed text-stone-800">{ride.description}</p>
        </section>
      ) : null}
      {/* The loader keeps only an id the player accepts: no section without a playable video. */}
      {ride.videoId ? (
        <section aria-labelledby="video" className="mt-8">
          <h2 id="video" className="text-xl font-bold">
            {t("attraction.video.title")}
          </h2>
          <div className="mt-3">
            <VideoEmbed videoId={ride.videoId} title={t("attraction.video.frameTitle", { name: ride.name })} />
          </div>
        </section>
      ) : null}
      <OwnSlot />
    </article>
  );
}

function InfoCard({ card }: { card: FactCard }) {
  const { t } = useTranslation();
  const headingId = `card-${card.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-bold">
        {t(`attraction.cards.${card.id}`)}
      </h2>
      <dl className="mt-3 space-y-2">
        {card.facts.map((fact) => (
          <div key={fact.label} className="flex flex-wrap items-baseline justify-between gap-x-4">
            <dt className="text-sm text-stone-600">{t(`attraction.facts.${fact.label}`)}</dt>
            <dd className="font-semibold">
              <FactText value={fact.value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function FactText({ value }: { value: FactValue }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if ("text" in value) {
    return value.href ? (
      <Link to={localizedPath(language, value.href)} className="text-teal-800 underline-offset-2 hover:underline">
        {value.text}
      </Link>
    ) : (
      value.text
    );
  }
  return "values" in value ? t(value.key, value.values) : t(value.key);
}

/**
 * A missing ride is the site's usual not-found page ('Attraction non trouvée');
 * any other failure says what could not be loaded (docs/rules/catalogue.md#messages).
 */
export const ErrorBoundary = routeErrorBoundary("attraction.loadError");
