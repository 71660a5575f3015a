import type { CurrentUser } from "~/domain/current-user";
import { readAdminSettings } from "../admin/admin-settings";
import type { Executor, Transaction } from "../db/database";
import { contentModifications } from "../db/schema";
import { enqueueAdminNotification } from "../notifications/enqueue-notification";

/**
 * A member's contribution is pending until the administrator moderates it,
 * unless the administrator turned "Approbation requise" off (the setting takes
 * effect: docs/rules/quality.md#settings-take-effect); the administrator's own is approved at once
 * (docs/rules/catalogue.md#moderation-and-visibility). Read in the creation's transaction, so that the setting in
 * force when the row is written decides.
 */
export async function initialModerationStatus(tx: Executor, user: CurrentUser): Promise<"pending" | "approved"> {
  if (user.isAdmin) return "approved";
  const { requireApproval } = await readAdminSettings(tx);
  return requireApproval ? "pending" : "approved";
}

/**
 * The content_modifications row every contribution writes (badges count the
 * approved ones), and the administrator's notification of a member's
 * contribution, in the same transaction (docs/decisions/0016).
 */
export async function recordContribution(
  tx: Transaction,
  user: CurrentUser,
  target: { type: "park" | "attraction"; id: string; name: string },
  status: "pending" | "approved",
) {
  await tx.insert(contentModifications).values({
    userId: user.id,
    targetType: target.type,
    targetId: target.id,
    action: "create",
    status,
  });
  // The administrator is not told of their own additions.
  if (!user.isAdmin) {
    await enqueueAdminNotification(tx, {
      kind: target.type === "park" ? "new_park" : "new_attraction",
      targetId: target.id,
      name: target.name,
      author: user.username,
    });
  }
}
