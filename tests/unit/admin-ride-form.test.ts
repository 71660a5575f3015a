import { describe, expect, it } from "vitest";
import { checkAdminRideForm } from "~/domain/admin-ride-form";

const BASE = { name: "Oziris", type: "roller_coaster", status: "operating" };

describe("checkAdminAttractionForm (docs/rules/back-office.md#admin-ride-edit)", () => {
  it("keeps each language as typed and takes the description from French, else English, else empty", () => {
    const both = checkAdminRideForm({ ...BASE, descriptionFr: " Inversé ", descriptionEn: "Inverted" }, 2026);
    expect(both).toMatchObject({ ok: true, data: { description: "Inversé", descriptionFr: "Inversé", descriptionEn: "Inverted" } });
    const english = checkAdminRideForm({ ...BASE, descriptionFr: "", descriptionEn: "Inverted" }, 2026);
    expect(english).toMatchObject({ ok: true, data: { description: "Inverted", descriptionFr: null, descriptionEn: "Inverted" } });
    const none = checkAdminRideForm(BASE, 2026);
    expect(none).toMatchObject({ ok: true, data: { description: null, descriptionFr: null, descriptionEn: null } });
  });

  it("reads the status and refuses another value next to the creation form's messages", () => {
    expect(checkAdminRideForm({ ...BASE, status: "removed" }, 2026)).toMatchObject({ ok: true, data: { status: "removed" } });
    const refused = checkAdminRideForm({ ...BASE, name: "", status: "closed" }, 2026);
    expect(refused).toEqual({
      ok: false,
      errors: { name: [{ key: "contribute.errors.attractionNameRequired" }], status: [{ key: "admin.attractions.errors.statusRequired" }] },
    });
  });

  it("parses whole numbers and tenths, empty numerics as null, the video id trimmed", () => {
    const read = checkAdminRideForm({ ...BASE, duration: "120", height: "45,5", maxSpeed: "", videoId: "  dQw4w9WgXcQ " }, 2026);
    expect(read).toMatchObject({ ok: true, data: { duration: 120, height: 45.5, maxSpeed: null, videoId: "dQw4w9WgXcQ" } });
    expect(checkAdminRideForm({ ...BASE, duration: "1.5" }, 2026)).toMatchObject({ ok: false, errors: { duration: [{ key: "contribute.errors.wholeNumber" }] } });
    expect(checkAdminRideForm({ ...BASE, openingYear: "2027" }, 2026)).toMatchObject({ ok: false, errors: { openingYear: [{}] } });
  });
});
