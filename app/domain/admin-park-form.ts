import { PARK_NAME_MAX, openingYearRule } from "./contribution-limits";
import type { Described } from "./descriptions";
import { FormReader, maxLength, optionalText, required, type FormCheck, type FormValues, type NumberRule } from "./form-values";
import { DESCRIPTION_MAX } from "./park-form";

/**
 * The back office's park edit form (community §5 "Admin park edit"), read the
 * same way by the browser (instant messages) and by the server (the
 * authority). The duplicate-name check needs the database: the server runs
 * it, the browser asks /api/park-name while the name is typed.
 */
export type AdminParkField =
  | "name"
  | "region"
  | "country"
  | "descriptionFr"
  | "descriptionEn"
  | "openingYear"
  | "adultPrice"
  | "childPrice"
  | "openingHours";

const PLACE_MAX = 80;
const OPENING_HOURS_MAX = 200;

const PRICE_RULE: NumberRule = {
  min: 0.01,
  max: 10_000,
  decimals: 2,
  messages: { below: { key: "contribute.errors.priceAboveZero" } },
};

export type AdminParkDraft = Described & {
  name: string;
  region: string;
  country: string;
  openingYear: number | null;
  adultPrice: number | null;
  childPrice: number | null;
  openingHours: string | null;
};

export function checkAdminParkForm(values: FormValues, currentYear: number): FormCheck<AdminParkField, AdminParkDraft> {
  const form = new FormReader<AdminParkField>(values);
  const name = form.text("name", [required("contribute.errors.parkNameRequired"), maxLength(PARK_NAME_MAX)]);
  const region = form.text("region", [required("contribute.errors.regionRequired"), maxLength(PLACE_MAX)]);
  const country = form.text("country", [required("contribute.errors.countryRequired"), maxLength(PLACE_MAX)]);

  const descriptionFr = optionalText(form.text("descriptionFr", [maxLength(DESCRIPTION_MAX)]));
  const descriptionEn = optionalText(form.text("descriptionEn", [maxLength(DESCRIPTION_MAX)]));
  if (!descriptionFr && !descriptionEn) form.add("descriptionFr", { key: "contribute.errors.descriptionRequired" });

  const openingYear = form.number("openingYear", openingYearRule(currentYear));
  const adultPrice = form.number("adultPrice", PRICE_RULE);
  const childPrice = form.number("childPrice", PRICE_RULE);
  const openingHours = optionalText(form.text("openingHours", [maxLength(OPENING_HOURS_MAX)]));

  // The plain description is the French text, else the English one (community §5); each language keeps its own.
  const description = descriptionFr ?? descriptionEn;
  return form.result({ name, region, country, openingYear, adultPrice, childPrice, openingHours, description, descriptionFr, descriptionEn });
}

/** The duplicate-name check runs once the name has this many characters and differs from the park's own (community §5). */
export function nameNeedsDuplicateCheck(name: string, currentName: string, minLength: number): boolean {
  const trimmed = name.trim();
  return trimmed.length >= minLength && trimmed.toLowerCase() !== currentName.trim().toLowerCase();
}
