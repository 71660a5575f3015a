import type { CurrentUser } from "~/domain/current-user";
import type { Executor } from "../db/database";
import { contentModifications } from "../db/schema";

/**
 * A member's contribution is pending until the administrator moderates it;
 * the administrator's own is approved at once (issue 4, public site §4).
 */
export function initialModerationStatus(user: CurrentUser) {
  return user.isAdmin ? ("approved" as const) : ("pending" as const);
}

/** The content_modifications row every contribution writes (badges count the approved ones). */
export async function recordContribution(
  tx: Executor,
  user: CurrentUser,
  target: { type: "park" | "attraction"; id: string },
  status: "pending" | "approved",
) {
  await tx.insert(contentModifications).values({
    userId: user.id,
    targetType: target.type,
    targetId: target.id,
    action: "create",
    status,
  });
}
