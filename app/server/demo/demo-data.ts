import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { RIDE_TYPES } from "~/domain/ride-types";
import { RIDE_MODEL_MAX_LENGTH } from "~/domain/ride-manufacturers";
import { PARK_TEXT_NEEDS } from "./review-texts";
import { RIDE_FEATURES, RIDE_INTENSITIES } from "./ride-intensity";

/**
 * The demo catalogue: real parks and rides with figures as best known
 * (indicative), in data/parks-*.json, validated here so that a typo in the
 * data fails loudly instead of loading half a park.
 */
const nullableNumber = z.number().nonnegative().nullable();
const nullableInteger = z.number().int().nonnegative().nullable();
const year = z.number().int().min(1800).max(new Date().getFullYear()).nullable();

const demoRideSchema = z.strictObject({
  name: z.string().min(1),
  type: z.enum(RIDE_TYPES),
  /** The maker's slug in the reference list (migration's manufacturers rows); absent where not known. */
  manufacturer: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).optional(),
  model: z.string().min(1).max(RIDE_MODEL_MAX_LENGTH).optional(),
  status: z.enum(["operating", "removed"]),
  opening_year: year,
  height: nullableNumber,
  max_speed: nullableNumber,
  track_length: nullableInteger,
  inversions: nullableInteger,
  duration: z.number().int().min(1).nullable(),
  min_height_alone: nullableInteger,
  min_height_forbidden: nullableInteger,
  capacity_per_hour: z.number().int().min(1).nullable(),
  description_fr: z.string().min(1),
  description_en: z.string().min(1),
  /** Set where the figures cannot tell (a drop tower or a Ferris wheel without its height): see ride-intensity.ts. */
  intensity: z.enum(RIDE_INTENSITIES).optional(),
});

const demoParkSchema = z.strictObject({
  name: z.string().min(1),
  region: z.string().min(1),
  country: z.string().min(1),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  opening_year: year,
  adult_price: z.number().positive().nullable(),
  child_price: z.number().positive().nullable(),
  opening_hours: z.string().min(1).nullable(),
  description_fr: z.string().min(1),
  description_en: z.string().min(1),
  attractions: z.array(demoRideSchema).min(1),
});

/**
 * Review texts, each in both languages (the same review, translated), with
 * what the text needs of what it reviews: see review-texts.ts.
 */
const bilingualText = { fr: z.string().min(1), en: z.string().min(1) };
const parkTextSchema = z.strictObject({ ...bilingualText, needs: z.enum(PARK_TEXT_NEEDS).optional() });
const rideTextSchema = z.strictObject({
  ...bilingualText,
  types: z.array(z.enum(RIDE_TYPES)).min(1).optional(),
  intensities: z.array(z.enum(RIDE_INTENSITIES)).min(1).optional(),
  feature: z.enum(RIDE_FEATURES).optional(),
});
const reviewCommentsSchema = z.strictObject({ park: z.array(parkTextSchema).min(1), attraction: z.array(rideTextSchema).min(1) });

export type DemoPark = z.infer<typeof demoParkSchema>;
export type DemoRide = z.infer<typeof demoRideSchema>;
export type ReviewComments = z.infer<typeof reviewCommentsSchema>;
export type ParkText = z.infer<typeof parkTextSchema>;
export type RideText = z.infer<typeof rideTextSchema>;

const DATA_DIR = path.join(import.meta.dirname, "data");

export function readDemoParks(): DemoPark[] {
  const files = readdirSync(DATA_DIR)
    .filter((file) => /^parks-.*\.json$/.test(file))
    .sort();
  return files.flatMap((file) => {
    const parsed = z.array(demoParkSchema).safeParse(JSON.parse(readFileSync(path.join(DATA_DIR, file), "utf8")));
    if (!parsed.success) throw new Error(`Invalid demo data in ${file}: ${parsed.error.message}`);
    return parsed.data;
  });
}

export function readReviewComments(): ReviewComments {
  return reviewCommentsSchema.parse(JSON.parse(readFileSync(path.join(DATA_DIR, "review-comments.json"), "utf8")));
}
