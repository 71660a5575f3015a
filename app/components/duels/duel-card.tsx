import type { Ref } from "react";
import type { FetcherWithComponents } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { RideTypeName } from "~/domain/ride-types";
import type { DuelAnswer, DuelRide } from "~/domain/duels";
import { formatDuration, formatNumber } from "~/domain/format";
import { ResponsiveImage } from "../responsive-image";
import { useLanguage } from "../root-data";

type DuelCardProps = {
  ride: DuelRide;
  /** The duel's type, said in the page's heading: the card only shows its pictogram. */
  type: RideTypeName;
  /** The other card's ride: it loses when this card is chosen. */
  against: DuelRide;
  /** The duels page's address for this type (`…/duels?type=…`), where the form posts. */
  action: string;
  fetcher: FetcherWithComponents<DuelAnswer>;
  buttonRef: Ref<HTMLButtonElement>;
};

/**
 * One side of a duel: the whole card is the submit button of its own form, so
 * choosing works by click, tap, or Enter on the focused card — and without
 * JavaScript, as a plain POST. `data-ride-id` names the ride (the benchmark
 * reads the pair from it). While an answer is on its way a second choice is
 * dropped: the pair it would judge is about to change.
 */
export function DuelCard({ ride, type, against, action, fetcher, buttonRef }: DuelCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const figures = [
    ride.height === null ? null : { label: t("attraction.facts.height"), value: t("attraction.units.metres", { value: number(ride.height) }) },
    ride.maxSpeed === null ? null : { label: t("attraction.facts.maxSpeed"), value: t("attraction.units.kmPerHour", { value: number(ride.maxSpeed) }) },
    ride.inversions === null ? null : { label: t("attraction.facts.inversions"), value: number(ride.inversions) },
    ride.duration === null ? null : { label: t("attraction.facts.duration"), value: formatDuration(ride.duration) },
  ].filter((figure) => figure !== null);
  return (
    <fetcher.Form
      method="post"
      action={action}
      // The answer carries the next pair and the rankings: no loader runs after it (one round trip).
      defaultShouldRevalidate={false}
      className="flex"
      onSubmit={(event) => {
        if (fetcher.state !== "idle") event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="duel" />
      <input type="hidden" name="loserId" value={against.id} />
      <button
        ref={buttonRef}
        type="submit"
        name="winnerId"
        value={ride.id}
        data-ride-id={ride.id}
        className="flex w-full flex-col overflow-hidden rounded-2xl border-2 border-stone-200 bg-white text-left shadow-sm transition hover:border-teal-600 hover:shadow-md focus-visible:border-teal-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:ring-offset-2"
      >
        {ride.imageUrl ? (
          <ResponsiveImage image={ride.imageUrl} alt="" sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw" className="aspect-[4/3] w-full object-cover" />
        ) : (
          // Without a picture, the type's pictogram: both cards keep a face, and the same height.
          <span data-ride-type={type} className="flex h-24 items-center justify-center bg-teal-50 before:m-0 before:h-12 before:w-12" />
        )}
        <span className="flex flex-1 flex-col gap-1 p-4">
          <span data-ride-type={ride.imageUrl ? type : undefined} className="text-xl font-bold text-stone-900">
            {ride.name}
          </span>
          <span className="text-stone-600">{ride.parkName}</span>
          {figures.length > 0 ? (
            <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-duel-figures>
              {figures.map((figure) => (
                <span key={figure.label}>
                  <span className="text-stone-600">{figure.label}</span> <span className="font-semibold text-stone-900">{figure.value}</span>
                </span>
              ))}
            </span>
          ) : null}
          <span className="mt-auto pt-2 text-sm font-medium text-teal-800">{t("duels.yourRating", { rating: ride.rating })}</span>
        </span>
      </button>
    </fetcher.Form>
  );
}
