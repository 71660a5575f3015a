import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import {
  checkGeneralSettingsForm,
  checkNotificationSettingsForm,
  type GeneralSettingsField,
  type NotificationSettingsField,
} from "~/domain/admin-settings-form";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessages, FormCheck, FormValues } from "~/domain/form-values";
import type { Database, Executor } from "../db/database";
import { adminSettings } from "../db/schema";
import { logModeration } from "./moderation-log";

export type AdminSettings = Omit<typeof adminSettings.$inferSelect, "id" | "updatedAt">;

/** The defaults of docs/rules/back-office.md#settings, as the table's column defaults also state them. */
export const DEFAULT_ADMIN_SETTINGS: AdminSettings = {
  autoModeration: false,
  requireApproval: true,
  maxReportsBeforeHide: 3,
  emailNotifications: true,
  notifyOnNewPark: true,
  notifyOnNewAttraction: true,
  notifyOnReport: true,
  digestFrequency: "daily",
};

/**
 * The administrator's settings (one row, id 1, created by migration 0001).
 * They take effect (docs/rules/quality.md#settings-take-effect): contributions, reports and notifications read
 * them inside their own transaction, so a change applies to the next write.
 */
export async function readAdminSettings(db: Executor): Promise<AdminSettings> {
  const [row] = await db
    .select({
      autoModeration: adminSettings.autoModeration,
      requireApproval: adminSettings.requireApproval,
      maxReportsBeforeHide: adminSettings.maxReportsBeforeHide,
      emailNotifications: adminSettings.emailNotifications,
      notifyOnNewPark: adminSettings.notifyOnNewPark,
      notifyOnNewAttraction: adminSettings.notifyOnNewAttraction,
      notifyOnReport: adminSettings.notifyOnReport,
      digestFrequency: adminSettings.digestFrequency,
    })
    .from(adminSettings)
    .where(eq(adminSettings.id, 1))
    .limit(1);
  return row ?? DEFAULT_ADMIN_SETTINGS;
}

export type SettingsSaveOutcome<Field extends string> =
  | { ok: true; settings: AdminSettings }
  | { ok: false; reason: "invalid" | "failed"; errors: FieldMessages<Field> };

/** The settings page's two cards, each saved on its own with its own form's check. */
export type SettingsCard = "general" | "notifications";

type CardField = { general: GeneralSettingsField; notifications: NotificationSettingsField };

const CARD_CHECKS: { [Card in SettingsCard]: (values: FormValues) => FormCheck<CardField[Card], Partial<AdminSettings>> } = {
  general: checkGeneralSettingsForm,
  notifications: checkNotificationSettingsForm,
};

/**
 * One card of the settings ("Paramètres généraux", "Paramètres de notification") saved: checked again
 * here (the browser's check can be bypassed), then the row and its moderation log entry in one transaction.
 */
export async function saveSettings<Card extends SettingsCard>(
  db: Database,
  logger: Logger,
  admin: CurrentUser,
  card: Card,
  values: FormValues,
): Promise<SettingsSaveOutcome<CardField[Card]>> {
  type Field = CardField[Card];
  const read: FormCheck<Field, Partial<AdminSettings>> = CARD_CHECKS[card](values);
  if (!read.ok) return { ok: false, reason: "invalid", errors: read.errors };
  const changes = read.data;
  try {
    const settings = await db.transaction(async (tx) => {
      // The row exists since migration 0001; the upsert only guards a database restored without it.
      await tx
        .insert(adminSettings)
        .values({ id: 1, ...changes, updatedAt: new Date() })
        .onConflictDoUpdate({ target: adminSettings.id, set: { ...changes, updatedAt: new Date() } });
      await logModeration(tx, {
        action: "update_settings",
        targetType: "settings",
        targetId: card,
        moderatorId: admin.id,
        details: Object.entries(changes)
          .map(([name, value]) => `${name}=${String(value)}`)
          .join(", "),
      });
      return readAdminSettings(tx);
    });
    return { ok: true, settings };
  } catch (error) {
    logger.error({ err: error, card }, "admin settings not saved");
    const errors: FieldMessages<Field> = {};
    errors.form = [{ key: "admin.settings.saveFailed" }];
    return { ok: false, reason: "failed", errors };
  }
}
