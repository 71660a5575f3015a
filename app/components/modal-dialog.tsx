import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translation-context";

type ModalDialogProps = {
  title: string;
  onClose: () => void;
  /** Tailwind max-width class of the panel. */
  width: "max-w-2xl" | "max-w-3xl";
  /** Turned true, closes the dialog as its 'Fermer' button does (onClose then runs). */
  closed?: boolean;
  children: ReactNode;
};

/**
 * A modal `<dialog>` opened as it mounts, titled, with a 'Fermer' button.
 * showModal() gives the WAI-ARIA dialog pattern natively: focus moves in and
 * stays in, Escape closes, the page behind is inert; the opener unmounts it
 * from onClose, and the browser gives focus back to what opened it.
 */
export function ModalDialog({ title, onClose, width, closed = false, children }: ModalDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  useEffect(() => {
    if (closed) dialog.current?.close();
  }, [closed]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`m-auto max-h-[90vh] w-full ${width} overflow-y-auto rounded-xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50`}
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
