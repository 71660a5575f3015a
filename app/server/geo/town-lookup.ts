import type { GeoPoint } from "~/domain/distance";
import { loadTownIndex, townKey, type TownIndex } from "./town-index";
import { LruCache } from "../lru-cache";

/** A typed town resolved: its GeoNames name, country (ISO 3166 code) and position. */
export type TownMatch = GeoPoint & { name: string; countryCode: string };

/**
 * GeoNames names many big towns in their own language ("Göteborg", "Köln", "Antwerpen") and others in English
 * ("Copenhagen", "Brussels"); these are the French, English and local names visitors type for the towns
 * around our parks that the file does not carry. Search key → [GeoNames name, country].
 */
const TOWN_ALIASES: Record<string, [string, string]> = {
  gothenburg: ["Göteborg", "SE"],
  goteborg: ["Göteborg", "SE"],
  cologne: ["Köln", "DE"],
  munchen: ["Munich", "DE"],
  hambourg: ["Hamburg", "DE"],
  francfort: ["Frankfurt am Main", "DE"],
  frankfurt: ["Frankfurt am Main", "DE"],
  nuremberg: ["Nürnberg", "DE"],
  "aix la chapelle": ["Aachen", "DE"],
  bruxelles: ["Brussels", "BE"],
  brussel: ["Brussels", "BE"],
  anvers: ["Antwerpen", "BE"],
  antwerp: ["Antwerpen", "BE"],
  gand: ["Gent", "BE"],
  ghent: ["Gent", "BE"],
  bruges: ["Brugge", "BE"],
  "la haye": ["The Hague", "NL"],
  "den haag": ["The Hague", "NL"],
  copenhague: ["Copenhagen", "DK"],
  kobenhavn: ["Copenhagen", "DK"],
  londres: ["London", "GB"],
  edimbourg: ["Edinburgh", "GB"],
  barcelone: ["Barcelona", "ES"],
  seville: ["Sevilla", "ES"],
  lisbonne: ["Lisbon", "PT"],
  lisboa: ["Lisbon", "PT"],
  roma: ["Rome", "IT"],
  milano: ["Milan", "IT"],
  napoli: ["Naples", "IT"],
  firenze: ["Florence", "IT"],
  venise: ["Venice", "IT"],
  venezia: ["Venice", "IT"],
  torino: ["Turin", "IT"],
  genova: ["Genoa", "IT"],
  genes: ["Genoa", "IT"],
  varsovie: ["Warsaw", "PL"],
  warszawa: ["Warsaw", "PL"],
  cracovie: ["Kraków", "PL"],
  praha: ["Prague", "CZ"],
  wien: ["Vienna", "AT"],
  geneva: ["Genève", "CH"],
  bale: ["Basel", "CH"],
};

let index: Promise<TownIndex> | null = null;

/** Loaded on the first lookup only: a server whose visitors never type a town never reads the file. */
function townIndex(): Promise<TownIndex> {
  index ??= loadTownIndex().catch((error: unknown) => {
    index = null;
    throw error;
  });
  return index;
}

/** First position whose key is ≥ `key` (the index is sorted by key). */
function lowerBound(towns: TownIndex, key: string): number {
  let low = 0;
  let high = towns.size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (towns.key(middle) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

function positionsWhere(towns: TownIndex, from: string, keep: (key: string) => boolean): number[] {
  const found: number[] = [];
  for (let at = lowerBound(towns, from); at < towns.size && keep(towns.key(at)); at++) found.push(at);
  return found;
}

const countryCodes = new Map<string, string>();

/** The ISO code of a country filter's name, in French or English ("Suède", "Sweden" → "SE"), for tie-breaking. */
function countryCodeOf(countryName: string | null): string | null {
  if (!countryName) return null;
  if (countryCodes.size === 0) {
    const names = ["fr", "en"].map((language) => new Intl.DisplayNames([language], { type: "region" }));
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        for (const display of names) {
          const name = display.of(code);
          if (name && name !== code) countryCodes.set(townKey(name), code);
        }
      }
    }
  }
  return countryCodes.get(townKey(countryName)) ?? null;
}

/** The last 500 texts looked up, found or not (null). */
const cache = new LruCache<TownMatch | null>(500);

/**
 * The town a visitor typed: an exact match of the name (case, accents and hyphens aside) or of a known other
 * name, else the towns whose name starts with the text as whole words ("Frankfurt" → "Frankfurt am Main");
 * among them the one in the country filter's country, then the most populous. Null when nothing matches.
 */
export async function lookupTown(text: string, countryName: string | null): Promise<TownMatch | null> {
  const key = townKey(text);
  if (key.length < 2) return null;
  const hint = countryCodeOf(countryName);
  const cacheKey = `${key}|${hint ?? ""}`;
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  const towns = await townIndex();
  let candidates = positionsWhere(towns, key, (found) => found === key);
  const alias = TOWN_ALIASES[key];
  if (alias) {
    const [name, country] = alias;
    const aliasKey = townKey(name);
    candidates.push(
      ...positionsWhere(towns, aliasKey, (found) => found === aliasKey).filter((at) => towns.countryCode(at) === country),
    );
  }
  if (candidates.length === 0) candidates = positionsWhere(towns, `${key} `, (found) => found.startsWith(`${key} `));
  const rank = (at: number) => [towns.countryCode(at) === hint ? 1 : 0, towns.population(at)] as const;
  const best = candidates.reduce<number | null>((chosen, at) => {
    if (chosen === null) return at;
    const [hinted, population] = rank(at);
    const [chosenHinted, chosenPopulation] = rank(chosen);
    return hinted > chosenHinted || (hinted === chosenHinted && population > chosenPopulation) ? at : chosen;
  }, null);
  const match =
    best === null
      ? null
      : { name: towns.name(best), countryCode: towns.countryCode(best), latitude: towns.latitude(best), longitude: towns.longitude(best) };
  cache.set(cacheKey, match);
  return match;
}
