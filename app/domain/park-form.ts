import { PARK_NAME_MAX, openingYearRule } from "./contribution-limits";
import { storedDescriptions, type Described } from "./descriptions";
import { FormReader, maxLength, optionalText, required, type FormCheck, type FormValues, type NumberRule } from "./form-values";
import { readParkLocation, type ParkLocation } from "./park-location";

/**
 * The "Ajouter un parc" form (docs/rules/catalogue.md#park-form-rules), read the same way by the
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
  | "latitude"
  | "longitude"
  | "image"
  | "form";

export const DESCRIPTION_MAX = 5000;
/** The longest region or country name, and opening hours text (the edit suggestion shares them). */
export const PARK_TEXT_LIMITS = { place: 80, openingHours: 200 } as const;

export const PARK_PRICE_RULE: NumberRule = {
  min: 0.01,
  max: 10_000,
  decimals: 2,
  messages: { below: { key: "contribute.errors.priceAboveZero" } },
};

export type ParkDraft = Described & ParkLocation & {
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
  const region = form.text("region", [required("contribute.errors.regionRequired"), maxLength(PARK_TEXT_LIMITS.place)]);
  const country = form.text("country", [required("contribute.errors.countryRequired"), maxLength(PARK_TEXT_LIMITS.place)]);

  const french = optionalText(form.text("descriptionFr", [maxLength(DESCRIPTION_MAX)]));
  const english = optionalText(form.text("descriptionEn", [maxLength(DESCRIPTION_MAX)]));
  if (!french && !english) form.add("descriptionFr", { key: "contribute.errors.descriptionRequired" });

  const openingYear = form.number("openingYear", openingYearRule(currentYear));
  const adultPrice = form.number("adultPrice", PARK_PRICE_RULE);
  const childPrice = form.number("childPrice", PARK_PRICE_RULE);
  const openingHours = optionalText(form.text("openingHours", [maxLength(PARK_TEXT_LIMITS.openingHours)]));
  // Null only with a message, which makes the result a refusal: the pair then is never read.
  const location = readParkLocation(form, values) ?? { latitude: null, longitude: null };

  return form.result({ name, region, country, openingYear, adultPrice, childPrice, openingHours, ...location, ...storedDescriptions(french, english) });
}
