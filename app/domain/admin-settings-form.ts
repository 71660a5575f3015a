import { DIGEST_FREQUENCIES, type DigestFrequency } from "./admin-notifications";
import { FormReader, type FormCheck, type FormValues } from "./form-values";

/**
 * The two cards of the "Paramètres" screen (docs/rules/back-office.md#settings), each its
 * own form: checked in the browser and again by the server (decision 0015).
 * A checkbox is on when the form sends it ("on"), off when it is absent.
 */
export const MAX_REPORTS_RANGE = { min: 1, max: 10 } as const;

export type GeneralSettings = { autoModeration: boolean; requireApproval: boolean; maxReportsBeforeHide: number };
export type GeneralSettingsField = keyof GeneralSettings;

export type NotificationSettings = {
  emailNotifications: boolean;
  notifyOnNewPark: boolean;
  notifyOnNewAttraction: boolean;
  notifyOnReport: boolean;
  digestFrequency: DigestFrequency;
};
export type NotificationSettingsField = keyof NotificationSettings;

/** What the settings screen shows: both cards' saved values. */
export type AdminSettingsView = GeneralSettings & NotificationSettings;

const checked = (values: FormValues, name: string) => values[name] === "on";

export function checkGeneralSettingsForm(values: FormValues): FormCheck<GeneralSettingsField, GeneralSettings> {
  const form = new FormReader<GeneralSettingsField>(values);
  const raw = (values.maxReportsBeforeHide ?? "").trim();
  const maxReports = Number(raw);
  const inRange = /^\d+$/.test(raw) && maxReports >= MAX_REPORTS_RANGE.min && maxReports <= MAX_REPORTS_RANGE.max;
  if (!inRange) form.add("maxReportsBeforeHide", { key: "admin.settings.maxReportsRange", values: MAX_REPORTS_RANGE });
  return form.result({
    autoModeration: checked(values, "autoModeration"),
    requireApproval: checked(values, "requireApproval"),
    maxReportsBeforeHide: maxReports,
  });
}

export function checkNotificationSettingsForm(values: FormValues): FormCheck<NotificationSettingsField, NotificationSettings> {
  const form = new FormReader<NotificationSettingsField>(values);
  const digestFrequency = form.oneOf("digestFrequency", DIGEST_FREQUENCIES, "admin.settings.digestInvalid");
  return form.result({
    emailNotifications: checked(values, "emailNotifications"),
    notifyOnNewPark: checked(values, "notifyOnNewPark"),
    notifyOnNewAttraction: checked(values, "notifyOnNewAttraction"),
    notifyOnReport: checked(values, "notifyOnReport"),
    digestFrequency: digestFrequency ?? "daily",
  });
}
