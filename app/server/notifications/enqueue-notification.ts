import { notificationDueAt, notifiesOf, type AdminNotificationEvent } from "~/domain/admin-notifications";
import { readAdminSettings, type AdminSettings } from "../admin/admin-settings";
import type { Transaction } from "../db/database";
import { adminNotifications } from "../db/schema";

/**
 * The administrator's notification of an event, as a row written in the
 * event's own transaction (docs/decisions/0016): a rolled-back event notifies
 * nothing, a committed one is never lost. The settings are read here, in the
 * same transaction, so a kind switched off (or e-mail notifications off)
 * writes nothing; the digest frequency decides when the row is due. A
 * transaction that read them already passes them along.
 */
export async function enqueueAdminNotification(
  tx: Transaction,
  event: AdminNotificationEvent,
  { now = new Date(), settings }: { now?: Date; settings?: AdminSettings } = {},
): Promise<void> {
  settings ??= await readAdminSettings(tx);
  if (!notifiesOf(settings, event.kind)) return;
  const { kind, targetId, ...summary } = event;
  await tx.insert(adminNotifications).values({
    kind,
    targetId,
    summary,
    delivery: settings.digestFrequency,
    dueAt: notificationDueAt(settings.digestFrequency, now),
  });
}
