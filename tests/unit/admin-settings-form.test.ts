import { describe, expect, it } from "vitest";
import { notificationDueAt, notifiesOf } from "~/domain/admin-notifications";
import { checkGeneralSettingsForm, checkNotificationSettingsForm } from "~/domain/admin-settings-form";

const rangeMessage = { maxReportsBeforeHide: [{ key: "admin.settings.maxReportsRange", values: { min: 1, max: 10 } }] };

describe("'Paramètres généraux' form (docs/rules/back-office.md#settings: max reports 1 to 10)", () => {
  it("reads checked boxes as on, absent ones as off, and the number of reports", () => {
    expect(checkGeneralSettingsForm({ autoModeration: "on", maxReportsBeforeHide: " 7 " })).toEqual({
      ok: true,
      data: { autoModeration: true, requireApproval: false, maxReportsBeforeHide: 7 },
    });
  });

  it.each(["1", "10"])("accepts the bound %s", (value) => {
    expect(checkGeneralSettingsForm({ maxReportsBeforeHide: value }).ok).toBe(true);
  });

  it.each(["0", "11", "-1", "2.5", "", "abc", "1e1"])("refuses %j with the translated range message", (value) => {
    expect(checkGeneralSettingsForm({ maxReportsBeforeHide: value })).toEqual({ ok: false, errors: rangeMessage });
  });
});

describe("'Paramètres de notification' form", () => {
  it("reads the switches and one of the three frequencies", () => {
    expect(checkNotificationSettingsForm({ emailNotifications: "on", notifyOnNewPark: "on", digestFrequency: "realtime" })).toEqual({
      ok: true,
      data: { emailNotifications: true, notifyOnNewPark: true, notifyOnNewAttraction: false, notifyOnReport: false, digestFrequency: "realtime" },
    });
  });

  it("refuses a frequency that is not offered", () => {
    expect(checkNotificationSettingsForm({ digestFrequency: "monthly" })).toEqual({
      ok: false,
      errors: { digestFrequency: [{ key: "admin.settings.digestInvalid" }] },
    });
  });
});

describe("when a notification is due", () => {
  const wednesdayNoon = new Date("2026-11-25T12:00:00Z");

  it("is due at once in real time", () => {
    expect(notificationDueAt("realtime", wednesdayNoon)).toEqual(wednesdayNoon);
  });

  it("waits for the next midnight (UTC) for a daily digest, also from just after midnight", () => {
    expect(notificationDueAt("daily", wednesdayNoon)).toEqual(new Date("2026-11-26T00:00:00Z"));
    expect(notificationDueAt("daily", new Date("2026-11-26T00:00:00Z"))).toEqual(new Date("2026-11-27T00:00:00Z"));
  });

  it("waits for the next Monday at midnight (UTC) for a weekly digest", () => {
    expect(notificationDueAt("weekly", wednesdayNoon)).toEqual(new Date("2026-11-30T00:00:00Z"));
    expect(notificationDueAt("weekly", new Date("2026-11-29T23:59:00Z"))).toEqual(new Date("2026-11-30T00:00:00Z"));
    expect(notificationDueAt("weekly", new Date("2026-11-30T00:00:00Z"))).toEqual(new Date("2026-12-07T00:00:00Z"));
  });

  it("follows the switches: nothing when e-mail notifications are off", () => {
    const all = { emailNotifications: true, notifyOnNewPark: true, notifyOnNewAttraction: false, notifyOnReport: true };
    expect(notifiesOf(all, "new_park")).toBe(true);
    expect(notifiesOf(all, "new_attraction")).toBe(false);
    expect(notifiesOf({ ...all, emailNotifications: false }, "new_report")).toBe(false);
  });
});
