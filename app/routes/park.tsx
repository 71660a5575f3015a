import { useMemo } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { data, redirect, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { JsonLd, absoluteImage, aggregateRating } from "~/components/json-ld";
import { ModerationNotice } from "~/components/moderation-badge";
import { metaT, pageIdentity, pageMeta } from "~/components/page-meta";
import { AddRideForm } from "~/components/park/add-ride-form";
import { ParkRatingForm } from "~/components/ratings/park-rating-form";
import { ResponsiveImage } from "~/components/responsive-image";
import { LoginPrompt } from "~/components/login-prompt";
import { VisitPlanSection } from "~/components/plan/visit-plan-section";
import { deferredComponent } from "~/components/deferred-component";
import { memberSlot } from "~/components/member-slot";
import { useMemberView } from "~/components/member-view";
import { useRootData } from "~/components/root-data";
import { useLiveRevalidation } from "~/components/use-live-revalidation";
import { localizedDescription } from "~/domain/descriptions";
import { imagePreviewUrl } from "~/domain/image-reference";
import { formatPrice } from "~/domain/format";
import { localizedPath, type Language } from "~/domain/languages";
import type { TFunction } from "~/i18n/translate";
import { parkTopic } from "~/domain/live-topics";
import { dominantAudience, recommendedVisitDuration } from "~/domain/park-scores";
import type { ParkPageAnswer } from "~/domain/page-answers";
import type { ParkIntent } from "~/domain/page-intents";
import { ADD_RIDE_INTENT, RATE_PARK_INTENT } from "~/domain/page-intents";
import { packRows, unpackRows, type PackedRows } from "~/domain/packed-rows";
import { requireUser } from "~/server/auth/guards";
import { findVisibleParkBySlug, listVisibleRidesOfPark, type RideListItem } from "~/server/catalog/park-queries";
import { findParkRedirect } from "~/server/catalog/slug-history";
import { readContributionForm } from "~/server/contributions/contribution-upload";
import { createRide } from "~/server/contributions/create-ride";
import { allowanceRefusal } from "~/server/contributions/upload-allowance";
import { parkReviewsFor } from "~/server/reviews/viewer-reviews";
import { refusalBeforePhotos, saveParkRating } from "~/server/ratings/save-park-rating";
import { readReviewForm } from "~/server/reviews/read-review-form";
import { reviewIntentHandlers } from "~/server/reviews/review-intents";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import { refused } from "~/server/http/refusal-status";
import { parkLocator } from "~/server/map/locator";
import { listDrawnRides, skylineImage } from "~/server/identity/park-skyline";
import { parkPlanImage } from "~/server/identity/park-plan";
import { findParkMemberPhoto } from "~/server/identity/member-photos";
import type { PageAnswer } from "~/server/http/page-answer";
import { parkRatingCharts } from "~/server/charts/page-charts";
import { serverDrawn } from "~/server/server-drawn";
import { parkMembersMessages, parkVisitorsMessages } from "~/server/pages/park-messages";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import { readRideSuggestions } from "~/server/tastes/member-tastes";
import { PARK_SUGGESTIONS } from "~/domain/member-tastes";
import { ownReviewOf } from "~/domain/review-paging";
import type { Route } from "./+types/park";
import { routeErrorBoundary } from "~/components/route-error-boundary";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const park = await findVisibleParkBySlug(context.db, params.parkSlug, context.currentUser);
  if (!park) {
    // Only a miss pays for the lookup: a renamed park's old address moves for good to its new one.
    const moved = await findParkRedirect(context.db, params.parkSlug, context.currentUser);
    if (moved) throw redirect(localizedPath(requestLanguage(request), `/${moved}`) + new URL(request.url).search, 301);
    throw data(requestT(request)("park.notFound"), { status: 404 });
  }
  const user = context.currentUser;
  const [rides, { reviews, own }, drawnRides, memberPhoto, forYou] = await Promise.all([
    listVisibleRidesOfPark(context.db, park.id, user),
    parkReviewsFor(context.db, park.id, user, new URL(request.url)),
    listDrawnRides(context.db, park.id),
    park.imageUrl ? null : findParkMemberPhoto(context.db, park.id),
    user ? readRideSuggestions(context.db, user.id, park.id, PARK_SUGGESTIONS) : null,
  ]);
  const language = requestLanguage(request);
  const { publicUrl } = context.config;
  const plan = parkPlanImage(park.id, drawnRides.placed, requestT(request));
  return {
    // Built here: the page's script only writes it out (its JavaScript is at the budget).
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "AmusementPark",
      name: park.name,
      description: localizedDescription(language, park) ?? undefined,
      url: `${publicUrl}${localizedPath(language, `/${park.slug}`)}`,
      address: { "@type": "PostalAddress", addressRegion: park.region, addressCountry: park.country },
      image: absoluteImage(publicUrl, park.imageUrl),
      aggregateRating: aggregateRating(park.averageRating, park.ratingCount),
    },
    park: {
      id: park.id,
      name: park.name,
      slug: park.slug,
      moderationStatus: park.moderationStatus,
      rejectionReason: park.rejectionReason,
      region: park.region,
      country: park.country,
      openingYear: park.openingYear,
      // The park's own picture, else one its members shared in a review.
      imageUrl: park.imageUrl ?? memberPhoto,
      description: localizedDescription(language, park),
      averageRating: park.averageRating,
      ratingCount: park.ratingCount,
      attractionsRating: park.attractionsRating,
      categories: {
        kidsFriendly: park.kidsFriendlyAverage,
        familyFriendly: park.familyFriendlyAverage,
        thrill: park.thrillAverage,
        theming: park.themingAverage,
        operations: park.operationsAverage,
        value: park.valueAverage,
      },
      recommendedVisit: recommendedVisitDuration({
        half_day: park.visitHalfDayCount,
        full_day: park.visitFullDayCount,
        two_days: park.visitTwoDaysCount,
      }),
    },
    // Opening hours and prices, worded here: the page's script only writes them out.
    facts: parkFacts(park, requestT(request), language),
    // Drawn here from the park's maintained histograms (decision 0035): the page only inserts it, and a document
    // carries it once (decision 0068).
    ratingCharts: serverDrawn(context, "park-ratings", parkRatingCharts(park, requestT(request), language)),
    // Rows of values (decision 0063): the list that weighs most in the page's data.
    attractions: packRows(rides.map(parkRide)),
    reviews,
    own,
    // The member's rides for them in this park (decision 0078); none for visitors.
    forYou,
    locator: parkLocator(park, language, requestT(request)),
    // A picture of its own (/skylines/<id>.svg): the page gains markup, no script.
    skyline: skylineImage(park.id, drawnRides.skyline, requestT(request), language),
    // Its plan, a picture of its own too (/maps/plans/<id>.svg), only where two of its rides or more are placed: a park
    // without one carries not a byte more, not even the key.
    ...(plan ? { plan } : {}),
    messages: parkVisitorsMessages(language),
    // Their controls' texts, members only (decision 0068).
    ...(user ? { memberMessages: parkMembersMessages(language) } : {}),
  };
}

