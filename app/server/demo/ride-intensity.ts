import type { DemoRide } from "./demo-data";

/**
 * How strong a demo ride is, so that its reviews praise what it offers: a
 * thrill ride's thrills, a family ride's fun for all ages, a gentle ride's
 * calm. "unknown" gets only texts that fit any ride of its type (decision 0046).
 */
export const RIDE_INTENSITIES = ["thrill", "family", "gentle"] as const;
export type RideIntensity = (typeof RIDE_INTENSITIES)[number] | "unknown";

/** What a few texts talk about: inversions, a launch, a big drop, a ride that has been there for decades. */
export const RIDE_FEATURES = ["inversions", "launch", "drop", "veteran"] as const;
export type RideFeature = (typeof RIDE_FEATURES)[number];

type Ride = Pick<
  DemoRide,
  "type" | "height" | "max_speed" | "inversions" | "min_height_alone" | "opening_year" | "description_en" | "intensity"
>;

/**
 * The data's own `intensity` first (set where the figures cannot tell, as for
 * flat rides, whose data seldom has figures, and a Ferris wheel is as tall as a
 * drop tower); then the figures: an inversion, 80 km/h, a 1.20 m minimum
 * height, or a coaster or water ride 30 m tall make a thrill ride; then the type.
 */
export function rideIntensity(ride: Ride): RideIntensity {
  if (ride.intensity) return ride.intensity;
  if (ride.type === "show") return "gentle";
  const tall = (ride.type === "roller_coaster" || ride.type === "water_ride") && (ride.height ?? 0) >= 30;
  if ((ride.inversions ?? 0) > 0 || (ride.max_speed ?? 0) >= 80 || (ride.min_height_alone ?? 0) >= 120 || tall) return "thrill";
  switch (ride.type) {
    case "roller_coaster":
      // A coaster with figures all below those marks is a family coaster; one without figures may be either.
      return ride.height !== null || ride.max_speed !== null || ride.min_height_alone !== null ? "family" : "unknown";
    case "water_ride":
    case "dark_ride":
    case "interactive_ride":
      return "family";
    case "kids_ride":
    case "transport":
      return "gentle";
    default:
      return "unknown";
  }
}

export function rideFeatures(ride: Ride): Set<RideFeature> {
  const features = new Set<RideFeature>();
  if ((ride.inversions ?? 0) > 0) features.add("inversions");
  if (/\blaunch/i.test(ride.description_en)) features.add("launch");
  if ((ride.height ?? 0) >= 20) features.add("drop");
  if (ride.opening_year !== null && ride.opening_year <= 2000) features.add("veteran");
  return features;
}
