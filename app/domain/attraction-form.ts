import { ATTRACTION_TYPES, type AttractionTypeName } from "./attraction-types";
import { storedDescriptions, type Described } from "./descriptions";
import { MessageCollector, openingYearRule, optionalText, type FieldMessages, type NumberRule } from "./form-values";
import { DESCRIPTION_MAX } from "./park-form";
import { readVideoId } from "./video-id";

/**
 * The add-attraction form (public site §5 and community §5), read the same way
 * by the browser and by the server. Minimums are the spec's; maximums are ours,
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

export const ATTRACTION_FIELDS = [
  "name",
  "type",
  "descriptionFr",
  "descriptionEn",
  ...(Object.keys(ATTRACTION_NUMBER_RULES) as NumberField[]),
  "openingYear",
  "videoId",
] as const;
export type AttractionField = (typeof ATTRACTION_FIELDS)[number] | "image" | "form";

export type AttractionDraft = Described &
  Record<NumberField, number | null> & {
    name: string;
    type: AttractionTypeName;
    openingYear: number | null;
    videoId: string | null;
  };

export function readAttractionForm(
  values: Record<string, string>,
  currentYear: number,
): { ok: true; draft: AttractionDraft } | { ok: false; errors: FieldMessages<AttractionField> } {
  const get = (field: AttractionField) => values[field] ?? "";
  const found = new MessageCollector<AttractionField>();

  const name = get("name").trim();
  if (!name) found.add("name", { key: "contribute.errors.attractionNameRequired" });
  else if (name.length > ATTRACTION_NAME_MAX) found.add("name", { key: "contribute.errors.tooLong", values: { max: ATTRACTION_NAME_MAX } });

  const type = get("type");
  if (!(ATTRACTION_TYPES as readonly string[]).includes(type)) found.add("type", { key: "contribute.errors.typeRequired" });

  const french = optionalText(get("descriptionFr"));
  const english = optionalText(get("descriptionEn"));
  for (const [field, text] of [["descriptionFr", french], ["descriptionEn", english]] as const) {
    if (text && text.length > DESCRIPTION_MAX) found.add(field, { key: "contribute.errors.tooLong", values: { max: DESCRIPTION_MAX } });
  }

  const numbers = Object.fromEntries(
    (Object.entries(ATTRACTION_NUMBER_RULES) as Array<[NumberField, NumberRule]>).map(([field, rule]) => [
      field,
      found.number(field, get(field), rule),
    ]),
  ) as Record<NumberField, number | null>;
  const openingYear = found.number("openingYear", get("openingYear"), openingYearRule(currentYear));

  const videoId = readVideoId(get("videoId"));
  if (videoId === undefined) found.add("videoId", { key: "contribute.errors.videoId" });

  if (!found.empty) return { ok: false, errors: found.messages };
  return {
    ok: true,
    draft: {
      name,
      type: type as AttractionTypeName,
      ...numbers,
      openingYear,
      videoId: videoId ?? null,
      ...storedDescriptions(french, english),
    },
  };
}