/** A ride as the page lists it: the audience its raters name most. */
function parkRide({ audienceCounts, ...ride }: RideListItem) {
  return { ...ride, audience: dominantAudience(audienceCounts) };
}
type ParkRide = ReturnType<typeof parkRide>;

/** The header's facts, as term and value: an unknown one says so. */
function parkFacts(park: { openingHours: string | null; adultPrice: number | null; childPrice: number | null }, t: TFunction, language: Language): [string, string][] {
  const price = (euros: number | null) => (euros === null ? t("park.unknown") : formatPrice(euros, language));
  return [
    [t("park.openingHours"), park.openingHours ?? t("park.unknown")],
    [t("park.adultPrice"), price(park.adultPrice)],
    [t("park.childPrice"), price(park.childPrice)],
  ];
}

/**
 * The park page's forms post here, members only: the add-attraction form,
 * the member's own review, and the votes and reports on reviews.
 */
export async function action({ request, params, context }: Route.ActionArgs): Promise<PageAnswer<ParkPageAnswer>> {
  const user = requireUser(request, context);
  const park = await findVisibleParkBySlug(context.db, params.parkSlug, user);
  if (!park) throw data(requestT(request)("park.notFound"), { status: 404 });
  const handlers: IntentHandlers<ParkIntent, PostedIntent, PageAnswer<ParkPageAnswer>> = {
    ...reviewIntentHandlers(context, user),
    // The allowances are looked at before a body that may carry pictures is read (decision 0040).
    [RATE_PARK_INTENT]: async ({ intent }) => {
      const refusal = await refusalBeforePhotos(context.db, user.id, park.id);
      if (refusal) return refused({ intent, errors: refusal.errors }, refusal.reason);
      const form = await readReviewForm(request);
      if (!form.ok) return refused({ intent, errors: { images: [form.error] } }, form.reason);
      const outcome = await saveParkRating(context, user, park.id, form);
      if (!outcome.ok) return refused({ intent, errors: outcome.errors }, outcome.reason);
      return { intent, saved: outcome.created ? "created" : "updated" };
    },
    [ADD_RIDE_INTENT]: async ({ intent }) => {
      const spent = await allowanceRefusal(context.db, user.id, "attraction");
      if (spent) return refused({ intent, errors: { form: [spent.error] } }, spent.reason);
      const form = await readContributionForm(request);
      if (!form.ok) return refused({ intent, errors: { image: [form.error] } }, form.reason);
      const outcome = await createRide(context, user, park, form);
      if (!outcome.ok) return refused({ intent, errors: outcome.errors }, outcome.reason);
      return { intent, created: { name: form.fields.name!.trim(), moderationStatus: outcome.moderationStatus } };
    },
  };
  return dispatchIntent(request, handlers);
}

