import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { NavLink } from "react-router";
import { localizedPath } from "~/domain/languages";
import { GlobeIcon, HomeIcon, LoginIcon, MapIcon, PlusIcon, ShieldIcon, SwordsIcon, TrophyIcon, UserIcon } from "../icons";
import { useRootData } from "../root-data";

const LanguageDialog = lazy(() => import("./language-dialog"));

type Icon = typeof HomeIcon;

const itemClass =
  "flex min-w-0 flex-1 flex-col items-center gap-0.5 px-0.5 py-2 text-[0.6875rem] leading-tight font-medium text-stone-600 aria-[current=page]:text-teal-800";

/**
 * Bottom icon bar on small screens (public site §2): home, map, rankings, duels,
 * contribute, then profile and admin for the administrator, profile and a
 * language button for other members, login for visitors.
 */
export function MobileNav() {
  const { t } = useTranslation();
  const { user, language } = useRootData();
  const [choosingLanguage, setChoosingLanguage] = useState(false);
  const links: { to: string; label: string; Icon: Icon; end?: boolean }[] = [
    { to: localizedPath(language, "/"), label: t("nav.home"), Icon: HomeIcon, end: true },
    { to: localizedPath(language, "/map"), label: t("nav.map"), Icon: MapIcon },
    { to: localizedPath(language, "/rankings"), label: t("nav.rankings"), Icon: TrophyIcon },
    { to: localizedPath(language, "/duels"), label: t("nav.duels"), Icon: SwordsIcon },
    { to: localizedPath(language, "/contribute"), label: t("nav.contribute"), Icon: PlusIcon },
    user
      ? { to: localizedPath(language, "/profile"), label: t("nav.profile"), Icon: UserIcon }
      : { to: localizedPath(language, "/login"), label: t("nav.login"), Icon: LoginIcon },
  ];
  if (user?.isAdmin) links.push({ to: "/admin", label: t("nav.admin"), Icon: ShieldIcon });
  const item = (Icon: Icon, label: string) => (
    <>
      <Icon />
      <span className="max-w-full truncate">{label}</span>
    </>
  );
  return (
    <nav
      aria-label={t("nav.mobile")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white md:hidden"
    >
      <ul className="flex">
        {links.map(({ to, label, Icon, end }) => (
          <li key={to} className="flex min-w-0 flex-1">
            <NavLink to={to} end={end} className={itemClass}>
              {item(Icon, label)}
            </NavLink>
          </li>
        ))}
        {user && !user.isAdmin ? (
          <li className="flex min-w-0 flex-1">
            <button type="button" className={itemClass} onClick={() => setChoosingLanguage(true)}>
              {item(GlobeIcon, t("nav.language"))}
            </button>
          </li>
        ) : null}
      </ul>
      {choosingLanguage ? (
        <Suspense>
          <LanguageDialog onClosed={() => setChoosingLanguage(false)} />
        </Suspense>
      ) : null}
    </nav>
  );
}
