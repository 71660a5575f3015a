import { ATTRACTION_TYPES, type AttractionTypeName } from "./attraction-types";
import { openingYearRule } from "./contribution-limits";
import { storedDescriptions, type Described } from "./descriptions";
import { FormReader, maxLength, optionalText, required, type FormCheck, type FormValues, type NumberRule } from "./form-values";
import { DESCRIPTION_MAX } from "./park-form";
import { readVideoId } from "./video-id";

/**
 * The add-attraction form (docs/rules/catalogue.md#ride-form-rules), read the same way
 * by the browser and by the server. Minimums are the product's; maximums are ours,
 * generous bounds that keep typing slips (and database overflows) out.
 */
export const ATTRACTION_NAME_MAX = 120;

const whole = (min: number, max: number): NumberRule => ({ min, max, decimals: 0 });
const tenths = (min: number, max: number): NumberRule => ({ min, max, decimals: 1 });

export const ATTRACTION_NUMBER_RULES = {
  minHeightAlone: whole(0, 250),
  minHeightForbidden: whole(0, 250),
  duration: whole(1, 36_000),
  capacityPerHour: whole(1, 100_000),
  trackLength: whole(0, 100_000),
  height: tenths(0, 1_000),
  inversions: whole(0, 100),
  maxSpeed: tenths(0, 500),
} as const satisfies Record<string, NumberRule>;

type NumberField = keyof typeof ATTRACTION_NUMBER_RULES;

export type AttractionField = "name" | "type" | "descriptionFr" | "descriptionEn" | NumberField | "openingYear" | "videoId" | "image" | "form";

export type AttractionDraft = Described &
  Record<NumberField, number | null> & {
    name: string;
    type: AttractionTypeName;
    openingYear: number | null;
    videoId: string | null;
  };

export function checkAttractionForm(values: FormValues, currentYear: number): FormCheck<AttractionField, AttractionDraft> {
  const form = new FormReader<AttractionField>(values);
  const name = form.text("name", [required("contribute.errors.attractionNameRequired"), maxLength(ATTRACTION_NAME_MAX)]);
  const type = form.oneOf("type", ATTRACTION_TYPES, "contribute.errors.typeRequired");
  const french = optionalText(form.text("descriptionFr", [maxLength(DESCRIPTION_MAX)]));
  const english = optionalText(form.text("descriptionEn", [maxLength(DESCRIPTION_MAX)]));
  const numbers = Object.fromEntries(
    (Object.entries(ATTRACTION_NUMBER_RULES) as Array<[NumberField, NumberRule]>).map(([field, rule]) => [field, form.number(field, rule)]),
  ) as Record<NumberField, number | null>;
  const openingYear = form.number("openingYear", openingYearRule(currentYear));
  const videoId = readVideoId(values.videoId ?? "");
  if (videoId === undefined) form.add("videoId", { key: "contribute.errors.videoId" });

  return form.result({
    name,
    // A type outside the list is refused above: the draft is only read when every rule held.
    type: type as AttractionTypeName,
    ...numbers,
    openingYear,
    videoId: videoId ?? null,
    ...storedDescriptions(french, english),
  });
}
