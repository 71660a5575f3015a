import { Suspense, lazy, useEffect } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { SuggestionTargetView } from "~/domain/suggestion-page";
import { ModalDialog } from "../modal-dialog";
import { useLocalizedHref } from "../root-data";

// The form and its rules are a chunk of their own, fetched with the ride's values: the ride page's chunk then names only this small one.
const loadForm = () => import("./suggestion-form");
const SuggestionForm = lazy(() => loadForm().then((module) => ({ default: module.SuggestionForm })));

/**
 * The ride page's suggestion form in a modal dialog (docs/rules/suggestions.md#suggestion-form).
 * The ride's current values come from the suggestion route's loader (the ride page's own
 * data has no room for both descriptions); the form posts to its action.
 * Loaded on demand, at the first click (or hover, focus): visitors and readers never download it.
 */
export default function SuggestionDialog({ rideId, onClose }: { rideId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const target = useFetcher<SuggestionTargetView>();
  const address = href(`/attractions/${rideId}/suggest`);
  const { load } = target;

  useEffect(() => {
    void loadForm();
    void load(address);
  }, [load, address]);

  return (
    <ModalDialog title={target.data ? t("suggestions.form.title", { name: target.data.name }) : t("suggestions.form.open")} width="wide" onClose={onClose}>
      {target.data ? (
        <>
          <p className="mt-2 text-sm text-stone-700">{t("suggestions.form.intro")}</p>
          <div className="mt-4">
            <Suspense fallback={<p className="text-stone-600">{t("common.loading")}</p>}>
              <SuggestionForm target={target.data} />
            </Suspense>
          </div>
        </>
      ) : (
        <p role="status" className="mt-4 text-stone-600">
          {t("common.loading")}
        </p>
      )}
    </ModalDialog>
  );
}
