import { Suspense, lazy, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { OwnAttractionRating } from "~/domain/reviews";
import type { PlanEntryView } from "~/domain/visit-plan";
import { ModalDialog } from "../modal-dialog";

// The ride page's own rating form, posting to the ride page's action: one form, one set of rules.
const AttractionRatingMemberForm = lazy(() => import("../ratings/attraction-rating-member-form"));

/**
 * 'Marquer comme faite' (community §4 "Visit plan"): the ride's rating form in a
 * modal dialog (ModalDialog), opened with the member's
 * own rating when there is one, read from the ride page's loader. The ride
 * becomes completed only once a rating is saved: `onRated` does that.
 */
export function PlanCompletionDialog({ entry, ridePath, onRated, onClose }: { entry: PlanEntryView; ridePath: string; onRated: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  // The rating saved: the dialog closes itself.
  const [saved, setSaved] = useState(false);
  const ride = useFetcher<{ own: OwnAttractionRating | null }>();
  const { load } = ride;

  useEffect(() => {
    void load(ridePath);
  }, [load, ridePath]);

  return (
    <ModalDialog title={t("plans.completeDialog.title", { name: entry.name })} onClose={onClose} width="max-w-2xl" closed={saved}>
      <p className="mt-2 text-sm text-stone-700">{t("plans.completeDialog.intro")}</p>
      {ride.data ? (
        <Suspense fallback={<p className="mt-4 text-stone-600">{t("common.loading")}</p>}>
          <AttractionRatingMemberForm
            own={ride.data.own}
            action={ridePath}
            onSaved={() => {
              onRated();
              setSaved(true);
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
