import type { Language } from "~/domain/languages";

/**
 * Demo members. The first ones are listed in the README; `parksToRate` makes
 * their profiles show different influence levels. Others rate a handful of parks.
 */
export type DemoUser = {
  username: string;
  email: string;
  language: Language;
  parksToRate: number;
  /** A suspended member, to show (and test) how suspension looks. */
  suspensionReason?: string;
};

export const DEMO_PASSWORD = "Parcours2026";

const named: DemoUser[] = [
  { username: "Marie_Coaster", email: "marie@demo.parcours.local", language: "fr", parksToRate: 27 },
  { username: "TomThrills", email: "tom@demo.parcours.local", language: "en", parksToRate: 11 },
  { username: "Lea-en-famille", email: "lea@demo.parcours.local", language: "fr", parksToRate: 5 },
  {
    username: "Sam_Suspendu",
    email: "sam@demo.parcours.local",
    language: "fr",
    parksToRate: 2,
    suspensionReason: "Commentaires injurieux répétés",
  },
];

const others: Array<[string, Language]> = [
  ["Julien_Looping", "fr"], ["SophieRides", "en"], ["Nico-Parcs", "fr"], ["Camille_Sensations", "fr"],
  ["DarkRideDan", "en"], ["Manon_Manege", "fr"], ["Hugo-Wagon", "fr"], ["Emma_Frissons", "fr"],
  ["Lucas_Vekoma", "fr"], ["ChloeCoasters", "en"], ["Theo_Inversions", "fr"], ["Ines_Parcs", "fr"],
  ["RideNerdRob", "en"], ["Paul_Bobsleigh", "fr"], ["Sarah-Splash", "en"], ["Antoine_Intamin", "fr"],
  ["Clara_Carrousel", "fr"], ["MaxAirtime", "en"], ["Louise_Loop", "fr"], ["Arthur-B&M", "fr"],
  ["Zoe_Flume", "en"], ["Gabriel_Rails", "fr"], ["Alice-Wonderland", "fr"], ["BenTheEnthusiast", "en"],
  ["Jade_Tornade", "fr"], ["Raphael_Rapides", "fr"], ["NoraNights", "en"], ["Mathis_Mack", "fr"],
  ["Eva_Evasion", "fr"], ["Samuel_Speed", "en"], ["Lina-Lagon", "fr"], ["OscarOnRide", "en"],
];

export function demoUsers(): DemoUser[] {
  return [
    ...named,
    ...others.map(([username, language], index) => ({
      username: username.replace(/[^A-Za-z0-9_-]/g, ""),
      email: `${username.toLowerCase().replace(/[^a-z0-9]/g, "")}@demo.parcours.local`,
      language,
      parksToRate: 2 + ((index * 7) % 12),
    })),
  ];
}
