/**
 * A LIKE pattern that finds `text` anywhere in a lower-cased column: the
 * searched text is lower-cased and its wildcards escaped (LIKE's default
 * escape character is the backslash), so "50%" searches for "50%".
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
