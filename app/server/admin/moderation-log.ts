import type { ModerationAction, ModerationTargetType } from "~/domain/moderation-log";
import type { Transaction } from "../db/database";
import { moderationLogs } from "../db/schema";

export type ModerationEntry = {
  action: ModerationAction;
  targetType: ModerationTargetType;
  targetId: string;
  moderatorId: string;
  /** The reason (rejection, suspension) or the resolution text; null when the action has none. */
  details?: string | null;
};

/**
 * One moderation log row. It takes a transaction, not a database: the row is
 * written with the change it records, or neither is.
 */
export async function logModeration(tx: Transaction, entry: ModerationEntry): Promise<void> {
  await tx.insert(moderationLogs).values({
    actionType: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    moderatorId: entry.moderatorId,
    actionDetails: entry.details ?? null,
  });
}
