import { PARK_NAME_MAX, openingYearRule } from "./contribution-limits";
import { storedDescriptions, type Described } from "./descriptions";
import { FormReader, maxLength, optionalText, required, type FormCheck, type FormValues, type NumberRule } from "./form-values";

/**
 * The "Ajouter un parc" form (public site §5), read the same way by the
 * browser (instant messages) and by the server (the authority).
 */
export type ParkField =
  | "name"
  | "region"
  | "country"
  | "descriptionFr"
  | "descriptionEn"
  | "openingYear"
  | "adultPrice"
  | "childPrice"
  | "openingHours"
  | "image"
  | "form";

const PLACE_MAX = 80;
export const DESCRIPTION_MAX = 5000;
const OPENING_HOURS_MAX = 200;

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

export function checkParkForm(values: FormValues, currentYear: number): FormCheck<ParkField, ParkDraft> {
  const form = new FormReader<ParkField>(values);
  const name = form.text("name", [required("contribute.errors.parkNameRequired"), maxLength(PARK_NAME_MAX)]);
  const region = form.text("region", [required("contribute.errors.regionRequired"), maxLength(PLACE_MAX)]);
  const country = form.text("country", [required("contribute.errors.countryRequired"), maxLength(PLACE_MAX)]);

  const french = optionalText(form.text("descriptionFr", [maxLength(DESCRIPTION_MAX)]));
  const english = optionalText(form.text("descriptionEn", [maxLength(DESCRIPTION_MAX)]));
  if (!french && !english) form.add("descriptionFr", { key: "contribute.errors.descriptionRequired" });

  const openingYear = form.number("openingYear", openingYearRule(currentYear));
  const adultPrice = form.number("adultPrice", PRICE_RULE);
  const childPrice = form.number("childPrice", PRICE_RULE);
  const openingHours = optionalText(form.text("openingHours", [maxLength(OPENING_HOURS_MAX)]));

  return form.result({ name, region, country, openingYear, adultPrice, childPrice, openingHours, ...storedDescriptions(french, english) });
}
