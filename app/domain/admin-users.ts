/**
 * The back office's members list ("Gestion des utilisateurs", docs/rules/back-office.md#user-management):
 * one row per member, newest first, filtered by status.
 */
export const MEMBER_STATUSES = ["active", "suspended"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export type AdminMemberRow = {
  id: string;
  username: string;
  email: string;
  createdAt: string;
  suspended: boolean;
  suspensionReason: string | null;
  /** The administrator's own account (or ADMIN_EMAIL's): never offered suspension or deletion. */
  protected: boolean;
};

/** The status filter from the address; anything else reads as every status. */
export function readMemberStatus(params: URLSearchParams): MemberStatus | null {
  const value = params.get("status");
  return (MEMBER_STATUSES as readonly string[]).includes(value ?? "") ? (value as MemberStatus) : null;
}
