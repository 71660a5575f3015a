import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { ProfileRideLog } from "~/domain/ride-log";
import { ProfileSection } from "./profile-section";
import { RideLogFigures } from "./ride-log-figures";

// The owner's tools are a chunk of their own: public profiles do without it.
const OwnRideLog = lazy(() => import("./own-ride-log"));

/**
 * A profile's ride log (docs/rules/ride-log.md#who-sees-it): the owner's, whole, with their tools; another member's as
 * far as they show it; nothing for a private log.
 */
export function RideLogSection({ rideLog, isOwn, username }: { rideLog: ProfileRideLog | null; isOwn: boolean; username: string }) {
  const { t } = useTranslation();
  if (!rideLog) return null;
  return (
    <ProfileSection id="ride-log" title={isOwn ? t("rideLog.profile.titleOwn") : t("rideLog.profile.title", { username })}>
      <RideLogFigures figures={rideLog.figures} />
      {isOwn ? (
        <Suspense fallback={null}>
          <OwnRideLog rideLog={rideLog} />
        </Suspense>
      ) : null}
    </ProfileSection>
  );
}
