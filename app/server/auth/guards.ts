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
  if (!context.currentUser?.isAdmin) throw redirect(localizedPath(requestLanguage(request), "/login"));
  return context.currentUser;
}
