/** A member's own park or attraction not (or not yet) approved, as home lists it (listPendingContributions, app/server/contributions/pending-contributions.ts). */
export type PendingContribution = {
  kind: "park" | "attraction";
  id: string;
  name: string;
  /** The page's path without language: /{park} or /{park}/{attraction}. */
  path: string;
  moderationStatus: "pending" | "rejected";
  /** The administrator's reason, shown to the member beside a rejected contribution. */
  rejectionReason: string | null;
};
