import { redirect } from "react-router";
import { localizedPath } from "~/domain/languages";
import { GOOGLE_PROVIDER_ID } from "~/server/auth/auth";
import { callAuth, cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/login-google";

/**
 * 'Continuer avec Google': better-auth prepares the OpenID Connect request
 * (state, PKCE) and we send the browser to the provider. Back from it, success
 * lands on the home page, failure on the login page with the Google message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const language = requestLanguage(request);
  const login = localizedPath(language, "/login");
  if (!context.config.google) return redirect(login);
  const result = await callAuth(context, request, "/sign-in/social", {
    provider: GOOGLE_PROVIDER_ID,
    callbackURL: `${context.config.publicUrl}${localizedPath(language, "/")}`,
    errorCallbackURL: `${context.config.publicUrl}${login}?error=google`,
    newUserCallbackURL: `${context.config.publicUrl}${localizedPath(language, "/")}`,
  });
  const url = typeof result.body?.url === "string" ? result.body.url : null;
  if (result.status !== 200 || !url) return redirect(`${login}?error=google`);
  return redirect(url, { headers: cookieHeaders(result.setCookies) });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizedPath(requestLanguage(request), "/login"));
}
