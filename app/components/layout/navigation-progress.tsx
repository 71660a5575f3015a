import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** A thin bar at the top while the next page loads, announced to screen readers. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1">
      {busy ? (
        <>
          <div className="h-full w-full animate-pulse bg-teal-600" />
          <span className="sr-only">{t("common.loading")}</span>
        </>
      ) : null}
    </div>
  );
}
