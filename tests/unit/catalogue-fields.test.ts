import { describe, expect, it } from "vitest";
import { fieldsOf, type CatalogueField } from "~/domain/catalogue-field";
import { readFields, readSuggestedFields } from "~/domain/catalogue-field-checks";
import { FormReader } from "~/domain/form-values";
import { PARK_ADMIN_EDIT_FIELDS, PARK_FIELDS } from "~/domain/park-fields";
import { RIDE_ADMIN_EDIT_FIELDS, RIDE_FIELDS, RIDE_NUMBER_RULES } from "~/domain/ride-fields";
import { RIDE_SUGGESTION_FIELDS, PARK_SUGGESTION_FIELDS } from "~/domain/suggested-changes";
import { suggestionFieldLabel } from "~/domain/suggestion-labels";

/** A declaration with one field of each kind the readers check, as a new field would be declared. */
const FIELDS = {
  label: { kind: "text", max: 5, required: "contribute.errors.parkNameRequired", label: "contribute.name", forms: ["contribution", "suggestion"] },
  note: { kind: "text", max: 5, label: "contribute.openingHours", forms: ["contribution", "suggestion", "adminEdit"] },
  seats: { kind: "number", rule: { min: 1, max: 40, decimals: 0 }, label: "contribute.attraction.capacityPerHour", forms: ["contribution", "suggestion"] },
  since: { kind: "year", label: "contribute.openingYear", forms: ["adminEdit"] },
  colour: { kind: "choice", choices: ["red", "blue"], message: "contribute.errors.typeRequired", label: "contribute.attraction.type", forms: ["contribution"] },
  clip: { kind: "video", message: "contribute.errors.videoId", label: "contribute.attraction.videoId", forms: ["contribution", "suggestion"] },
  picture: { kind: "image", label: "contribute.image", forms: ["suggestion"] },
} as const satisfies Record<string, CatalogueField>;

const keysOf = (errors: Partial<Record<string, Array<{ key: string }>>>) => Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages!.map((m) => m.key)]));

describe("a field declared once (decision 0051)", () => {
  it("lists each form's fields in their declared order", () => {
    expect(fieldsOf(FIELDS, "contribution")).toEqual(["label", "note", "seats", "colour", "clip"]);
    expect(fieldsOf(FIELDS, "suggestion")).toEqual(["label", "note", "seats", "clip", "picture"]);
    expect(fieldsOf(FIELDS, "adminEdit")).toEqual(["note", "since"]);
  });

  it("reads a creation form's fields by their kind, and leaves the image to its upload", () => {
    const values = { label: " Abc ", note: "  ", seats: "12", colour: "blue", clip: "https://youtu.be/dQw4w9WgXcQ" };
    const form = new FormReader<string>(values);
    const read = readFields(form, values, FIELDS, fieldsOf(FIELDS, "contribution"), 2026);
    expect(form.result(read)).toEqual({ ok: true, data: { label: "Abc", note: null, seats: 12, colour: "blue", clip: "dQw4w9WgXcQ" } });
  });

  it("gives each field its declared messages", () => {
    const values = { label: "", note: "toolong", seats: "41", colour: "green", clip: "not a video", since: "1700" };
    const form = new FormReader<string>(values);
    readFields(form, values, FIELDS, ["label", "note", "seats", "colour", "clip", "since"], 2026);
    const result = form.result(null);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(keysOf(result.errors)).toEqual({
      label: ["contribute.errors.parkNameRequired"],
      note: ["contribute.errors.tooLong"],
      seats: ["contribute.errors.atMost"],
      colour: ["contribute.errors.typeRequired"],
      clip: ["contribute.errors.videoId"],
      since: ["contribute.errors.openingYear"],
    });
  });

  it("reads a suggestion's fields: what the form does not hold is skipped, an empty number as the kind of target says", () => {
    const names = fieldsOf(FIELDS, "suggestion");
    const held = { note: "Ok", seats: "" };
    expect(readSuggestedFields(new FormReader<string>(held), held, FIELDS, names, { currentYear: 2026, emptyNumber: "unknown" })).toEqual({ note: "Ok", seats: null });
    const emptied = { seats: "", clip: "" };
    expect(readSuggestedFields(new FormReader<string>(emptied), emptied, FIELDS, names, { currentYear: 2026, emptyNumber: "skipped" })).toEqual({ seats: undefined, clip: null });
  });
});

describe("the park and ride declarations", () => {
  it("derive the lists the suggestion diff, the back office and the ride's figures use", () => {
    expect(PARK_SUGGESTION_FIELDS).toEqual(Object.keys(PARK_FIELDS));
    expect(PARK_ADMIN_EDIT_FIELDS).toEqual(Object.keys(PARK_FIELDS).filter((field) => field !== "imageUrl"));
    expect(RIDE_SUGGESTION_FIELDS).toEqual(Object.keys(RIDE_FIELDS));
    expect(RIDE_ADMIN_EDIT_FIELDS).toEqual(Object.keys(RIDE_FIELDS).filter((field) => field !== "imageUrl"));
    expect(Object.keys(RIDE_NUMBER_RULES)).toEqual(["minHeightAlone", "minHeightForbidden", "duration", "capacityPerHour", "trackLength", "height", "inversions", "maxSpeed"]);
  });

  it("label a suggestion's fields as their inputs, and a field no longer declared generically", () => {
    expect(suggestionFieldLabel("park", "openingHours")).toBe("contribute.openingHours");
    expect(suggestionFieldLabel("attraction", "videoId")).toBe("contribute.attraction.videoId");
    expect(suggestionFieldLabel("attraction", "toString")).toBe("admin.suggestions.field");
  });
});
