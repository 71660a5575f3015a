import { Suspense, lazy, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { OwnRideRating } from "~/domain/reviews";
import type { PlanEntryView } from "~/domain/visit-plan";
import { ModalDialog } from "../modal-dialog";

// The ride page's own rating form, posting to the ride page's action: one form, one set of rules.
const RideRatingMemberForm = lazy(() => import("../ratings/ride-rating-member-form"));

/**
 * 'Marquer comme faite' (docs/rules/plans.md#completing-a-ride): the ride's rating form in a
 * modal dialog, opened with the member's own rating when there is one, read from the ride page's
 * loader. The ride becomes completed only once a rating is saved: `onRated` does that.
 */
export function PlanCompletionDialog({ entry, ridePath, onRated, onClose }: { entry: PlanEntryView; ridePath: string; onRated: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const ride = useFetcher<{ own: OwnRideRating | null }>();
  const { load } = ride;
  const [rated, setRated] = useState(false);

  useEffect(() => {
    void load(ridePath);
  }, [load, ridePath]);

  return (
    <ModalDialog title={t("plans.completeDialog.title", { name: entry.name })} width="medium" done={rated} onClose={onClose}>
      <p className="mt-2 text-sm text-stone-700">{t("plans.completeDialog.intro")}</p>
      {ride.data ? (
        <Suspense fallback={<p className="mt-4 text-stone-600">{t("common.loading")}</p>}>
          <RideRatingMemberForm
            own={ride.data.own}
            action={ridePath}
            onSaved={() => {
              onRated();
              setRated(true);
            }}
          />
        </Suspense>
      ) : (
        <p role="status" className="mt-4 text-stone-600">
          {t("common.loading")}
        </p>
      )}
    </ModalDialog>
  );
}
