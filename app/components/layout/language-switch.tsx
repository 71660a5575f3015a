import { useTranslation } from "~/i18n/translation-context";
import { Link, useLocation } from "react-router";
import { LANGUAGES, switchLanguagePath, type Language } from "~/domain/languages";
import { useLanguage } from "../root-data";

/** The same page in another language: the path keeps its rest, the prefix changes. */
export function useSwitchLanguageHref(): (language: Language) => string {
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
