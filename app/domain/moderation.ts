import type { CurrentUser } from "./current-user";

/** A park's or an attraction's moderation state (docs/rules/catalogue.md#moderation-and-visibility); the database enum takes this list. */
export const MODERATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/**
 * Which park may take a new ride: an approved one, for every member; a
 * pending one, for its author (who adds the rides of the park they have just
 * added while it waits, each ride pending too and shown to the public only
 * once both are approved) and for the administrator who moderates it. A
 * rejected park takes none: the public sees rides of approved parks only, and
 * a refused park will not become one without the administrator.
 */
export function parkTakesNewRides(
  park: { moderationStatus: ModerationStatus; createdBy: string | null },
  user: CurrentUser,
): "yes" | "notFound" | "rejected" {
  if (park.moderationStatus === "approved") return "yes";
  const seesIt = user.isAdmin || park.createdBy === user.id;
  if (!seesIt) return "notFound";
  return park.moderationStatus === "pending" ? "yes" : "rejected";
}
