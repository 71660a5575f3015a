import type { Language } from "~/domain/languages";
import type { Messages } from "./locales/fr";
import type { MessageTree } from "./message-tree";

/** A plural family's base key: "ratingsCount" for "ratingsCount_one" and "ratingsCount_other". */
export type PluralBase<K extends string> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : K;

/** Every message's dotted key, plural suffixes folded into the base key: the type of `t`'s first argument. */
type KeysOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${PluralBase<K>}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every message key of the catalogue: the type of `t`'s first argument, and of
 * every key a domain rule or a service hands back (refusals, outcomes, field
 * errors), so that a mistyped key fails the type check where it is written.
 */
export type MessageKey = KeysOf<Messages>;

type TranslationValues = Record<string, string | number | undefined>;

export type TFunction = (key: MessageKey, values?: TranslationValues) => string;

/** A missing key is logged as an error, which the e2e tests' console watch turns into a failure. */
function reportMissing(key: string) {
  console.error(`Missing message ${key}`);
}

// A translator is made for each page render; the rules it selects plurals by are built once per language, as the
// formatters are (app/domain/format.ts says why).
const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};

/**
 * The product's whole translation need (decision 0011): a dotted key looked up
 * in one language's messages, `{{name}}` filled from the values, and with a
 * numeric `count` the key's plural form for the language (`_one`, `_other`…,
 * from Intl.PluralRules). A missing key reads as itself, as i18next did, and
 * is told to `onMissing`: a page's messages are those its routes sent
 * (decision 0057), so a key none of them sent is a bug.
 */
export function createTranslator(language: Language, messages: MessageTree, onMissing = reportMissing): TFunction {
  const plurals = (pluralRules[language] ??= new Intl.PluralRules(language));
  const lookup = (key: string): string | undefined => {
    let node: string | MessageTree | undefined = messages as MessageTree;
    for (const part of key.split(".")) {
      if (typeof node !== "object") return undefined;
      node = node[part];
    }
    return typeof node === "string" ? node : undefined;
  };
  return (key, values) => {
    const count = values?.count;
    const found = (typeof count === "number" ? (lookup(`${key}_${plurals.select(count)}`) ?? lookup(`${key}_other`)) : undefined) ?? lookup(key);
    if (found === undefined) onMissing(key);
    const text = found ?? key;
    if (!values) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => (values[name] === undefined ? placeholder : String(values[name])));
  };
}
