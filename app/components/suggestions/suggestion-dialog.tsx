import { Suspense, lazy, useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { SuggestionTargetView } from "~/domain/suggestion-page";
import { useLocalizedHref } from "../root-data";

// The form and its rules are a chunk of their own, fetched with the ride's values: the ride page's chunk then names only this small one.
const loadForm = () => import("./suggestion-form");
const SuggestionForm = lazy(() => loadForm().then((module) => ({ default: module.SuggestionForm })));

/**
 * The ride page's suggestion form in a modal `<dialog>` (docs/rules/suggestions.md#suggestion-form).
 * showModal() gives the WAI-ARIA dialog pattern natively: focus
 * moves in and stays in, Escape closes, the page behind is inert. The ride's
 * current values come from the suggestion route's loader (the ride page's own
 * data has no room for both descriptions); the form posts to its action.
 * Loaded on demand, at the first click (or hover, focus): visitors and readers never download it.
 */
export default function SuggestionDialog({ rideId, onClose }: { rideId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const target = useFetcher<SuggestionTargetView>();
  const address = href(`/attractions/${rideId}/suggest`);
  const { load } = target;

  useEffect(() => {
    void loadForm();
    void load(address);
  }, [load, address]);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-full max-w-3xl overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {target.data ? t("suggestions.form.title", { name: target.data.name }) : t("suggestions.form.open")}
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-50"
        >
          {t("common.close")}
        </button>
      </div>
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
    </dialog>
  );
}
