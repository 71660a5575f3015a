import { useTranslation } from "~/i18n/translation-context";
import { Link } from "react-router";
import { localizedPath } from "~/domain/languages";
import { useRootData } from "../root-data";

export function Footer() {
  const { t } = useTranslation();
  const { language, externalLinks } = useRootData();
  const external = [
    { key: "blog", href: externalLinks.blog },
    { key: "social", href: externalLinks.social },
    { key: "video", href: externalLinks.video },
  ] as const;
  return (
    <footer className="border-t border-stone-200 bg-white pb-20 lg:pb-0">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold text-teal-800">{t("common.appName")}</p>
          <p className="mt-1 text-sm text-stone-600">{t("footer.tagline")}</p>
        </div>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-stone-900">
            {t("footer.legal")}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to={localizedPath(language, "/terms")} className="text-stone-700 underline-offset-2 hover:underline">
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link to={localizedPath(language, "/contact")} className="text-stone-700 underline-offset-2 hover:underline">
                {t("footer.contact")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="text-sm font-semibold text-stone-900">
            {t("footer.follow")}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {external.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-stone-700 underline-offset-2 hover:underline"
                >
                  {t(`footer.${link.key}`)}
                  <span className="sr-only"> {t("footer.opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
