/**
 * The administrator's e-mail notifications (docs/rules/back-office.md#notifications;
 * docs/decisions/0016): which events notify, and when a notification is due.
 */
export const ADMIN_NOTIFICATION_KINDS = ["new_park", "new_attraction", "new_report"] as const;
export type AdminNotificationKind = (typeof ADMIN_NOTIFICATION_KINDS)[number];

export const DIGEST_FREQUENCIES = ["realtime", "daily", "weekly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** An event the administrator may be told of, with what its e-mail says. */
export type AdminNotificationEvent =
  | { kind: "new_park"; targetId: string; name: string; author: string }
  | { kind: "new_attraction"; targetId: string; name: string; author: string }
  | { kind: "new_report"; targetId: string; reason: string; author: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an event's notification goes: at once in real time, otherwise with the
 * digest of its period — the next midnight (UTC) for a daily digest, the next
 * Monday at midnight (UTC) for a weekly one. Every event of a period shares
 * the same instant, which is how the job groups them into one e-mail.
 */
export function notificationDueAt(frequency: DigestFrequency, at: Date): Date {
  if (frequency === "realtime") return at;
  const nextMidnight = Math.floor(at.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  if (frequency === "daily") return new Date(nextMidnight);
  // getUTCDay of the next midnight: 1 is Monday; count the days until one.
  const weekday = new Date(nextMidnight).getUTCDay();
  return new Date(nextMidnight + ((8 - weekday) % 7) * DAY_MS);
}

/** Whether the settings ask for this kind of event to be notified at all. */
export function notifiesOf(
  settings: { emailNotifications: boolean; notifyOnNewPark: boolean; notifyOnNewAttraction: boolean; notifyOnReport: boolean },
  kind: AdminNotificationKind,
): boolean {
  if (!settings.emailNotifications) return false;
  if (kind === "new_park") return settings.notifyOnNewPark;
  if (kind === "new_attraction") return settings.notifyOnNewAttraction;
  return settings.notifyOnReport;
}
