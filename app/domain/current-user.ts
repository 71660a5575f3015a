/** The signed-in user as pages see it. The administrator role is decided on the server. */
export type CurrentUser = {
  id: string;
  username: string;
  isAdmin: boolean;
  /**
   * The account's address is ADMIN_EMAIL but not confirmed yet: not the administrator until it is
   * (decision 0038), and told so on /admin. Absent reads as false.
   */
  adminAddressUnconfirmed?: boolean;
  twoFactorEnabled: boolean;
};
