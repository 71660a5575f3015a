import { redirect } from "react-router";
import { localizedPath } from "~/domain/languages";
import { callAuth, cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/logout";

/**
 * The header's logout form. The sign-out goes through better-auth's handler
 * (origin check included), which ends the session on the server and clears
 * the cookie; then home in the current language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const signedOut = await callAuth(context, request, "/sign-out");
  return redirect(localizedPath(requestLanguage(request), "/"), { headers: cookieHeaders(signedOut.setCookies) });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizedPath(requestLanguage(request), "/"));
}
