import { data, redirect, type AppLoadContext } from "react-router";
import type { CurrentUser } from "~/domain/current-user";
import type { ExplainedRefusal } from "~/domain/explained-refusal";
import { localizedPath } from "~/domain/languages";
import { loginPathReturningTo } from "~/domain/return-path";
import { requestT } from "../i18n";
import { requestLanguage } from "../language";

/** The signed-in member, or a redirect to the login page in the request's language. */
export function requireUser(request: Request, context: AppLoadContext): CurrentUser {
  if (!context.currentUser) throw redirect(localizedPath(requestLanguage(request), "/login"));
  return context.currentUser;
}

/**
 * The administrator. Visitors are sent to the login page (docs/rules/back-office.md#access),
 * which brings them back to the screen they asked for; a signed-in member who is not the administrator gets a 403 page
 * (sending them to a login page they are already past would loop home).
 */
export function requireAdmin(request: Request, context: AppLoadContext): CurrentUser {
  const user = context.currentUser;
  if (!user) {
    // Back to the admin screen once signed in (a GET's address; a POST's form is not replayed).
    const url = new URL(request.url);
    throw redirect(loginPathReturningTo(localizedPath(requestLanguage(request), "/login"), `${url.pathname}${url.search}`));
  }
  if (user.adminAddressUnconfirmed) throw data(unconfirmedAdministrator(request), { status: 403 });
  if (!user.isAdmin) throw data(requestT(request)("errors.forbiddenTitle"), { status: 403 });
  // ADMIN_REQUIRE_2FA: the administrator first turns two-factor authentication on.
  if (context.config.adminRequiresTwoFactor && !user.twoFactorEnabled) {
    throw redirect(`${localizedPath(requestLanguage(request), "/account")}?require=two-factor`);
  }
  return user;
}

/**
 * ADMIN_EMAIL's account before its address is confirmed (decision 0038): refused like any member,
 * but told why and where the confirmation link is sent again from.
 */
function unconfirmedAdministrator(request: Request): ExplainedRefusal {
  const t = requestT(request);
  return {
    title: t("admin.unconfirmed.title"),
    body: t("admin.unconfirmed.body"),
    link: { href: `${localizedPath(requestLanguage(request), "/account")}#account-email`, label: t("admin.unconfirmed.link") },
  };
}
