import { useTranslation } from "~/i18n/translation-context";
import { useNavigation } from "react-router";
import { splitLanguagePrefix } from "~/domain/languages";

/**
 * A thin bar at the top while the next page loads, announced to screen
 * readers. A profile, whose figures take a moment, also gets its spinner
 * (docs/rules/site.md#header).
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const toProfile = busy && /^\/profile(\/|$)/.test(splitLanguagePrefix(navigation.location.pathname).rest);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      {busy ? (
        <>
          <div className="h-1 w-full animate-pulse bg-teal-600" />
          {toProfile ? (
            <p className="mx-auto mt-20 flex w-fit items-center gap-3 rounded-full bg-white px-4 py-2 shadow-lg">
              <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-teal-700 border-t-transparent" />
              {t("profile.loading")}
            </p>
          ) : (
            <span className="sr-only">{t("common.loading")}</span>
          )}
        </>
      ) : null}
    </div>
  );
}
