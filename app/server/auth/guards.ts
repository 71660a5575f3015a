import { redirect } from "react-router";
import type { CurrentUser } from "~/domain/current-user";
import { localizedPath } from "~/domain/languages";
import type { Executor } from "../db/database";
import { requestLanguage } from "../language";
import { getOptionalUser } from "./current-user";

/** The signed-in user, or a redirect to the login page in the request's language. */
export async function requireUser(request: Request, db: Executor): Promise<CurrentUser> {
  const user = await getOptionalUser(request, db);
  if (!user) throw redirect(localizedPath(requestLanguage(request), "/login"));
  return user;
}

/** The administrator; anyone else is sent to the login page (community §2, admin area). */
export async function requireAdmin(request: Request, db: Executor): Promise<CurrentUser> {
  const user = await getOptionalUser(request, db);
  if (!user?.isAdmin) throw redirect(localizedPath(requestLanguage(request), "/login"));
  return user;
}
