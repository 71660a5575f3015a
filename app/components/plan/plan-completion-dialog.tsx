import { Suspense, lazy, useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { OwnRideRating } from "~/domain/reviews";
import type { PlanEntryView } from "~/domain/visit-plan";

// The ride page's own rating form, posting to the ride page's action: one form, one set of rules.
const RideRatingMemberForm = lazy(() => import("../ratings/ride-rating-member-form"));

/**
 * 'Marquer comme faite' (docs/rules/plans.md#completing-a-ride): the ride's rating form in a
 * modal `<dialog>` (showModal gives the WAI-ARIA dialog pattern: focus moves in
 * and stays, Escape closes, the page behind is inert), opened with the member's
 * own rating when there is one, read from the ride page's loader. The ride
 * becomes completed only once a rating is saved: `onRated` does that.
 */
export function PlanCompletionDialog({ entry, ridePath, onRated, onClose }: { entry: PlanEntryView; ridePath: string; onRated: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const ride = useFetcher<{ own: OwnRideRating | null }>();
  const { load } = ride;

  useEffect(() => {
    void load(ridePath);
  }, [load, ridePath]);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-full max-w-2xl overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {t("plans.completeDialog.title", { name: entry.name })}
        </h2>
        <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-50">
          {t("common.close")}
        </button>
      </div>
      <p className="mt-2 text-sm text-stone-700">{t("plans.completeDialog.intro")}</p>
      {ride.data ? (
        <Suspense fallback={<p className="mt-4 text-stone-600">{t("common.loading")}</p>}>
          <RideRatingMemberForm
            own={ride.data.own}
            action={ridePath}
            onSaved={() => {
              onRated();
              dialog.current?.close();
            }}
          />
        </Suspense>
      ) : (
        <p role="status" className="mt-4 text-stone-600">
          {t("common.loading")}
        </p>
      )}
    </dialog>
  );
}
