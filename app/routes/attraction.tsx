import { useTranslation } from "~/i18n/translation-context";
import { Link, data, redirect } from "react-router";
import { AverageRating } from "~/components/average-rating";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { JsonLd, absoluteImage, aggregateRating } from "~/components/json-ld";
import { ModerationNotice } from "~/components/moderation-badge";
import { useLanguage, useRootData } from "~/components/root-data";
import { useLiveRevalidation } from "~/components/use-live-revalidation";
import { ResponsiveImage } from "~/components/responsive-image";
import { ServerSvg } from "~/components/server-svg";
import { AttractionRatingForm } from "~/components/ratings/attraction-rating-form";
import { RidePlanButton } from "~/components/plan/ride-plan-button";
import { AttractionReviews } from "~/components/ratings/attraction-reviews";
import { SuggestAttractionChanges } from "~/components/suggestions/suggest-attraction-changes";
import { VideoEmbed } from "~/components/video-embed";
import { embeddableVideoId } from "~/domain/video-id";
import { attractionFactCards, type FactCard, type FactValue } from "~/domain/attraction-facts";
import { localizedDescription } from "~/domain/descriptions";
import { standingCard } from "~/domain/figure-standing";
import { imagePreviewUrl } from "~/domain/image-reference";
import { localizedPath } from "~/domain/languages";
import { attractionTopic } from "~/domain/live-topics";
import type { AttractionPageAnswer } from "~/domain/page-answers";
import type { RideIntent } from "~/domain/page-intents";
import { RATE_ATTRACTION_INTENT } from "~/domain/page-intents";
import { requireUser } from "~/server/auth/guards";
import { findVisibleAttraction } from "~/server/catalog/park-queries";
import { findAttractionRedirect } from "~/server/catalog/slug-history";
import { readFigureStandings } from "~/server/identity/figure-standings";
import { decodeAttractionCursor } from "~/server/ratings/review-cursor";
import { findOwnAttractionReview, listAttractionReviews } from "~/server/ratings/review-queries";
import { saveAttractionRating } from "~/server/ratings/save-attraction-rating";
import { reviewIntentHandlers } from "~/server/reviews/review-intents";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import { refused } from "~/server/http/refusal-status";
import { requestedReviewCursor, shownReviews } from "~/server/reviews/review-page";
import type { PageAnswer } from "~/server/http/page-answer";
import { attractionRatingChart } from "~/server/charts/page-charts";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/attraction";
import { routeErrorBoundary } from "~/components/route-error-boundary";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findVisibleAttraction(context.db, params.parkSlug, params.attractionSlug, context.currentUser);
  if (!found) {
    // Only a miss pays for the lookup: the park, the ride or both may have been renamed since this address was given.
    const moved = await findAttractionRedirect(context.db, params.parkSlug, params.attractionSlug, context.currentUser);
    if (moved) {
      const path = localizedPath(requestLanguage(request), `/${moved.parkSlug}/${moved.attractionSlug}`);
      throw redirect(path + new URL(request.url).search, 301);
    }
    throw data(requestT(request)("attraction.notFound"), { status: 404 });
  }
  const { attraction, type, park, creator, manufacturer } = found;
  const user = context.currentUser;
  const url = new URL(request.url);
  const cursor = requestedReviewCursor(url, decodeAttractionCursor);
  const [reviews, own, standings] = await Promise.all([
    listAttractionReviews(context.db, attraction.id, user, { cursor }),
    user ? findOwnAttractionReview(context.db, attraction.id, user.id) : null,
    readFigureStandings(context.db, attraction),
  ]);
  const language = requestLanguage(request);
  const { publicUrl } = context.config;
  // The info cards are worded here, the standing one included: the page only shows them (its JavaScript is at the budget).
  const cards = attractionFactCards(
    {
      ...attraction,
      type,
      park,
      creator,
      manufacturer,
      audienceCounts: { thrill: attraction.audienceThrillCount, kids: attraction.audienceKidsCount, general: attraction.audienceGeneralCount },
    },
    language,
  );
  const standing = standingCard(standings, type, requestT(request), language);
  if (standing) cards.push(standing);
  return {
    // Drawn here from the ride's maintained histogram (decision 0035): the page only inserts it.
    ratingChart: attractionRatingChart(attraction.ratingHistogram, requestT(request), language),
    // Built here: the page's script only writes it out (its JavaScript is at the budget).
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "TouristAttraction",
      name: attraction.name,
      description: localizedDescription(language, attraction) ?? undefined,
      url: `${publicUrl}${localizedPath(language, `/${park.slug}/${attraction.slug}`)}`,
      containedInPlace: { "@type": "AmusementPark", name: park.name, url: `${publicUrl}${localizedPath(language, `/${park.slug}`)}` },
      image: absoluteImage(publicUrl, attraction.imageUrl),
      aggregateRating: aggregateRating(attraction.averageRating, attraction.ratingCount),
    },
    reviews: shownReviews(url, "attraction", cursor, own, reviews),
    own,
    cards,
    park,
    attraction: {
      id: attraction.id,
      name: attraction.name,
      slug: attraction.slug,
      type,
      status: attraction.status,
      moderationStatus: attraction.moderationStatus,
      rejectionReason: attraction.rejectionReason,
      imageUrl: attraction.imageUrl,
      description: localizedDescription(requestLanguage(request), attraction),
      videoId: embeddableVideoId(attraction.youtubeUrl),
      averageRating: attraction.averageRating,
      ratingCount: attraction.ratingCount,
    },
  };
}

