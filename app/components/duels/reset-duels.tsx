import { useId, useRef, useSyncExternalStore } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/i18n/translation-context";

const subscribeNever = () => () => {};

/** False in the server's HTML and until hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

type ResetDuelsProps = {
  /** The duels page's address for this type, where the reset posts. */
  action: string;
  busy: boolean;
  onConfirm: () => void;
};

/**
 * 'Réinitialiser le classement' (after confirmation,
 * docs/rules/duels-and-rankings.md#reset). With JavaScript, the button opens a modal `<dialog>`
 * (showModal: focus moves in and stays in, Escape cancels, the page behind is
 * inert) with the product's question; Cancel takes the first focus, so Enter never
 * erases by surprise, and focus goes back to the button on close. Before
 * hydration (or without JavaScript) the same form posts natively, and a
 * required checkbox stands for the question: the action refuses a reset
 * without `confirm=yes`, so no stray POST erases anything.
 */
export function ResetDuels({ action, busy, onConfirm }: ResetDuelsProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const checkboxId = useId();

  if (!hydrated) {
    return (
      <Form method="post" action={action} className="flex flex-col gap-2 rounded-xl border border-stone-200 p-4">
        <input type="hidden" name="intent" value="reset" />
        <p className="text-sm text-stone-700">{t("duels.reset.confirm")}</p>
        <div className="flex items-start gap-2 text-sm">
          <input id={checkboxId} type="checkbox" name="confirm" value="yes" required className="mt-1" />
          <label htmlFor={checkboxId}>{t("duels.reset.confirmCheckbox")}</label>
        </div>
        <button type="submit" className="self-start rounded-lg border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50">
          {t("duels.reset.open")}
        </button>
      </Form>
    );
  }

  const close = () => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          dialog.current?.showModal();
          cancel.current?.focus();
        }}
        className="rounded-lg border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
      >
        {t("duels.reset.open")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="m-auto w-full max-w-md rounded-xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
      >
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {t("duels.reset.title")}
        </h2>
        <p id={bodyId} className="mt-3 text-stone-700">
          {t("duels.reset.confirm")}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" ref={cancel} onClick={close} className="rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-50">
            {t("duels.reset.cancel")}
          </button>
          <button
            type="button"
            onClick={() => {
              close();
              onConfirm();
            }}
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            {t("duels.reset.confirmButton")}
          </button>
        </div>
      </dialog>
    </>
  );
}