/**
 * The ride filters only change the address's query: the park's data stays as loaded. A reload of the same address
 * (a live update) does reload it. The reviews' other pages (`?avis=`) are never a client-side navigation: their
 * links are plain ones, followed by the browser without JavaScript and handled in place with it.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!t || !loaderData) return [];
  const { park } = loaderData;
  // Without a description, a sentence naming the park and where it is still tells searchers what the page is.
  return pageMeta(
    `${park.name} — ${t("common.appName")}`,
    park.description ?? t("park.metaDescription", { name: park.name, region: park.region, country: park.country }),
    { ...pageIdentity(matches), image: imagePreviewUrl(park.imageUrl) },
  );
}

/** The page's data as a member slot reads it: on a shared page, with the member's own fields (decision 0064). */
function useParkPageView() {
  return useMemberView(useLoaderData<typeof loader>());
}

/** The park's rides, as records again. */
function useRides(packed: PackedRows<ParkRide>): ParkRide[] {
  return useMemo(() => unpackRows(packed), [packed]);
}

/**
 * 'Suggérer des modifications' (docs/rules/suggestions.md#who-may-suggest): a plain link to the suggestion page, no
 * script (the page is at its JavaScript budget); only a published park takes suggestions (findSuggestionTarget).
 * Visitors get the login prompt.
 */
const SuggestSlot = memberSlot("park-suggest", function ParkSuggest() {
  const { t } = useTranslation();
  const { user, language } = useRootData();
  const { park } = useParkPageView();
  if (park.moderationStatus !== "approved") return null;
  return user ? (
    <p className="mt-4">
      <a href={localizedPath(language, `/parks/${park.id}/suggest`)} className="inline-block rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50">
        {t("suggestions.form.open")}
      </a>
    </p>
  ) : (
    <LoginPrompt anchor="about">{t("suggestions.form.loginPrompt")}</LoginPrompt>
  );
}, { sameForEveryMember: true });

/**
 * What is below the fold and works without script leaves the page's first load (decision 0065, amended): the server
 * draws it, and until its script arrives a link is followed by the browser, a form sent by it (the ride filters with
 * Enter, a member's vote), a fold opened by it (the other reviews). The four share one chunk (chunk-groups.ts).
 */
const ParkRatings = deferredComponent(() => import("~/components/park/park-ratings").then((module) => module.ParkRatings));
const ParkReviews = deferredComponent(() => import("~/components/ratings/park-reviews").then((module) => module.ParkReviews));
const OperatingRides = deferredComponent(() => import("~/components/park/park-ride-lists").then((module) => module.OperatingRides));
const RemovedRides = deferredComponent(() => import("~/components/park/park-ride-lists").then((module) => module.RemovedRides));

/**
 * The member's own review, and the reviews as they see them (their votes, their review first): their part drawn,
 * never who they are, so members whose parts are equal share one drawing (decision 0071).
 */
const ReviewsSlot = memberSlot("park-reviews", function ParkOwnReviews() {
  const { user } = useRootData();
  const { park, own, reviews } = useParkPageView();
  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-2">
      <div>
        <ParkRatingForm own={ownReviewOf(own, reviews)} signedIn={Boolean(user)} />
      </div>
      <div>
        <ParkReviews parkId={park.id} page={reviews} signedIn={Boolean(user)} />
      </div>
    </div>
  );
}, { sameForSamePart: true });

/** The rides, filtered by the address's query; a member's cards have 'Ajouter au plan' and, a published park's, 'J'ai fait cette attraction'. */
const RidesSlot = memberSlot("park-rides", function ParkRides() {
  const { user } = useRootData();
  const { park, attractions } = useParkPageView();
  const rides = useRides(attractions);
  return <OperatingRides parkSlug={park.slug} rides={rides} planAdd={Boolean(user)} logParkId={park.moderationStatus === "approved" ? park.id : undefined} />;
}, { sameForEveryMember: true });

