/**
 * Search folding, shared by the query and the database's generated
 * search_name columns (schema.ts builds its SQL from these tables), so both
 * sides fold alike: lower case, ligatures spelled out, accents removed.
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_LIMIT_PER_KIND = 5;

/** What /api/search answers. */
export type SearchSuggestions = {
  parks: Array<{ id: string; name: string; slug: string; region: string; country: string }>;
  attractions: Array<{ id: string; name: string; slug: string; parkName: string; parkSlug: string }>;
};

export const LIGATURES: ReadonlyArray<readonly [string, string]> = [
  ["œ", "oe"],
  ["Œ", "OE"],
  ["æ", "ae"],
  ["Æ", "AE"],
  ["ß", "ss"],
];
export const ACCENTED = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŠšŽžĀāĒēĪīŌōŪūŁłŃńŚśŹźŻżĆćĘęĄą";
export const UNACCENTED = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyySsZzAaEeIiOoUuLlNnSsZzZzCcEeAa";

const folding = new Map([...ACCENTED].map((letter, index) => [letter, UNACCENTED[index]!]));

export function searchKey(text: string): string {
  let folded = text.trim().replace(/\s+/g, " ");
  for (const [ligature, spelled] of LIGATURES) folded = folded.split(ligature).join(spelled);
  return [...folded].map((letter) => folding.get(letter) ?? letter).join("").toLowerCase();
}
