/** One of the member's open sessions as the account page lists them (listAccountSessions, app/server/accounts/account-sessions.ts); never its token. */
export type AccountSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  /** better-auth renews a session at most once a day while it is used: a day-accurate "last active". */
  lastActiveAt: string;
  current: boolean;
};
