import type { TFunction } from "~/i18n/translate";
import type { ModerationLogEntry } from "./admin-dashboard";
import type { DigestFrequency } from "./admin-notifications";

const SWITCHES = ["autoModeration", "requireApproval", "emailNotifications", "notifyOnNewPark", "notifyOnNewAttraction", "notifyOnReport"] as const;
const isSwitch = (name: string): name is (typeof SWITCHES)[number] => (SWITCHES as readonly string[]).includes(name);
// The type keeps this in step with DIGEST_FREQUENCIES; importing the list would add a chunk to every page's route manifest.
const FREQUENCIES: Record<DigestFrequency, true> = { realtime: true, daily: true, weekly: true };
const isFrequency = (value: string): value is DigestFrequency => Object.hasOwn(FREQUENCIES, value);

/**
 * A settings entry's details, written by app/server/admin/admin-settings.ts as
 * "autoModeration=false, maxReportsBeforeHide=3", in words, one change per
 * item. A setting this list does not know shows as stored rather than not at all.
 */
export function settingChangesInWords(details: string, t: TFunction): string[] {
  return details
    .split(", ")
    .filter(Boolean)
    .map((change) => {
      const [name = "", value = ""] = change.split("=");
      if (isSwitch(name) && (value === "true" || value === "false")) return t(`admin.log.settingChanges.${name}.${value === "true" ? "on" : "off"}`);
      if (name === "maxReportsBeforeHide" && /^\d+$/.test(value)) return t("admin.log.settingChanges.maxReportsBeforeHide", { count: Number(value) });
      if (name === "digestFrequency" && isFrequency(value)) return t(`admin.log.settingChanges.digestFrequency.${value}`);
      return change;
    });
}

/**
 * What an entry was about, in words, for the targets that have no name of
 * their own: a report (whose review, on what), a suggestion (whose, for what),
 * a settings card. Null for the others, shown by their type and name.
 */
export function logTargetInWords(entry: Pick<ModerationLogEntry, "targetType" | "targetId" | "targetName" | "targetAuthor">, t: TFunction): string | null {
  const known = entry.targetName !== null && entry.targetAuthor !== null;
  const about = { author: entry.targetAuthor ?? "", subject: entry.targetName ?? "" };
  switch (entry.targetType) {
    case "comment_report":
      return known ? t("admin.log.about.report", about) : t("admin.log.about.reportGone");
    case "suggestion":
      return known ? t("admin.log.about.suggestion", about) : t("admin.log.about.suggestionGone");
    case "settings":
      return entry.targetId === "general" || entry.targetId === "notifications" ? t(`admin.log.about.${entry.targetId}`) : null;
    default:
      return null;
  }
}
