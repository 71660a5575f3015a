import { useTranslation } from "~/i18n/translation-context";
import { Link, NavLink } from "react-router";
import { localizedPath } from "~/domain/languages";
import { useRootData } from "../root-data";
import { headerItems } from "./nav-items";
import { LanguageToggle } from "./language-switch";
import { SignOutForm } from "./sign-out-form";

export function Header() {
  const { t } = useTranslation();
  const { user, language } = useRootData();
  const items = headerItems(user);
  const href = (path: string, localized: boolean) => (localized ? localizedPath(language, path) : path);
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
        <Link to={localizedPath(language, "/")} className="text-xl font-extrabold tracking-tight text-teal-800">
          {t("common.appName")}
        </Link>
        <nav aria-label={t("nav.main")} className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.key}>
                <NavLink
                  to={href(item.path, item.localized)}
                  end={item.key === "home"}
                  className="nav-link"
                >
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          <LanguageToggle />
          {/* Below the large breakpoint, the account and the sign-out are in the bottom bar's menu: the header fits a phone. */}
          {user ? (
            <Link
              to={localizedPath(language, "/account")}
              aria-label={t("account.headerLink", { username: user.username })}
              className="hidden max-w-40 truncate rounded-md px-3 py-1 text-sm font-medium text-stone-700 hover:bg-stone-100 lg:block"
            >
              {user.username}
            </Link>
          ) : null}
          {user ? (
            <SignOutForm buttonClassName="hidden rounded-md px-3 py-1 text-sm font-medium text-stone-700 hover:bg-stone-100 lg:block" />
          ) : null}
        </div>
      </div>
    </header>
  );
}
