import { redirect } from "react-router";
import { localizedPath } from "~/domain/languages";
import { AUTH_BASE_PATH } from "~/server/auth/auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/logout";

/**
 * The header's logout form. The sign-out goes through better-auth's handler
 * (origin check included), which ends the session on the server and clears
 * the cookie; then home in the current language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const signOut = new Request(new URL(`${AUTH_BASE_PATH}/sign-out`, request.url), { method: "POST", headers, body: "{}" });
  const response = await context.auth.handler(signOut);
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return redirect(localizedPath(requestLanguage(request), "/"), { headers: cookies });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizedPath(requestLanguage(request), "/"));
}
