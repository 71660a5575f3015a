import { useId, useState } from "react";
import { Form, Link, useNavigate, useRevalidator } from "react-router";
import { nearParam, roundedPoint } from "~/domain/distance";
import { useTranslation } from "~/i18n/translation-context";
import { RIDE_LOG_VISIBILITIES, type RideLogBook, type RideLogSettings, type RideLogSettingsAnswer } from "~/domain/ride-log";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import { useLocalizedHref, useRootData } from "../root-data";

const VISIBILITY_LABEL = { private: "rideLog.profile.visibilityPrivate", credits: "rideLog.profile.visibilityCredits", log: "rideLog.profile.visibilityLog" } as const;

/**
 * The owner's tools on their log's page (docs/rules/ride-log.md): their counting rules and who sees their log, applied
 * at once, and 'Mes envies'.
 */
export default function OwnRideLog({ rideLog }: { rideLog: RideLogBook }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const memberId = useRootData().user!.id;
  const revalidator = useRevalidator();
  const id = useId();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const { figures, visibility, wishes } = rideLog;

  async function save(form: HTMLFormElement) {
    const values = new FormData(form);
    const settings: RideLogSettings = {
      coastersOnly: values.get("coastersOnly") === "on",
      countRemoved: values.get("countRemoved") === "on",
      visibility: RIDE_LOG_VISIBILITIES.find((value) => value === values.get("visibility")) ?? "private",
    };
    let answer: RideLogSettingsAnswer | null = null;
    try {
      const response = await fetch("/api/ride-log", {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json", [PAGE_MEMBER_HEADER]: memberId },
        body: JSON.stringify({ intent: "settings", ...settings }),
      });
      answer = (await response.json()) as RideLogSettingsAnswer;
    } catch (error) {
      console.warn("ride log settings failed", error);
    }
    if (!answer) return setMessage({ text: t("rideLog.errors.save"), error: true });
    if (!answer.ok) return setMessage({ text: "values" in answer ? t(answer.error, answer.values) : t(answer.error), error: true });
    setMessage({ text: t("rideLog.profile.settingsSaved"), error: false });
    // The figures are the server's: read again under the new rules.
    await revalidator.revalidate();
  }

  return (
    <div className="mt-6 grid gap-6">
      <form
        aria-labelledby={`${id}-settings`}
        onSubmit={(event) => {
          event.preventDefault();
          void save(event.currentTarget);
        }}
        className="rounded-xl bg-stone-50 p-4"
      >
        <h2 id={`${id}-settings`} className="font-bold">
          {t("rideLog.profile.settings")}
        </h2>
        <div className="mt-3 grid gap-2">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="coastersOnly" defaultChecked={figures.rules.coastersOnly} />
            {t("rideLog.profile.coastersOnly")}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="countRemoved" defaultChecked={figures.rules.countRemoved} />
            {t("rideLog.profile.countRemoved")}
          </label>
        </div>
        <fieldset className="mt-3">
          <legend className="font-semibold">{t("rideLog.profile.visibility")}</legend>
          {RIDE_LOG_VISIBILITIES.map((value) => (
            <label key={value} className="mt-1 flex items-center gap-2">
              <input type="radio" name="visibility" value={value} defaultChecked={visibility === value} />
              {t(VISIBILITY_LABEL[value])}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="mt-3 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
          {t("rideLog.profile.saveSettings")}
        </button>
        <p role="status" className={`mt-2 text-sm empty:hidden ${message?.error ? "text-red-700" : ""}`}>
          {message?.text}
        </p>
      </form>
      <section aria-labelledby={`${id}-wishes`}>
        <h2 id={`${id}-wishes`} className="text-2xl font-bold">
          {t("rideLog.profile.wishes")}
        </h2>
        {wishes && wishes.length > 0 ? (
          <>
            {/* A GET form: the town travels in the address, as the home list's near-me (docs/rules/catalogue.md#near-me). */}
            <WishesByPosition />
            <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
              <label className="grid gap-1 text-sm">
                {t("rideLog.profile.wishesTown")}
                <input name="town" type="search" className="field-input" />
              </label>
              <button type="submit" className="rounded-lg border border-teal-700 px-3 py-2 font-semibold text-teal-800">
                {t("rideLog.profile.wishesSort")}
              </button>
            </Form>
            <ul className="mt-3 grid gap-3">
              {wishes.map((park) => (
                <li key={park.parkId} className="rounded-xl border border-stone-200 p-3">
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link to={href(`/${park.slug}`)} className="font-semibold text-teal-800 hover:underline">
                      {park.name}
                    </Link>
                    <span className="text-sm text-stone-600">
                      {t("rideLog.profile.wishCount", { count: park.rides.length })}
                      {park.distance !== null ? ` · ${t("rideLog.profile.distance", { distance: park.distance })}` : null}
                    </span>
                  </p>
                  <ul className="mt-1 flex flex-wrap gap-x-3 text-sm">
                    {park.rides.map((ride) => (
                      <li key={ride.rideId}>
                        <Link to={href(`/${park.slug}/${ride.slug}`)} className="text-teal-800 hover:underline">
                          {ride.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-2 text-stone-600">{t("rideLog.profile.wishesEmpty")}</p>
        )}
      </section>
    </div>
  );
}

/**
 * 'Utiliser ma position': the wish list sorted from the browser's position, asked for only when clicked, rounded and
 * put in the address as the home list's near-me puts it (docs/rules/catalogue.md#near-me). The page is the member's
 * own and runs its script: the town's GET form beside it works without.
 */
function WishesByPosition() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [locating, setLocating] = useState<"idle" | "locating" | "denied" | "unavailable">("idle");
  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("unavailable");
    setLocating("locating");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating("idle");
        navigate(`?near=${nearParam(roundedPoint(coords.latitude, coords.longitude))}`, { preventScrollReset: true });
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { maximumAge: 300_000, timeout: 20_000 },
    );
  };
  return (
    <div className="mt-2">
      <button type="button" onClick={locate} disabled={locating === "locating"} className="rounded-lg bg-teal-700 px-3 py-2 font-semibold text-white hover:bg-teal-800">
        {t("rideLog.profile.wishesPosition")}
      </button>
      <p role="status" className="text-sm text-stone-600">
        {locating === "locating" ? t("rideLog.profile.wishesLocating") : ""}
      </p>
      {locating === "denied" || locating === "unavailable" ? (
        <p role="alert" className="text-sm text-red-700">
          {t(locating === "denied" ? "rideLog.profile.wishesPositionDenied" : "rideLog.profile.wishesPositionUnavailable")}
        </p>
      ) : null}
    </div>
  );
}
