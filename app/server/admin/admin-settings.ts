import { eq } from "drizzle-orm";
import type { Executor } from "../db/database";
import { adminSettings } from "../db/schema";

export type AdminSettings = Omit<typeof adminSettings.$inferSelect, "id" | "updatedAt">;

/** The defaults of community §9, as the table's column defaults also state them. */
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
 * They take effect (DESIGN.md): contributions, reports and notifications read
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
