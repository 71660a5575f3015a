import { describe, expect, it } from "vitest";
import { checkAdminParkForm, nameNeedsDuplicateCheck } from "~/domain/admin-park-form";
import { readAdminParksView, readStatusFilter } from "~/domain/admin-parks";

const valid = {
  name: "  Parc Astérix ",
  region: "Hauts-de-France",
  country: "France",
  descriptionFr: "Par Toutatis !",
  descriptionEn: "",
  openingYear: "1989",
  adultPrice: "62,50",
  childPrice: "54",
  openingHours: "",
};

describe("checkAdminParkForm (docs/rules/back-office.md#admin-park-edit)", () => {
  it("reads a valid form: trimmed texts, numbers, description from French, empty fields null", () => {
    expect(checkAdminParkForm(valid, 2026)).toEqual({
      ok: true,
      data: {
        name: "Parc Astérix",
        region: "Hauts-de-France",
        country: "France",
        description: "Par Toutatis !",
        descriptionFr: "Par Toutatis !",
        descriptionEn: null,
        openingYear: 1989,
        adultPrice: 62.5,
        childPrice: 54,
        openingHours: null,
        latitude: null,
        longitude: null,
      },
    });
  });

  it("takes the English description as the plain one when French is empty", () => {
    const read = checkAdminParkForm({ ...valid, descriptionFr: " ", descriptionEn: "By Toutatis!" }, 2026);
    expect(read.ok && read.data).toMatchObject({ description: "By Toutatis!", descriptionFr: null, descriptionEn: "By Toutatis!" });
  });

  it("gives each rule's message", () => {
    expect(
      checkAdminParkForm({ name: "", region: " ", country: "", descriptionFr: "", descriptionEn: "", openingYear: "1799", adultPrice: "0", childPrice: "-1" }, 2026),
    ).toEqual({
      ok: false,
      errors: {
        name: [{ key: "contribute.errors.parkNameRequired" }],
        region: [{ key: "contribute.errors.regionRequired" }],
        country: [{ key: "contribute.errors.countryRequired" }],
        descriptionFr: [{ key: "contribute.errors.descriptionRequired" }],
        openingYear: [{ key: "contribute.errors.openingYear", values: { year: 2026 } }],
        adultPrice: [{ key: "contribute.errors.priceAboveZero" }],
        childPrice: [{ key: "contribute.errors.priceAboveZero" }],
      },
    });
  });

  it("accepts the opening year from 1800 to the current year only", () => {
    expect(checkAdminParkForm({ ...valid, openingYear: "1800" }, 2026).ok).toBe(true);
    expect(checkAdminParkForm({ ...valid, openingYear: "2026" }, 2026).ok).toBe(true);
    expect(checkAdminParkForm({ ...valid, openingYear: "2027" }, 2026).ok).toBe(false);
    expect(checkAdminParkForm({ ...valid, openingYear: "1990.5" }, 2026).ok).toBe(false);
  });

  it("checks duplicates only for a changed name of 3 characters or more", () => {
    expect(nameNeedsDuplicateCheck("Pa", "Parc", 3)).toBe(false);
    expect(nameNeedsDuplicateCheck(" parc ", "Parc", 3)).toBe(false);
    expect(nameNeedsDuplicateCheck("Parc 2", "Parc", 3)).toBe(true);
  });
});

describe("the park screen's address", () => {
  const id = "0b0e6f8e-3d4c-4a3b-9f0e-2b7d1c3e4f5a";
  it("reads the view and the status filter, ignoring anything malformed", () => {
    expect(readAdminParksView(new URLSearchParams(`edit=${id}`))).toEqual({ kind: "edit", id });
    expect(readAdminParksView(new URLSearchParams(`reviews=${id}`))).toEqual({ kind: "reviews", id });
    expect(readAdminParksView(new URLSearchParams("edit=nope"))).toEqual({ kind: "list" });
    expect(readStatusFilter(new URLSearchParams("status=rejected"))).toBe("rejected");
    expect(readStatusFilter(new URLSearchParams("status=other"))).toBeNull();
  });
});
