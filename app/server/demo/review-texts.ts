import type { RideText, DemoPark, ParkText } from "./demo-data";
import { rideFeatures, rideIntensity } from "./ride-intensity";
import type { Random } from "~/domain/seeded-random";

/** What a park review may talk about: many coasters, water rides, shows, rides for small children. */
export const PARK_TEXT_NEEDS = ["coasters", "water", "shows", "kids"] as const;
type ParkTextNeed = (typeof PARK_TEXT_NEEDS)[number];

type DemoRide = DemoPark["attractions"][number];

export function parkTextFits(text: ParkText, park: DemoPark): boolean {
  if (!text.needs) return true;
  const operating = (type: DemoRide["type"]) =>
    park.attractions.filter((ride) => ride.type === type && ride.status === "operating").length;
  const enough: Record<ParkTextNeed, boolean> = {
    coasters: operating("roller_coaster") >= 4,
    water: operating("water_ride") >= 3,
    shows: operating("show") >= 2,
    kids: operating("kids_ride") >= 2,
  };
  return enough[text.needs];
}

/** A text fits a ride of one of its types, of one of its intensities, with its feature (each when given). */
export function rideTextFits(text: RideText, ride: DemoRide): boolean {
  if (text.types && !text.types.includes(ride.type)) return false;
  if (text.intensities && !text.intensities.some((intensity) => intensity === rideIntensity(ride))) return false;
  return !text.feature || rideFeatures(ride).has(text.feature);
}

/**
 * Picks, for one park, texts that fit and that no other review of the park
 * (of the park or one of its rides, in either language) has used yet; null
 * when none is left, so a page never shows the same text twice. It draws one
 * number either way, so the rest of the demo stays the same.
 */
export function createTextPicker<Text>(texts: readonly Text[], random: Random) {
  const used = new Set<number>();
  return (fits: (text: Text) => boolean): Text | null => {
    const free = texts.flatMap((text, index) => (!used.has(index) && fits(text) ? [index] : []));
    const index = random.pick(free);
    if (index === undefined) return null;
    used.add(index);
    return texts[index] ?? null;
  };
}
