import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Link, NavLink, useLocation } from "react-router";
import { localizedPath } from "~/domain/languages";
import { useRootData } from "../root-data";
import { SignOutForm } from "./sign-out-form";

const LanguageDialog = lazy(() => import("./language-dialog"));

/** A bottom bar icon: a CSS mask of its line drawing (app/app.css, decision 0063). */
type Icon = "home" | "map" | "rankings" | "duels" | "more";

// Component classes (app/app.css, decision 0061): every page's HTML repeats them per link.
const itemClass = "tab-link";
const rowClass = "menu-row";

/**
 * Bottom bar on phones and tablets (docs/decisions/0043): four links (home, map, rankings, duels) and a
 * "More" menu holding contribute, then profile, admin for the administrator, the language button for
 * other members, the account and the sign-out; login for visitors. The menu is an HTML popover: the
 * browser opens it without script, closes it on Escape and on a tap elsewhere, and gives the focus back
 * to its button.
 */
export function MobileNav() {
  const { t } = useTranslation();
  const { user, language } = useRootData();
  // A navigation inside the site keeps the bar: a new menu, closed, for each page.
  const { pathname } = useLocation();
  const [choosingLanguage, setChoosingLanguage] = useState(false);
  const href = (path: string) => localizedPath(language, path);
  const links: { to: string; label: string; icon: Icon; end?: boolean }[] = [
    { to: href("/"), label: t("nav.home"), icon: "home", end: true },
    { to: href("/map"), label: t("nav.map"), icon: "map" },
    { to: href("/rankings"), label: t("nav.rankings"), icon: "rankings" },
    { to: href("/duels"), label: t("nav.duels"), icon: "duels" },
  ];
  const more = [{ to: href("/contribute"), label: t("nav.contribute") }];
  if (user) more.push({ to: href("/profile"), label: t("nav.profile") });
  if (user?.isAdmin) more.push({ to: "/admin", label: t("nav.admin") });
  if (!user) more.push({ to: href("/login"), label: t("nav.login") });
  const item = (icon: Icon, label: string) => (
    <>
      <span className={`tab-icon tab-icon-${icon}`} />
      <span className="max-w-full truncate">{label}</span>
    </>
  );
  return (
    <nav aria-label={t("nav.mobile")} className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white lg:hidden">
      <ul className="flex">
        {links.map(({ to, label, icon, end }) => (
          <li key={to} className="flex min-w-0 flex-1">
            <NavLink to={to} end={end} className={itemClass}>
              {item(icon, label)}
            </NavLink>
          </li>
        ))}
        <li className="flex min-w-0 flex-1">
          <button type="button" popoverTarget="mobile-nav-more" className={itemClass}>
            {item("more", t("nav.menu.more"))}
          </button>
          <div
            key={pathname}
            id="mobile-nav-more"
            popover="auto"
            className="inset-auto right-2 bottom-16 m-0 w-60 max-w-[calc(100vw-1rem)] rounded-xl border border-stone-200 bg-white p-2 shadow-lg"
          >
            <ul>
              {more.map(({ to, label }) => (
                <li key={to}>
                  <NavLink to={to} className={rowClass}>
                    {label}
                  </NavLink>
                </li>
              ))}
              {user && !user.isAdmin ? (
                <li>
                  <button type="button" className={rowClass} onClick={() => setChoosingLanguage(true)}>
                    {t("nav.language")}
                  </button>
                </li>
              ) : null}
              {user ? (
                <>
                  <li className="mt-1 border-t border-stone-200 pt-1">
                    <Link to={href("/account")} aria-label={t("account.headerLink", { username: user.username })} className={rowClass}>
                      <span className="truncate">{user.username}</span>
                    </Link>
                  </li>
                  <li>
                    <SignOutForm buttonClassName={rowClass} />
                  </li>
                </>
              ) : null}
            </ul>
            {/* Inside the menu: a modal dialog opened from outside a popover would close it, and take away the button it gives the focus back to. */}
            {choosingLanguage ? (
              <Suspense>
                <LanguageDialog onClosed={() => setChoosingLanguage(false)} />
              </Suspense>
            ) : null}
          </div>
        </li>
      </ul>
    </nav>
  );
}
