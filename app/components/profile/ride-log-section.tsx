import { Suspense, lazy } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { ProfileRideLog } from "~/domain/ride-log";
import { ServerSvg } from "../server-svg";
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
      {rideLog.map ? (
        <figure className="mt-5">
          <figcaption className="font-bold">{t("rideLog.profile.map")}</figcaption>
          {/* The base map is a cached picture; the marks, drawn by the server, lie over it (as on the map page). */}
          <div className="relative mt-2 overflow-hidden rounded-xl border border-stone-200">
            <img src={`/maps/base/${rideLog.map.frameKey}.svg`} alt="" width={rideLog.map.width} height={rideLog.map.height} loading="lazy" className="block h-auto w-full" />
            <ServerSvg markup={rideLog.map.marks} className="absolute inset-0" />
          </div>
        </figure>
      ) : null}
      {isOwn ? (
        <Suspense fallback={null}>
          <OwnRideLog rideLog={rideLog} />
        </Suspense>
      ) : null}
    </ProfileSection>
  );
}