/** The attraction page's forms post here, members only: the member's rating, votes and reports. */
export async function action({ request, params, context }: Route.ActionArgs): Promise<PageAnswer<AttractionPageAnswer>> {
  const user = requireUser(request, context);
  const found = await findVisibleAttraction(context.db, params.parkSlug, params.attractionSlug, user);
  if (!found) throw data(requestT(request)("attraction.notFound"), { status: 404 });
  const handlers: IntentHandlers<RideIntent, PostedIntent, PageAnswer<AttractionPageAnswer>> = {
    ...reviewIntentHandlers(context, user),
    [RATE_ATTRACTION_INTENT]: async ({ intent, form }) => {
      const { text } = await form();
      const fields = Object.fromEntries(["rating", "audienceType", "comment"].map((name) => [name, text(name)]));
      const outcome = await saveAttractionRating(context, user, found.attraction.id, { fields });
      if (!outcome.ok) return refused({ intent, errors: outcome.errors }, outcome.reason);
      return { intent, saved: outcome.created ? "created" : "updated" };
    },
  };
  return dispatchIntent(request, handlers);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  const { attraction, park } = loaderData;
  const identity = pageIdentity(matches);
  // Without a description, a sentence naming the ride, its kind and its park still tells searchers what the page is.
  const type = t(`attractionTypes.${attraction.type}`).toLocaleLowerCase(identity.language);
  return pageMeta(
    `${attraction.name} (${park.name}) — ${t("common.appName")}`,
    attraction.description ?? t("attraction.metaDescription", { name: attraction.name, type, park: park.name }),
    { ...identity, image: imagePreviewUrl(attraction.imageUrl) },
  );
}

export default function Attraction({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { attraction, park } = loaderData;
  useLiveRevalidation([attractionTopic(attraction.id)]);
  const { cards } = loaderData;
  const { user } = useRootData();
  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      {attraction.moderationStatus !== "approved" ? (
        <ModerationNotice status={attraction.moderationStatus} reason={attraction.rejectionReason} kind="attraction" />
      ) : null}
      <JsonLd data={loaderData.jsonLd} />
      <Link to={localizedPath(language, `/${park.slug}`)} className="text-sm font-medium text-teal-800 hover:underline">
        ← {t("attraction.backToPark", { park: park.name })}
      </Link>
      <ResponsiveImage
        image={attraction.imageUrl}
        alt={attraction.name}
        sizes="(min-width: 896px) 864px, 100vw"
        className="mt-4 h-auto w-full rounded-2xl object-cover"
        priority
      />
      <h1 data-ride-type={attraction.type} className="mt-4 text-3xl font-extrabold">
        {attraction.name}
      </h1>
      <p className="mt-1 text-stone-600">{park.name}</p>
      {/* The plan takes published, operating rides of a published park (decision 0022). */}
      {user && attraction.status === "operating" && attraction.moderationStatus === "approved" && park.moderationStatus === "approved" ? (
        <RidePlanButton parkId={park.id} parkPath={localizedPath(language, `/${park.slug}`)} ride={attraction} />
      ) : null}
      {attraction.averageRating !== null ? (
        <p className="mt-3">
          <AverageRating value={attraction.averageRating} count={attraction.ratingCount} large />
        </p>
      ) : null}
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <InfoCard key={card.id} card={card} />
        ))}
      </div>
      {loaderData.ratingChart ? (
        <section aria-labelledby="rating-chart" className="mt-8">
          <h2 id="rating-chart" className="text-xl font-bold">
            {t("charts.attraction.title")}
          </h2>
          <ServerSvg markup={loaderData.ratingChart} className="mt-3 max-w-xl" />
        </section>
      ) : null}
      {attraction.description ? (
        <section aria-labelledby="description" className="mt-8">
          <h2 id="description" className="text-xl font-bold">
            {t("attraction.description")}
          </h2>
          <p className="mt-3 whitespace-pre-line leading-relaxed text-stone-800">{attraction.description}</p>
        </section>
      ) : null}
      {/* The loader keeps only an id the player accepts: no section without a playable video. */}
      {attraction.videoId ? (
        <section aria-labelledby="video" className="mt-8">
          <h2 id="video" className="text-xl font-bold">
            {t("attraction.video.title")}
          </h2>
          <div className="mt-3">
            <VideoEmbed videoId={attraction.videoId} title={t("attraction.video.frameTitle", { name: attraction.name })} />
          </div>
        </section>
      ) : null}
      {/* Only a published ride takes suggestions (findSuggestionTarget). */}
      {/* Only what everyone sees takes suggestions: an approved ride of an approved park (decision 0019). */}
      {attraction.moderationStatus === "approved" && park.moderationStatus === "approved" ? <SuggestAttractionChanges attractionId={attraction.id} signedIn={Boolean(user)} /> : null}
      <AttractionRatingForm own={loaderData.own} signedIn={Boolean(user)} />
      <AttractionReviews attractionId={attraction.id} page={loaderData.reviews} signedIn={Boolean(user)} />
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
