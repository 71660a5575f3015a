import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Link, NavLink, useLocation } from "react-router";
import { localizedPath } from "~/domain/languages";
import { GlobeIcon, HomeIcon, LoginIcon, MapIcon, MenuIcon, PlusIcon, ShieldIcon, SwordsIcon, TrophyIcon, UserIcon } from "../icons";
import { useRootData } from "../root-data";
import { SignOutForm } from "./sign-out-form";

const LanguageDialog = lazy(() => import("./language-dialog"));

type Icon = typeof HomeIcon;

const itemClass =
  "flex min-w-0 flex-1 cursor-pointer flex-col items-center gap-0.5 px-0.5 py-2 text-[0.6875rem] leading-tight font-medium text-stone-600 aria-[current=page]:text-teal-800";
const rowClass =
  "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-stone-800 hover:bg-stone-100 aria-[current=page]:text-teal-800";

/**
 * Bottom bar on phones and tablets (docs/decisions/0043): four links (home, map, rankings, duels) and a
 * "More" menu holding contribute, then profile, admin for the administrator, the language button for
 * other members, the account and the sign-out; login for visitors. The menu is a <details>, so it opens
 * without this script; the script closes it on a navigation, on Escape and on a tap elsewhere.
 */
export function MobileNav() {
  const { t } = useTranslation();
  const { user, language } = useRootData();
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const [choosingLanguage, setChoosingLanguage] = useState(false);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  useEffect(close, [pathname]);
  useEffect(() => {
    // The language dialog is not elsewhere: closing the menu would take away the button the dialog gives focus back to.
    const elsewhere = (event: Event) => !menu.current?.contains(event.target as Node) && !(event.target as Element).closest("dialog");
    const onPointerDown = (event: PointerEvent) => {
      if (elsewhere(event)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.current?.open || (event.target as Element).closest("dialog")) return;
      close();
      menu.current.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  const href = (path: string) => localizedPath(language, path);
  const links: { to: string; label: string; Icon: Icon; end?: boolean }[] = [
    { to: href("/"), label: t("nav.home"), Icon: HomeIcon, end: true },
    { to: href("/map"), label: t("nav.map"), Icon: MapIcon },
    { to: href("/rankings"), label: t("nav.rankings"), Icon: TrophyIcon },
    { to: href("/duels"), label: t("nav.duels"), Icon: SwordsIcon },
  ];
  const more: { to: string; label: string; Icon: Icon }[] = [{ to: href("/contribute"), label: t("nav.contribute"), Icon: PlusIcon }];
  if (user) more.push({ to: href("/profile"), label: t("nav.profile"), Icon: UserIcon });
  if (user?.isAdmin) more.push({ to: "/admin", label: t("nav.admin"), Icon: ShieldIcon });
  if (!user) more.push({ to: href("/login"), label: t("nav.login"), Icon: LoginIcon });
  const item = (Icon: Icon, label: string) => (
    <>
      <Icon />
      <span className="max-w-full truncate">{label}</span>
    </>
  );
  return (
    <nav aria-label={t("nav.mobile")} className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white lg:hidden">
      <ul className="flex">
        {links.map(({ to, label, Icon, end }) => (
          <li key={to} className="flex min-w-0 flex-1">
            <NavLink to={to} end={end} className={itemClass}>
              {item(Icon, label)}
            </NavLink>
          </li>
        ))}
        <li className="flex min-w-0 flex-1">
          <details ref={menu} className="min-w-0 flex-1">
            <summary className={`${itemClass} list-none [&::-webkit-details-marker]:hidden`}>{item(MenuIcon, t("nav.menu.more"))}</summary>
            <ul className="absolute right-2 bottom-full mb-2 w-60 max-w-[calc(100vw-1rem)] rounded-xl border border-stone-200 bg-white p-2 shadow-lg">
              {more.map(({ to, label, Icon }) => (
                <li key={to}>
                  <NavLink to={to} className={rowClass}>
                    <Icon className="h-5 w-5 shrink-0" />
                    {label}
                  </NavLink>
                </li>
              ))}
              {user && !user.isAdmin ? (
                <li>
                  <button type="button" className={rowClass} onClick={() => setChoosingLanguage(true)}>
                    <GlobeIcon className="h-5 w-5 shrink-0" />
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
          </details>
        </li>
      </ul>
      {choosingLanguage ? (
        <Suspense>
          <LanguageDialog onClosed={() => setChoosingLanguage(false)} />
        </Suspense>
      ) : null}
    </nav>
  );
}
