/**
 * The reference list of ride manufacturers (decision 0052), in the order of their ids: migration 0023
 * seeds the `manufacturers` table with these rows (id = position + 1), as migration 0001 does the
 * attraction types, and tests/integration/manufacturers.test.ts holds the two equal. The forms offer
 * it as a select, so that a ride's maker is one of the list; pages and the API read the table.
 * A maker joins the list at its end, with a migration that inserts its row.
 */
export const RIDE_MANUFACTURERS = [
  { slug: "abc-rides", name: "ABC Rides", countryCode: "CH" },
  { slug: "alterface", name: "Alterface", countryCode: "BE" },
  { slug: "arrow-dynamics", name: "Arrow Dynamics", countryCode: "US" },
  { slug: "art-engineering", name: "ART Engineering", countryCode: "DE" },
  { slug: "bertazzon", name: "Bertazzon", countryCode: "IT" },
  { slug: "bolliger-mabillard", name: "Bolliger & Mabillard", countryCode: "CH" },
  { slug: "caripro", name: "Caripro", countryCode: "NL" },
  { slug: "chance-rides", name: "Chance Rides", countryCode: "US" },
  { slug: "custom-coasters-international", name: "Custom Coasters International", countryCode: "US" },
  { slug: "dynamic-attractions", name: "Dynamic Attractions", countryCode: "CA" },
  { slug: "ef-miler-industries", name: "E&F Miler Industries", countryCode: "US" },
  { slug: "etf-ride-systems", name: "ETF Ride Systems", countryCode: "NL" },
  { slug: "fabbri", name: "Fabbri", countryCode: "IT" },
  { slug: "funtime", name: "Funtime", countryCode: "AT" },
  { slug: "gerstlauer", name: "Gerstlauer", countryCode: "DE" },
  { slug: "giovanola", name: "Giovanola", countryCode: "CH" },
  { slug: "golden-horse", name: "Golden Horse", countryCode: "CN" },
  { slug: "great-coasters-international", name: "Great Coasters International", countryCode: "US" },
  { slug: "hafema", name: "Hafema", countryCode: "DE" },
  { slug: "hopkins-rides", name: "Hopkins Rides", countryCode: "US" },
  { slug: "huss-rides", name: "Huss Rides", countryCode: "DE" },
  { slug: "intamin", name: "Intamin", countryCode: "LI" },
  { slug: "interlink", name: "Interlink", countryCode: "GB" },
  { slug: "kmg", name: "KMG", countryCode: "NL" },
  { slug: "mack-rides", name: "Mack Rides", countryCode: "DE" },
  { slug: "maurer-rides", name: "Maurer Rides", countryCode: "DE" },
  { slug: "metallbau-emmeln", name: "Metallbau Emmeln", countryCode: "DE" },
  { slug: "mondial", name: "Mondial", countryCode: "NL" },
  { slug: "oceaneering", name: "Oceaneering", countryCode: "US" },
  { slug: "philadelphia-toboggan-coasters", name: "Philadelphia Toboggan Coasters", countryCode: "US" },
  { slug: "pinfari", name: "Pinfari", countryCode: "IT" },
  { slug: "premier-rides", name: "Premier Rides", countryCode: "US" },
  { slug: "preston-barbieri", name: "Preston & Barbieri", countryCode: "IT" },
  { slug: "reverchon", name: "Reverchon", countryCode: "FR" },
  { slug: "rocky-mountain-construction", name: "Rocky Mountain Construction", countryCode: "US" },
  { slug: "roller-coaster-corporation-of-america", name: "Roller Coaster Corporation of America", countryCode: "US" },
  { slug: "ss-worldwide", name: "S&S Worldwide", countryCode: "US" },
  { slug: "sally-dark-rides", name: "Sally Dark Rides", countryCode: "US" },
  { slug: "sbf-visa-group", name: "SBF Visa Group", countryCode: "IT" },
  { slug: "schwarzkopf", name: "Schwarzkopf", countryCode: "DE" },
  { slug: "senyo-kogyo", name: "Senyo Kogyo", countryCode: "JP" },
  { slug: "skyline-attractions", name: "Skyline Attractions", countryCode: "US" },
  { slug: "sunkid", name: "Sunkid", countryCode: "AT" },
  { slug: "the-gravity-group", name: "The Gravity Group", countryCode: "US" },
  { slug: "togo", name: "Togo", countryCode: "JP" },
  { slug: "triotech", name: "Triotech", countryCode: "CA" },
  { slug: "vekoma", name: "Vekoma", countryCode: "NL" },
  { slug: "whitewater-west", name: "Whitewater West", countryCode: "CA" },
  { slug: "wiegand", name: "Wiegand", countryCode: "DE" },
  { slug: "zamperla", name: "Zamperla", countryCode: "IT" },
  { slug: "zierer", name: "Zierer", countryCode: "DE" },
] as const;

export type ManufacturerSlug = (typeof RIDE_MANUFACTURERS)[number]["slug"];

export const MANUFACTURER_SLUGS: readonly ManufacturerSlug[] = RIDE_MANUFACTURERS.map((maker) => maker.slug);

/** The stored id of a maker of the list. */
export function manufacturerIdOf(slug: ManufacturerSlug): number {
  return MANUFACTURER_SLUGS.indexOf(slug) + 1;
}

/** The slug of a stored id, null for none (or for an id the list does not hold). */
export function manufacturerSlugOf(id: number | null): ManufacturerSlug | null {
  return id === null ? null : (MANUFACTURER_SLUGS[id - 1] ?? null);
}

/** A maker's name, for a value of the forms. */
export function manufacturerNameOf(slug: string): string | null {
  return RIDE_MANUFACTURERS.find((maker) => maker.slug === slug)?.name ?? null;
}
