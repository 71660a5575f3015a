import { Suspense, lazy, useEffect } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Link } from "react-router";
import type { RideTypeName } from "~/domain/ride-types";
import { localizedPath } from "~/domain/languages";
import type { Audience } from "~/domain/park-scores";
import { AverageRating } from "../average-rating";
import { ModerationBadge } from "../moderation-badge";
import { ResponsiveImage } from "../responsive-image";
import { useLanguage } from "../root-data";

export type RideCard = {
  id: string;
  name: string;
  slug: string;
  type: RideTypeName;
  moderationStatus: "pending" | "approved" | "rejected";
  averageRating: number | null;
  ratingCount: number;
  audience: Audience | null;
  /** Its picture (contributed by the member who added it), shown as a thumbnail. */
  imageUrl: string | null;
};

// Members only, a chunk of its own asked for once the page has hydrated (decision 0076): nothing of it in the page.
const RideCardLog = lazy(() => import("../ride-log/ride-card-log"));

const LAST_VIEWED_KEY = "parcours:last-viewed-attraction";
const HIGHLIGHT_MS = 2000;

/** Back from an attraction, its card is highlighted for 2 seconds (docs/rules/catalogue.md#ride-list-of-a-park); scroll is restored by the router. */
export function useHighlightLastViewed() {
  useEffect(() => {
    const id = window.sessionStorage.getItem(LAST_VIEWED_KEY);
    if (!id) return;
    window.sessionStorage.removeItem(LAST_VIEWED_KEY);
    const card = document.querySelector<HTMLElement>(`[data-attraction-id="${CSS.escape(id)}"]`);
    if (!card) return;
    card.dataset.highlighted = "true";
    const timer = window.setTimeout(() => delete card.dataset.highlighted, HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

/**
 * The park's rides as cards. With `planAdd` (members, operating rides) each has
 * an 'Ajouter au plan' button: plain markup whose clicks the visit plan's lazy
 * chunk handles (one delegated listener, visit-plan-editor.tsx), so no plan code
 * loads with the page. The button names no ride: its card's link does
 * (data-attraction-id), once for both. With `logParkId` (a member, after hydration) each published ride's card
 * also gets 'J'ai fait cette attraction', drawn by the browser only (ride-card-log.tsx).
 */
export function RideGrid({ parkSlug, attractions: rides, planAdd, logParkId }: { parkSlug: string; attractions: RideCard[]; planAdd?: boolean; logParkId?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {rides.map((ride) => (
        <li key={ride.id} className="ride-card-item">
          <Link
            to={localizedPath(language, `/${parkSlug}/${ride.slug}`)}
            data-attraction-id={ride.id}
            onClick={() => window.sessionStorage.setItem(LAST_VIEWED_KEY, ride.id)}
            className="ride-card"
          >
            {/* Decorative: the link says the ride's name. Sized and floated by app.css ([data-attraction-id] img). */}
            <ResponsiveImage image={ride.imageUrl} alt="" sizes="64px" />
            <span className="ride-card-name">{ride.name}</span>
            {ride.moderationStatus !== "approved" ? <ModerationBadge status={ride.moderationStatus} /> : null}
            <span data-ride-type={ride.type} className="ride-card-type">
              {/* One text, not two: React marks the border between two texts of an element (<!-- -->), on every card. */}
              {ride.audience ? `${t(`attractionTypes.${ride.type}`)} · ${t(`park.audiences.${ride.audience}`)}` : t(`attractionTypes.${ride.type}`)}
            </span>
            {ride.averageRating !== null ? <AverageRating value={ride.averageRating} count={ride.ratingCount} /> : null}
          </Link>
          {planAdd ? (
            <button type="button" aria-label={t("plans.addRide", { name: ride.name })} className="plan-add">
              {t("plans.add")}
            </button>
          ) : null}
          {logParkId && ride.moderationStatus === "approved" ? (
            <Suspense fallback={null}>
              <RideCardLog parkId={logParkId} rideId={ride.id} rideName={ride.name} ridePath={localizedPath(language, `/${parkSlug}/${ride.slug}`)} />
            </Suspense>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
