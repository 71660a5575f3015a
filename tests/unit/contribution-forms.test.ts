import { describe, expect, it } from "vitest";
import { checkRideForm } from "~/domain/ride-form";
import { storedDescriptions } from "~/domain/descriptions";
import { readOptionalNumber } from "~/domain/form-values";
import { checkParkForm } from "~/domain/park-form";
import { readVideoId } from "~/domain/video-id";

const YEAR = 2026;
const validPark = { name: "Parc Test", region: "Oise", country: "France", descriptionFr: "Un parc.", descriptionEn: "" };
const keysOf = (messages: Array<{ key: string }> | undefined) => messages?.map((message) => message.key);

describe("park form (docs/rules/catalogue.md#adding-a-park)", () => {
  it("requires the name, the region, the country and one description, with the rules' messages", () => {
    const read = checkParkForm({ name: "  ", region: "", country: "", descriptionFr: " ", descriptionEn: "" }, YEAR);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(keysOf(read.errors.name)).toEqual(["contribute.errors.parkNameRequired"]);
    expect(keysOf(read.errors.region)).toEqual(["contribute.errors.regionRequired"]);
    expect(keysOf(read.errors.country)).toEqual(["contribute.errors.countryRequired"]);
    expect(keysOf(read.errors.descriptionFr)).toEqual(["contribute.errors.descriptionRequired"]);
  });

  it("accepts an English description alone and applies the copy rule", () => {
    const read = checkParkForm({ ...validPark, descriptionFr: "", descriptionEn: "A park." }, YEAR);
    expect(read.ok && read.data).toMatchObject({ description: "A park.", descriptionFr: "A park.", descriptionEn: "A park." });
  });

  it("keeps the opening year between 1800 and the current year, naming that year", () => {
    for (const openingYear of ["1799", "2027"]) {
      const read = checkParkForm({ ...validPark, openingYear }, YEAR);
      expect(!read.ok && read.errors.openingYear).toEqual([{ key: "contribute.errors.openingYear", values: { year: YEAR } }]);
    }
    for (const openingYear of ["1800", "2026", ""]) expect(checkParkForm({ ...validPark, openingYear }, YEAR).ok).toBe(true);
    expect(!checkParkForm({ ...validPark, openingYear: "1990.5" }, YEAR).ok).toBe(true);
  });

  it("wants prices above 0 in cents, and empty prices are none", () => {
    const zero = checkParkForm({ ...validPark, adultPrice: "0", childPrice: "-3" }, YEAR);
    expect(!zero.ok && keysOf(zero.errors.adultPrice)).toEqual(["contribute.errors.priceAboveZero"]);
    expect(!zero.ok && keysOf(zero.errors.childPrice)).toEqual(["contribute.errors.priceAboveZero"]);
    const fraction = checkParkForm({ ...validPark, adultPrice: "49.999" }, YEAR);
    expect(!fraction.ok && keysOf(fraction.errors.adultPrice)).toEqual(["contribute.errors.cents"]);
    const ok = checkParkForm({ ...validPark, adultPrice: "54,90", childPrice: "" }, YEAR);
    expect(ok.ok && [ok.data.adultPrice, ok.data.childPrice]).toEqual([54.9, null]);
  });

  it("trims texts and turns blank optional ones into null", () => {
    const read = checkParkForm({ ...validPark, name: "  Parc Test  ", openingHours: "   " }, YEAR);
    expect(read.ok && [read.data.name, read.data.openingHours]).toEqual(["Parc Test", null]);
  });
});