/** The member's visit plan of the park; visitors get the login prompt. */
const PlanSlot = memberSlot("park-plan", function ParkPlan() {
  const { user, language } = useRootData();
  const { park, attractions } = useParkPageView();
  const rides = useRides(attractions);
  return <VisitPlanSection parkId={park.id} parkPath={localizedPath(language, `/${park.slug}`)} rides={rides} signedIn={Boolean(user)} />;
});

/** A rejected park takes no new ride (parkTakesNewAttractions); only its author and the administrator see it. */
const AddRideSlot = memberSlot("park-add-ride", function ParkAddRide() {
  const { user } = useRootData();
  const { park } = useParkPageView();
  return park.moderationStatus === "rejected" ? null : <AddRideForm signedIn={Boolean(user)} />;
}, { sameForEveryMember: true });

/** Members' only, links that work without script: out of the page's first load (decision 0065). */
const ParkForYou = deferredComponent(() => import("~/components/tastes/park-for-you").then((module) => module.ParkForYou));

/** "Pour vous dans ce parc": the member's suggested rides of the park (decision 0078), when the tastes job found some. */
const ForYouSlot = memberSlot("park-for-you", function ParkForYouSlot() {
  const { forYou } = useParkPageView();
  return forYou && forYou.length > 0 ? <ParkForYou suggestions={forYou} /> : null;
});

/** What the server fills for a member on this page (http/member-slots.ts). */
export const memberSlots = [SuggestSlot, ReviewsSlot, RidesSlot, PlanSlot, AddRideSlot, ForYouSlot];

export default function Park({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { park } = loaderData;
  const rides = useRides(loaderData.attractions);
  useLiveRevalidation([parkTopic(park.id)]);
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      {park.moderationStatus !== "approved" ? (
        <ModerationNotice status={park.moderationStatus} reason={park.rejectionReason} kind="park" />
      ) : null}
      <JsonLd data={loaderData.jsonLd} />
      <header className="grid gap-6 overflow-hidden rounded-2xl bg-gradient-to-br from-teal-800 to-teal-600 p-6 text-white sm:p-10 md:grid-cols-[1fr_minmax(0,24rem)] md:items-center">
        <div>
          <h1 className="text-3xl font-extrabold sm:text-4xl">{park.name}</h1>
          <p className="mt-2 text-teal-50">{t("park.location", { region: park.region, country: park.country })}</p>
          <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-3">
            {loaderData.facts.map(([term, value]) => (
              <div key={term}>
                <dt className="text-teal-100">{term}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <ResponsiveImage
          image={park.imageUrl}
          alt={park.name}
          sizes="(min-width: 768px) 384px, 100vw"
          className="h-auto w-full rounded-xl object-cover shadow-lg"
          priority
        />
        {/* Its attributes (address, text alternative, size) come whole from the loader: less script here. */}
        {loaderData.skyline ? <img {...loaderData.skyline} alt={loaderData.skyline.alt} className="h-auto w-full md:col-span-2" /> : null}
      </header>

      <section aria-labelledby="about" className="mt-8 max-w-3xl">
        <h2 id="about" className="text-xl font-bold">
          {t("park.about")}
        </h2>
        {park.openingYear ? (
          <p className="mt-2 text-sm text-stone-600">
            {t("park.openingYearValue", { year: park.openingYear })}
          </p>
        ) : null}
        {park.description ? <p className="mt-3 leading-relaxed text-stone-800">{park.description}</p> : null}
        {loaderData.locator ? (
          <a href={loaderData.locator.href} className="mt-4 inline-block">
            <img src={loaderData.locator.src} alt={loaderData.locator.alt} width={320} height={200} loading="lazy" className="rounded-lg border border-stone-200" />
          </a>
        ) : null}
        {loaderData.plan ? <img {...loaderData.plan} alt={loaderData.plan.alt} loading="lazy" className="mt-4 h-auto w-full max-w-md" /> : null}
        <SuggestSlot />
      </section>

      <ParkRatings park={park} charts={loaderData.ratingCharts} />

      <ForYouSlot />

      <ReviewsSlot />

      <RidesSlot />

      <PlanSlot />

      <RemovedRides parkSlug={park.slug} rides={rides} />

      <AddRideSlot />
    </article>
  );
}

/**
 * A missing park is the site's usual not-found page ('Parc non trouvé'); any
 * other failure says what could not be loaded (docs/rules/catalogue.md#messages).
 */
export const ErrorBoundary = routeErrorBoundary("park.loadError");
