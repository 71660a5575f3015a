import { useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { filterRides, readRideFilters } from "~/domain/park-scores";
import type { RideStatus } from "~/domain/ride-types";
import { searchKey } from "~/domain/search";
import { RideFiltersForm } from "./ride-filters-form";
import { RideGrid, useHighlightLastViewed, type RideCard } from "./ride-grid";

type ListedRide = RideCard & { status: RideStatus };

/**
 * The park page's two ride lists, a chunk apart from the page (decision 0065): the server draws them, and until their
 * script arrives the markup works as it does without it: a card is a link the browser follows, the filters a GET form
 * it sends (with Enter; its button shows without script only).
 */

const subscribeNever = () => () => {};

/**
 * The operating rides, filtered by the address's query (docs/rules/catalogue.md#ride-list-of-a-park); a member's cards
 * have 'Ajouter au plan', and once the page has hydrated 'J'ai fait cette attraction' when the park takes logs
 * (`logParkId`, decision 0076): the server draws none of it, for the member's slot is drawn once for every member.
 */
export function OperatingRides({ parkSlug, rides, planAdd, logParkId }: { parkSlug: string; rides: ListedRide[]; planAdd: boolean; logParkId?: string }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  // Here rather than in the page: the cards it highlights are this chunk's markup, and a removed ride's too.
  useHighlightLastViewed();
  const operating = rides.filter((ride) => ride.status === "operating");
  const shown = filterRides(operating, readRideFilters(searchParams), searchKey);
  return (
    <section aria-labelledby="attractions" className="mt-10">
      <h2 id="attractions" className="text-xl font-bold">
        {t("park.attractions")}
      </h2>
      <RideFiltersForm />
      {shown.length === 0 ? (
        <p className="mt-4 text-stone-600">{operating.length > 0 ? t("park.filters.noMatch") : t("park.noAttractions")}</p>
      ) : (
        <RideGrid parkSlug={parkSlug} attractions={shown} planAdd={planAdd} logParkId={hydrated && planAdd ? logParkId : undefined} />
      )}
    </section>
  );
}

/** The rides the park no longer runs, when it has any. */
export function RemovedRides({ parkSlug, rides }: { parkSlug: string; rides: ListedRide[] }) {
  const { t } = useTranslation();
  const removed = rides.filter((ride) => ride.status === "removed");
  return removed.length === 0 ? null : (
    <section aria-labelledby="removed-attractions" className="mt-10">
      <h2 id="removed-attractions" className="text-xl font-bold">
        {t("park.removedAttractions")}
      </h2>
      <RideGrid parkSlug={parkSlug} attractions={removed} />
    </section>
  );
}
