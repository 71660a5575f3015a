import type { RideTypeName } from "~/domain/ride-types";
import type { DemoUser } from "./demo-users";
import type { Random } from "~/domain/seeded-random";

/**
 * A planted taste group (docs/decisions/0078): six members who love dark rides and water rides and rate
 * big coasters low, in five parks, so that "Members with your taste" and "Rides you'll love" have
 * something to find in the demo. Félix (in the README's list) is one of them and has not rated three rides
 * all the others rated 5: his "Pour vous" lists them first. Loaded after everything else, from a random
 * stream of its own, so that the other members' content stays the same.
 */
export const TASTE_GROUP_SEED = 20260078;

export const TASTE_GROUP_MEMBER: DemoUser = { username: "Felix_Frissons", email: "felix@demo.parcours.local", language: "fr", parksToRate: 0 };

export const TASTE_GROUP: DemoUser[] = [
  TASTE_GROUP_MEMBER,
  ...(
    [
      ["Margot_Mysteres", "fr"],
      ["Quentin_Radeau", "fr"],
      ["EllieGhostTrain", "en"],
      ["Victor_Bouees", "fr"],
      ["Lison-Lanternes", "fr"],
    ] as const
  ).map(([username, language]) => ({
    username,
    email: `${username.toLowerCase().replace(/[^a-z0-9]/g, "")}@demo.parcours.local`,
    language,
    parksToRate: 0,
  })),
];

/** The parks the group visited: their operating rides are the group's to rate. */
export const TASTE_GROUP_PARKS = ["Efteling", "Europa-Park", "Disneyland Paris", "Phantasialand", "Parc Astérix"] as const;

/** Rides (by park and name) every other member of the group rated 5, and Félix has not rated. */
export const TASTE_GROUP_TARGETS = [
  ["Efteling", "Droomvlucht"],
  ["Europa-Park", "Piraten in Batavia"],
  ["Phantasialand", "Chiapas – Die Wasserbahn"],
] as const;

/** How likely another member of the group rated one of the parks' rides (Félix rated them all but the targets). */
export const TASTE_GROUP_COVERAGE = 0.75;

/** The group's rating of a ride: dark and water rides 4–5, coasters of 25 m or more 1–2, smaller ones 2–3, the rest 2–4. */
export function tasteGroupRating(type: RideTypeName, height: number | null, random: Random): number {
  if (type === "dark_ride" || type === "water_ride") return random.chance(0.7) ? 5 : 4;
  if (type === "roller_coaster") return (height ?? 0) >= 25 ? random.int(1, 2) : random.int(2, 3);
  return random.int(2, 4);
}
