import { redirect, type AppLoadContext } from "react-router";
import type { CurrentUser } from "~/domain/current-user";
import { localizedPath } from "~/domain/languages";
import { requestLanguage } from "../language";

/** The signed-in member, or a redirect to the login page in the request's language. */
export function requireUser(request: Request, context: AppLoadContext): CurrentUser {
  if (!context.currentUser) throw redirect(localizedPath(requestLanguage(request), "/login"));
  return context.currentUser;
}

/** The administrator; anyone else is sent to the login page (community §2, admin area). */
export function requireAdmin(request: Request, context: AppLoadContext): CurrentUser {
  const user = context.currentUser;
  if (!user?.isAdmin) throw redirect(localizedPath(requestLanguage(request), "/login"));
  // ADMIN_REQUIRE_2FA: the administrator first turns two-factor authentication on.
  if (context.config.adminRequiresTwoFactor && !user.twoFactorEnabled) {
    throw redirect(`${localizedPath(requestLanguage(request), "/account")}?require=two-factor`);
  }
  return user;
}
