import { useTranslation } from "~/i18n/translation-context";
import { Link, useLocation } from "react-router";
import { LANGUAGES, switchLanguagePath, type Language } from "~/domain/languages";
import { useLanguage } from "../root-data";

/** The same page in another language: the path keeps its rest, the prefix changes. */
function useSwitchLanguageHref(): (language: Language) => string {
  const location = useLocation();
  return (language) => `${switchLanguagePath(location.pathname, language)}${location.search}`;
}

/** Compact header toggle to the other language. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const current = useLanguage();
  const hrefFor = useSwitchLanguageHref();
  const other = LANGUAGES.find((language) => language !== current) ?? current;
  return (
    <Link
      to={hrefFor(other)}
      hrefLang={other}
      lang={other}
      className="rounded-md border border-stone-300 px-2 py-1 text-sm font-semibold text-stone-700 hover:bg-stone-100"
    >
      {t(`language.names.${other}`)}
    </Link>
  );
}

/** The list of languages, used by the mobile language modal. */
export function LanguageChoices({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const hrefFor = useSwitchLanguageHref();
  return (
    <ul className="mt-4 space-y-2">
      {LANGUAGES.map((language) => (
        <li key={language}>
          <Link
            to={hrefFor(language)}
            lang={language}
            hrefLang={language}
            onClick={onChoose}
            aria-current={language === current ? "true" : undefined}
            className="block rounded-lg border border-stone-200 px-4 py-3 font-medium hover:bg-stone-100 aria-[current]:border-teal-700 aria-[current]:bg-teal-50"
          >
            {t(`language.names.${language}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
