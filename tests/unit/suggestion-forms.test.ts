import { describe, expect, it } from "vitest";
import { checkRideSuggestionForm, checkParkSuggestionForm } from "~/domain/suggestion-forms";

const YEAR = 2026;
const keysOf = (messages: Array<{ key: string }> | undefined) => messages?.map((message) => message.key);

/** The park form as the page sends it: every field filled with the park's values, and a reason. */
const park = {
  name: "Parc Astérix",
  region: "Hauts-de-France",
  country: "France",
  descriptionFr: "Un parc gaulois.",
  descriptionEn: "",
  openingYear: "1989",
  adultPrice: "62.00",
  childPrice: "54.00",
  openingHours: "10h00 - 18h00",
  reason: "Tarifs 2026 du site officiel",
};

const ride = {
  name: "Tonnerre 2 Zeus",
  type: "roller_coaster",
  status: "operating",
  descriptionFr: "Montagnes russes en bois.",
  descriptionEn: "A wooden coaster.",
  minHeightAlone: "120",
  minHeightForbidden: "100",
  duration: "110",
  capacityPerHour: "1300",
  openingYear: "1997",
  trackLength: "1233",
  height: "30.5",
  inversions: "0",
  maxSpeed: "80",
  videoId: "dQw4w9WgXcQ",
  reason: "Vu sur place",
};

describe("park edit suggestion form (docs/rules/suggestions.md#field-rules)", () => {
  it("reads every field the form holds, with the reason", () => {
    const read = checkParkSuggestionForm(park, YEAR);
    expect(read.ok && read.data).toEqual({
      proposed: {
        name: "Parc Astérix",
        region: "Hauts-de-France",
        country: "France",
        descriptionFr: "Un parc gaulois.",
        descriptionEn: null,
        openingYear: 1989,
        adultPrice: 62,
        childPrice: 54,
        openingHours: "10h00 - 18h00",
      },
      reason: "Tarifs 2026 du site officiel",
    });
  });

  it("requires a reason, with the rules' message", () => {
    for (const reason of [undefined, "", "   "]) {
      const read = checkParkSuggestionForm({ ...park, reason }, YEAR);
      expect(!read.ok && keysOf(read.errors.reason)).toEqual(["suggestions.errors.reasonRequired"]);
    }
  });

  it("skips an empty or unreadable opening year or price: the park keeps its value", () => {
    const read = checkParkSuggestionForm({ ...park, openingYear: "", adultPrice: "  ", childPrice: "douze" }, YEAR);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.data.proposed).not.toHaveProperty("openingYear");
    expect(read.data.proposed).not.toHaveProperty("adultPrice");
    expect(read.data.proposed).not.toHaveProperty("childPrice");
  });

  it("keeps the creation form's bounds and messages: year 1800 to this year, prices above 0 in cents", () => {
    for (const openingYear of ["1799", "2027"]) {
      const read = checkParkSuggestionForm({ ...park, openingYear }, YEAR);
      expect(!read.ok && read.errors.openingYear).toEqual([{ key: "contribute.errors.openingYear", values: { year: YEAR } }]);
    }
    const prices = checkParkSuggestionForm({ ...park, adultPrice: "0", childPrice: "9.999" }, YEAR);
    expect(!prices.ok && keysOf(prices.errors.adultPrice)).toEqual(["contribute.errors.priceAboveZero"]);
    expect(!prices.ok && keysOf(prices.errors.childPrice)).toEqual(["contribute.errors.cents"]);
    const comma = checkParkSuggestionForm({ ...park, adultPrice: "64,50", openingYear: "1800" }, YEAR);
    expect(comma.ok && [comma.data.proposed.adultPrice, comma.data.proposed.openingYear]).toEqual([64.5, 1800]);
  });

  it("may not leave both descriptions blank, nor the name, the region or the country", () => {
    const read = checkParkSuggestionForm({ ...park, descriptionFr: " ", descriptionEn: "", name: "", region: " ", country: "" }, YEAR);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(keysOf(read.errors.descriptionFr)).toEqual(["contribute.errors.descriptionRequired"]);
    expect(keysOf(read.errors.name)).toEqual(["contribute.errors.parkNameRequired"]);
    expect(keysOf(read.errors.region)).toEqual(["contribute.errors.regionRequired"]);
    expect(keysOf(read.errors.country)).toEqual(["contribute.errors.countryRequired"]);
    const english = checkParkSuggestionForm({ ...park, descriptionFr: "", descriptionEn: "A Gaulish park." }, YEAR);
    expect(english.ok && english.data.proposed).toMatchObject({ descriptionFr: null, descriptionEn: "A Gaulish park." });
  });

  it("proposes only the fields the form holds", () => {
    const read = checkParkSuggestionForm({ adultPrice: "65", reason: "Nouveau tarif" }, YEAR);
    expect(read.ok && read.data.proposed).toEqual({ adultPrice: 65 });
  });

  it("proposes a location as a pair, and skips it when both fields are empty", () => {
    const located = checkParkSuggestionForm({ ...park, latitude: "49,1341", longitude: "2,5708" }, YEAR);
    expect(located.ok && located.data.proposed).toMatchObject({ latitude: 49.1341, longitude: 2.5708 });
    const empty = checkParkSuggestionForm({ ...park, latitude: " ", longitude: "" }, YEAR);
    expect(empty.ok && Object.keys(empty.data.proposed)).not.toContain("latitude");
    expect(empty.ok && Object.keys(empty.data.proposed)).not.toContain("longitude");
  });

  it("refuses half a location, a coordinate out of range or not a number, rather than skipping it", () => {
    const half = checkParkSuggestionForm({ ...park, latitude: "49.1341", longitude: "" }, YEAR);
    expect(!half.ok && keysOf(half.errors.longitude)).toEqual(["contribute.errors.locationPair"]);
    const range = checkParkSuggestionForm({ ...park, latitude: "-90.5", longitude: "181" }, YEAR);
    expect(!range.ok && [keysOf(range.errors.latitude), keysOf(range.errors.longitude)]).toEqual([
      ["contribute.errors.latitudeRange"],
      ["contribute.errors.longitudeRange"],
    ]);
    const text = checkParkSuggestionForm({ ...park, latitude: "nord", longitude: "2.5" }, YEAR);
    expect(!text.ok && keysOf(text.errors.latitude)).toEqual(["contribute.errors.notANumber"]);
  });
});

