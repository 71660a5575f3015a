import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translation-context";

const WIDTHS = { medium: "max-w-2xl", wide: "max-w-3xl" } as const;

/**
 * A modal `<dialog>` opened as it mounts, with its title and a close button: showModal() gives the
 * WAI-ARIA dialog pattern natively (focus moves in and stays in, Escape closes, the page behind is
 * inert, focus goes back to the opener). `done` closes it from within (a form saved); `onClose`
 * runs however it closes.
 */
export function ModalDialog({ title, width, done = false, onClose, children }: { title: ReactNode; width: keyof typeof WIDTHS; done?: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  useEffect(() => {
    if (done) dialog.current?.close();
  }, [done]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`m-auto max-h-[90vh] w-full ${WIDTHS[width]} overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50`}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-50">
          {t("common.close")}
        </button>
      </div>
      {children}
    </dialog>
  );
}