describe("attraction form (docs/rules/catalogue.md#adding-a-ride)", () => {
  const valid = { name: "Tonnerre", type: "roller_coaster" };

  it("requires a name and one of the ten types", () => {
    const read = checkRideForm({ name: "", type: "rocket" }, YEAR);
    expect(!read.ok && [keysOf(read.errors.name), keysOf(read.errors.type)]).toEqual([
      ["contribute.errors.attractionNameRequired"],
      ["contribute.errors.typeRequired"],
    ]);
  });

  it("applies the minimums: heights, length, inversions, speed ≥ 0; duration and capacity ≥ 1", () => {
    const read = checkRideForm(
      { ...valid, minHeightAlone: "-1", minHeightForbidden: "-1", trackLength: "-1", height: "-0.1", inversions: "-1", maxSpeed: "-1", duration: "0", capacityPerHour: "0" },
      YEAR,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    for (const field of ["minHeightAlone", "minHeightForbidden", "trackLength", "height", "inversions", "maxSpeed"] as const) {
      expect(read.errors[field]).toEqual([{ key: "contribute.errors.atLeast", values: { min: 0 } }]);
    }
    expect(read.errors.duration).toEqual([{ key: "contribute.errors.atLeast", values: { min: 1 } }]);
    expect(read.errors.capacityPerHour).toEqual([{ key: "contribute.errors.atLeast", values: { min: 1 } }]);
  });

  it("wants whole numbers where the column is whole, and a 0.1 step for height and speed", () => {
    const read = checkRideForm({ ...valid, inversions: "2.5", height: "51.25", maxSpeed: "84.55" }, YEAR);
    expect(!read.ok && [keysOf(read.errors.inversions), keysOf(read.errors.height), keysOf(read.errors.maxSpeed)]).toEqual([
      ["contribute.errors.wholeNumber"],
      ["contribute.errors.oneDecimal"],
      ["contribute.errors.oneDecimal"],
    ]);
    const ok = checkRideForm({ ...valid, height: "51,2", maxSpeed: "84.0", inversions: "3", duration: "" }, YEAR);
    expect(ok.ok && [ok.data.height, ok.data.maxSpeed, ok.data.inversions, ok.data.duration]).toEqual([51.2, 84, 3, null]);
  });

  it("refuses text in number fields and an opening year out of range", () => {
    const read = checkRideForm({ ...valid, duration: "deux minutes", openingYear: "1700" }, YEAR);
    expect(!read.ok && [keysOf(read.errors.duration), keysOf(read.errors.openingYear)]).toEqual([
      ["contribute.errors.notANumber"],
      ["contribute.errors.openingYear"],
    ]);
  });

  it("stores the video id trimmed, empty as null, and reads it out of a pasted YouTube address", () => {
    const read = (videoId: string) => {
      const result = checkRideForm({ ...valid, videoId }, YEAR);
      return result.ok ? result.data.videoId : result.errors.videoId;
    };
    expect(read("  dQw4w9WgXcQ ")).toBe("dQw4w9WgXcQ");
    expect(read("   ")).toBeNull();
    expect(read("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")).toBe("dQw4w9WgXcQ");
    expect(read("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(read("<script>")).toEqual([{ key: "contribute.errors.videoId" }]);
  });

  it("copies the description to description_fr when the French text is missing", () => {
    const read = checkRideForm({ ...valid, descriptionEn: "Fast." }, YEAR);
    expect(read.ok && read.data).toMatchObject({ description: "Fast.", descriptionFr: "Fast.", descriptionEn: "Fast." });
  });
});

describe("form values", () => {
  it("reads optional numbers with their bounds", () => {
    const rule = { min: 0, max: 10, decimals: 0 } as const;
    expect(readOptionalNumber("", rule)).toEqual({ ok: true, value: null });
    expect(readOptionalNumber("10", rule)).toEqual({ ok: true, value: 10 });
    expect(readOptionalNumber("11", rule)).toEqual({ ok: false, error: { key: "contribute.errors.atMost", values: { max: 10 } } });
    expect(readOptionalNumber("1e3", rule).ok).toBe(false);
    expect(readOptionalNumber("4.0", rule)).toEqual({ ok: true, value: 4 });
  });

  it("stores FR, else EN, as the description", () => {
    expect(storedDescriptions("Bonjour", "Hello")).toEqual({ description: "Bonjour", descriptionFr: "Bonjour", descriptionEn: "Hello" });
    expect(storedDescriptions(null, null)).toEqual({ description: null, descriptionFr: null, descriptionEn: null });
  });

  it("understands YouTube addresses and ids only", () => {
    expect(readVideoId("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(readVideoId("https://example.com/watch?v=dQw4w9WgXcQ")).toBeUndefined();
  });
});
