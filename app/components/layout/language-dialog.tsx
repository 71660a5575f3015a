import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LANGUAGES } from "~/domain/languages";
import { useTranslation } from "~/i18n/translation-context";
import { useLanguage } from "../root-data";
import { useSwitchLanguageHref } from "./language-switch";

/**
 * The mobile bar's language modal (docs/rules/site.md#mobile-bar), loaded on its first
 * opening: only members see its button, and its code is not in every page's
 * first load (docs/rules/quality.md#first-load-javascript needed those bytes). A native modal dialog: the
 * browser traps focus, closes on Escape and gives focus back to the button.
 */
export default function LanguageDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const hrefFor = useSwitchLanguageHref();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => dialog.current?.showModal(), []);
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      onClose={onClosed}
      aria-labelledby="language-dialog-title"
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="language-dialog-title" className="text-lg font-bold">
        {t("language.modalTitle")}
      </h2>
      <ul className="mt-4 space-y-2">
        {LANGUAGES.map((language) => (
          <li key={language}>
            <Link
              to={hrefFor(language)}
              lang={language}
              hrefLang={language}
              onClick={close}
              aria-current={language === current ? "true" : undefined}
              className="block rounded-lg border border-stone-200 px-4 py-3 font-medium hover:bg-stone-100 aria-[current]:border-teal-700 aria-[current]:bg-teal-50"
            >
              {t(`language.names.${language}`)}
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={close}
        className="mt-4 w-full rounded-lg border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100"
      >
        {t("common.close")}
      </button>
    </dialog>
  );
}
