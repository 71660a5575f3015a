import { storedDescriptions, type Described } from "./descriptions";
import { MessageCollector, openingYearRule, optionalText, type FieldMessages, type NumberRule } from "./form-values";

/**
 * The "Ajouter un parc" form (public site §5), read the same way by the
 * browser (instant messages) and by the server (the authority).
 */
export const PARK_FIELDS = [
  "name",
  "region",
  "country",
  "descriptionFr",
  "descriptionEn",
  "openingYear",
  "adultPrice",
  "childPrice",
  "openingHours",
] as const;
export type ParkField = (typeof PARK_FIELDS)[number] | "image" | "form";

/** The live duplicate-name check starts at this many characters. */
export const DUPLICATE_CHECK_MIN_LENGTH = 3;
export const PARK_NAME_MAX = 120;
export const PLACE_MAX = 80;
export const DESCRIPTION_MAX = 5000;
export const OPENING_HOURS_MAX = 200;

const PRICE_RULE: NumberRule = {
  min: 0.01,
  max: 10_000,
  decimals: 2,
  messages: { below: { key: "contribute.errors.priceAboveZero" } },
};

export type ParkDraft = Described & {
  name: string;
  region: string;
  country: string;
  openingYear: number | null;
  adultPrice: number | null;
  childPrice: number | null;
  openingHours: string | null;
};

export function readParkForm(
  values: Record<ParkField, string> | Record<string, string>,
  currentYear: number,
): { ok: true; draft: ParkDraft } | { ok: false; errors: FieldMessages<ParkField> } {
  const get = (field: ParkField) => values[field] ?? "";
  const found = new MessageCollector<ParkField>();
  const required = (field: "name" | "region" | "country", max: number, key: string) => {
    const text = get(field).trim();
    if (!text) found.add(field, { key });
    else if (text.length > max) found.add(field, { key: "contribute.errors.tooLong", values: { max } });
    return text;
  };
  const name = required("name", PARK_NAME_MAX, "contribute.errors.parkNameRequired");
  const region = required("region", PLACE_MAX, "contribute.errors.regionRequired");
  const country = required("country", PLACE_MAX, "contribute.errors.countryRequired");

  const french = optionalText(get("descriptionFr"));
  const english = optionalText(get("descriptionEn"));
  if (!french && !english) found.add("descriptionFr", { key: "contribute.errors.descriptionRequired" });
  for (const [field, text] of [["descriptionFr", french], ["descriptionEn", english]] as const) {
    if (text && text.length > DESCRIPTION_MAX) found.add(field, { key: "contribute.errors.tooLong", values: { max: DESCRIPTION_MAX } });
  }

  const openingYear = found.number("openingYear", get("openingYear"), openingYearRule(currentYear));
  const adultPrice = found.number("adultPrice", get("adultPrice"), PRICE_RULE);
  const childPrice = found.number("childPrice", get("childPrice"), PRICE_RULE);
  const openingHours = optionalText(get("openingHours"));
  if (openingHours && openingHours.length > OPENING_HOURS_MAX) {
    found.add("openingHours", { key: "contribute.errors.tooLong", values: { max: OPENING_HOURS_MAX } });
  }

  if (!found.empty) return { ok: false, errors: found.messages };
  return {
    ok: true,
    draft: { name, region, country, openingYear, adultPrice, childPrice, openingHours, ...storedDescriptions(french, english) },
  };
}