describe("attraction edit suggestion form (docs/rules/suggestions.md#field-rules)", () => {
  it("reads every field, the type and the status among the known ones", () => {
    const read = checkRideSuggestionForm(ride, YEAR);
    expect(read.ok && read.data.proposed).toEqual({
      name: "Tonnerre 2 Zeus",
      type: "roller_coaster",
      status: "operating",
      descriptionFr: "Montagnes russes en bois.",
      descriptionEn: "A wooden coaster.",
      minHeightAlone: 120,
      minHeightForbidden: 100,
      duration: 110,
      capacityPerHour: 1300,
      openingYear: 1997,
      trackLength: 1233,
      height: 30.5,
      inversions: 0,
      maxSpeed: 80,
      videoId: "dQw4w9WgXcQ",
    });
    const unknown = checkRideSuggestionForm({ ...ride, type: "spaceship", status: "closed" }, YEAR);
    expect(!unknown.ok && keysOf(unknown.errors.type)).toEqual(["contribute.errors.typeRequired"]);
    expect(!unknown.ok && keysOf(unknown.errors.status)).toEqual(["admin.attractions.errors.statusRequired"]);
  });

  it("requires a reason, with the rules' message", () => {
    const read = checkRideSuggestionForm({ ...ride, reason: " " }, YEAR);
    expect(!read.ok && keysOf(read.errors.reason)).toEqual(["suggestions.errors.reasonRequired"]);
  });

  it("proposes 'unknown' (null) for an emptied number and skips an unreadable one", () => {
    const read = checkRideSuggestionForm({ ...ride, height: "", inversions: " ", maxSpeed: "vite", duration: "1 min" }, YEAR);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.data.proposed).toMatchObject({ height: null, inversions: null });
    expect(read.data.proposed).not.toHaveProperty("maxSpeed");
    expect(read.data.proposed).not.toHaveProperty("duration");
  });

  it("keeps the creation form's bounds and messages", () => {
    const read = checkRideSuggestionForm({ ...ride, minHeightAlone: "251", inversions: "1.5", height: "30.25", openingYear: "1700" }, YEAR);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.minHeightAlone).toEqual([{ key: "contribute.errors.atMost", values: { max: 250 } }]);
    expect(keysOf(read.errors.inversions)).toEqual(["contribute.errors.wholeNumber"]);
    expect(keysOf(read.errors.height)).toEqual(["contribute.errors.oneDecimal"]);
    expect(read.errors.openingYear).toEqual([{ key: "contribute.errors.openingYear", values: { year: YEAR } }]);
  });

  it("may empty both descriptions, as a ride may have none (its creation rule), but not make them too long", () => {
    const read = checkRideSuggestionForm({ ...ride, descriptionFr: "", descriptionEn: "  " }, YEAR);
    expect(read.ok && read.data.proposed).toMatchObject({ descriptionFr: null, descriptionEn: null });
    const long = checkRideSuggestionForm({ ...ride, descriptionFr: "a".repeat(5001) }, YEAR);
    expect(!long.ok && long.errors.descriptionFr).toEqual([{ key: "contribute.errors.tooLong", values: { max: 5000 } }]);
  });

  it("reads a YouTube link as its id, an emptied video as none, and refuses anything else", () => {
    const link = checkRideSuggestionForm({ ...ride, videoId: "https://www.youtube.com/watch?v=aaaaaaaaaaa" }, YEAR);
    expect(link.ok && link.data.proposed.videoId).toBe("aaaaaaaaaaa");
    const none = checkRideSuggestionForm({ ...ride, videoId: "" }, YEAR);
    expect(none.ok && none.data.proposed.videoId).toBeNull();
    const other = checkRideSuggestionForm({ ...ride, videoId: "https://vimeo.com/123" }, YEAR);
    expect(!other.ok && keysOf(other.errors.videoId)).toEqual(["contribute.errors.videoId"]);
  });
});
