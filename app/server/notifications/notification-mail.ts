import type { AdminNotificationKind, DigestFrequency } from "~/domain/admin-notifications";
import { DEFAULT_LANGUAGE } from "~/domain/languages";
import { resources } from "~/i18n/resources";
import { createTranslator, type MessageKey } from "~/i18n/translate";

export type PendingNotification = { kind: AdminNotificationKind; summary: Record<string, string>; createdAt: Date };

/** The administrator reads the back office in French first: notification e-mails are in the site's default language. */
const t = createTranslator(DEFAULT_LANGUAGE, resources[DEFAULT_LANGUAGE]);

const LINES: Record<AdminNotificationKind, MessageKey> = {
  new_park: "admin.notifications.newParkLine",
  new_attraction: "admin.notifications.newAttractionLine",
  new_report: "admin.notifications.newReportLine",
};
const SUBJECTS: Record<AdminNotificationKind, MessageKey> = {
  new_park: "admin.notifications.newParkSubject",
  new_attraction: "admin.notifications.newAttractionSubject",
  new_report: "admin.notifications.newReportSubject",
};
/** Where each kind is moderated. */
const SCREENS: Record<AdminNotificationKind, string> = {
  new_park: "/admin/parks",
  new_attraction: "/admin/attractions",
  new_report: "/admin/comments",
};

/** One event's e-mail ('Temps réel'). */
export function realtimeMail(notification: PendingNotification, publicUrl: string): { subject: string; text: string } {
  const line = t(LINES[notification.kind], notification.summary);
  return {
    subject: t(SUBJECTS[notification.kind], notification.summary),
    text: t("admin.notifications.realtimeBody", { line, url: new URL(SCREENS[notification.kind], publicUrl).toString() }),
  };
}

/** One period's digest: every event of it, oldest first, one line each. */
export function digestMail(
  frequency: Exclude<DigestFrequency, "realtime">,
  notifications: readonly PendingNotification[],
  publicUrl: string,
): { subject: string; text: string } {
  const lines = [...notifications]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((notification) => `- ${t(LINES[notification.kind], notification.summary)}`)
    .join("\n");
  return {
    subject: t(frequency === "daily" ? "admin.notifications.dailySubject" : "admin.notifications.weeklySubject", { count: notifications.length }),
    text: t("admin.notifications.digestBody", { lines, url: new URL("/admin", publicUrl).toString() }),
  };
}
