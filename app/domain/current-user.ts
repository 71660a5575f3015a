/** The signed-in user as pages see it. The administrator role is decided on the server. */
export type CurrentUser = {
  id: string;
  username: string;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
};
