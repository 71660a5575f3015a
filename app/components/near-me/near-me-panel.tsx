import { useState, useSyncExternalStore } from "react";
import { Form, Link, useNavigate } from "react-router";
import { roundedPoint, type DistanceOrigin } from "~/domain/distance";
import { parkListSearch, withoutOrigin, type ParkListFilters } from "~/domain/park-list";
import { useTranslation } from "~/i18n/translation-context";

const subscribeNever = () => () => {};

type Locating = "idle" | "locating" | "denied" | "unavailable";

/**
 * Sorting the home list by distance (docs/rules/catalogue.md#near-me): "Near me" asks the browser for its position only when
 * clicked, and only once React runs (without JavaScript it is not shown); the typed town is a plain GET form
 * resolved on the server. Either way the origin lands in the address, with the other filters.
 */
export function NearMePanel(props: { filters: ParkListFilters; origin: DistanceOrigin | null; unknownTown: string | null }) {
  const { filters, origin, unknownTown } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);
  const [locating, setLocating] = useState<Locating>("idle");
  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("unavailable");
    setLocating("locating");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating("idle");
        const near = roundedPoint(coords.latitude, coords.longitude);
        navigate(parkListSearch({ ...filters, near, town: null, sort: "distance", page: 1 }), { preventScrollReset: true });
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { maximumAge: 300_000, timeout: 20_000 },
    );
  };
  const button = "rounded-lg px-3 py-2 font-semibold";
  return (
    <section aria-labelledby="near-me-title" className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
      <h3 id="near-me-title" className="font-semibold">
        {t("home.near.title")}
      </h3>
      {origin ? (
        <p className="text-sm text-stone-700">
          {origin.kind === "town" ? t("home.near.fromTown", { town: origin.name, country: origin.country }) : t("home.near.fromPosition")}{" "}
          <Link to={parkListSearch(withoutOrigin(filters)) || "?"} preventScrollReset className="font-semibold text-teal-800 underline">
            {t("home.near.clear")}
          </Link>
        </p>
      ) : null}
      {hydrated ? (
        <button type="button" onClick={locate} disabled={locating === "locating"} className={`${button} w-full bg-teal-700 text-white hover:bg-teal-800`}>
          {t("home.near.button")}
        </button>
      ) : null}
      <p role="status" className="text-sm text-stone-600">
        {locating === "locating" ? t("home.near.locating") : ""}
      </p>
      {locating === "denied" || locating === "unavailable" ? (
        <p role="alert" className="text-sm text-red-700">
          {t(`home.near.${locating}`)}
        </p>
      ) : null}
      <Form method="get" preventScrollReset className="space-y-2">
        {filters.country ? <input type="hidden" name="country" value={filters.country} /> : null}
        {filters.region ? <input type="hidden" name="region" value={filters.region} /> : null}
        {filters.minRating ? <input type="hidden" name="min" value={filters.minRating} /> : null}
        <label className="block text-sm font-medium">
          {t("home.near.townLabel")}
          <input
            name="town"
            defaultValue={filters.town ?? unknownTown ?? ""}
            key={filters.town ?? unknownTown ?? ""}
            required
            maxLength={80}
            autoComplete="address-level2"
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
          />
        </label>
        {/* After the town, so the address reads as parkListSearch writes it. */}
        <input type="hidden" name="sort" value="distance" />
        <button type="submit" className={`${button} border border-stone-300 text-stone-800 hover:bg-stone-50`}>
          {t("home.near.townSubmit")}
        </button>
      </Form>
      {unknownTown ? (
        <p role="alert" className="text-sm text-red-700">
          {t("home.near.unknownTown", { town: unknownTown })}
        </p>
      ) : null}
      <p className="text-xs text-stone-500">
        <a href="https://www.geonames.org/" className="underline">
          {t("home.near.credit")}
        </a>
      </p>
    </section>
  );
}
