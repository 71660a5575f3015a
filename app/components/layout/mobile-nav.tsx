import { useRef } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { NavLink } from "react-router";
import { localizedPath } from "~/domain/languages";
import { GlobeIcon, HomeIcon, LoginIcon, PlusIcon, ShieldIcon, SwordsIcon, TrophyIcon, UserIcon } from "../icons";
import { useRootData } from "../root-data";
import { LanguageChoices } from "./language-switch";

const itemClass =
  "flex min-w-0 flex-1 flex-col items-center gap-0.5 px-0.5 py-2 text-[0.6875rem] leading-tight font-medium text-stone-600 aria-[current=page]:text-teal-800";

/**
 * Bottom icon bar on small screens (public site §2): home, rankings, duels,
 * contribute, then profile and admin for the administrator, profile and a
 * language button for other members, login for visitors.
 */
export function MobileNav() {
  const { t } = useTranslation();
  const { user, language } = useRootData();
  const dialog = useRef<HTMLDialogElement>(null);
  const local = (path: string) => localizedPath(language, path);
  return (
    <nav
      aria-label={t("nav.mobile")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white md:hidden"
    >
      <ul className="flex">
        <li className="flex min-w-0 flex-1">
          <NavLink to={local("/")} end className={itemClass}>
            <HomeIcon />
            <span className="max-w-full truncate">{t("nav.home")}</span>
          </NavLink>
        </li>
        <li className="flex min-w-0 flex-1">
          <NavLink to={local("/rankings")} className={itemClass}>
            <TrophyIcon />
            <span className="max-w-full truncate">{t("nav.rankings")}</span>
          </NavLink>
        </li>
        <li className="flex min-w-0 flex-1">
          <NavLink to={local("/duels")} className={itemClass}>
            <SwordsIcon />
            <span className="max-w-full truncate">{t("nav.duels")}</span>
          </NavLink>
        </li>
        <li className="flex min-w-0 flex-1">
          <NavLink to={local("/contribute")} className={itemClass}>
            <PlusIcon />
            <span className="max-w-full truncate">{t("nav.contribute")}</span>
          </NavLink>
        </li>
        {user ? (
          <li className="flex min-w-0 flex-1">
            <NavLink to={local("/profile")} className={itemClass}>
              <UserIcon />
              <span className="max-w-full truncate">{t("nav.profile")}</span>
            </NavLink>
          </li>
        ) : (
          <li className="flex min-w-0 flex-1">
            <NavLink to={local("/login")} className={itemClass}>
              <LoginIcon />
              <span className="max-w-full truncate">{t("nav.login")}</span>
            </NavLink>
          </li>
        )}
        {user?.isAdmin ? (
          <li className="flex min-w-0 flex-1">
            <NavLink to="/admin" className={itemClass}>
              <ShieldIcon />
              <span className="max-w-full truncate">{t("nav.admin")}</span>
            </NavLink>
          </li>
        ) : null}
        {user && !user.isAdmin ? (
          <li className="flex min-w-0 flex-1">
            <button type="button" className={itemClass} onClick={() => dialog.current?.showModal()}>
              <GlobeIcon />
              <span className="max-w-full truncate">{t("nav.language")}</span>
            </button>
          </li>
        ) : null}
      </ul>
      <LanguageDialog dialog={dialog} />
    </nav>
  );
}

/** Native modal dialog: the browser traps focus, closes on Escape and restores focus. */
function LanguageDialog({ dialog }: { dialog: React.RefObject<HTMLDialogElement | null> }) {
  const { t } = useTranslation();
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="language-dialog-title"
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="language-dialog-title" className="text-lg font-bold">
        {t("language.modalTitle")}
      </h2>
      <LanguageChoices onChoose={close} />
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
