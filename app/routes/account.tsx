import { useTranslation } from "~/i18n/translation-context";
import { data, redirect, useSearchParams } from "react-router";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import { localizedPath } from "~/domain/languages";
import { accountAddress } from "~/server/accounts/account-settings";
import { pendingEmailChange } from "~/server/accounts/email-change";
import { accountIntentHandlers, unknownAccountIntent } from "~/server/accounts/account-intents";
import { currentSessionId, listAccountSessions } from "~/server/accounts/account-sessions";
import { requireUser } from "~/server/auth/guards";
import { cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import { UsernameSection } from "~/components/account/username-section";
import { EmailSection } from "~/components/account/email-section";
import { PasswordSection } from "~/components/account/password-section";
import { TwoFactorSection } from "~/components/account/two-factor-section";
import { SessionsSection } from "~/components/account/sessions-section";
import { ExportSection } from "~/components/account/export-section";
import { DeleteSection } from "~/components/account/delete-section";
import { SectionMessages } from "~/components/account/section-parts";
import type { AccountSection } from "~/domain/account-answers";
import type { Route } from "./+types/account";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { dispatchIntent } from "~/server/http/dispatch-intent";
import { refused } from "~/server/http/refusal-status";
import { routeMessages } from "~/i18n/route-messages";

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("account.title"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [address, pendingEmail, sessionId] = await Promise.all([
    accountAddress(context.db, user.id),
    pendingEmailChange(context.db, user.id),
    currentSessionId(context, request),
  ]);
  return {
    username: user.username,
    ...address,
    pendingEmail,
    // ADMIN_EMAIL's address is fixed and its account kept, confirmed or not (app/server/auth/administrator.ts).
    isAdmin: user.isAdmin || user.adminAddressUnconfirmed === true,
    twoFactorEnabled: user.twoFactorEnabled,
    sessions: await listAccountSessions(context.db, user.id, sessionId),
    messages: routeMessages(requestLanguage(request), ["account", "auth", "contribute.errors", "rideLog.files.accountLink"]),
  };
}

/**
 * Account settings: username, e-mail, password, two-factor authentication,
 * sessions, data export and deletion, each an intent of app/server/accounts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const outcome = await dispatchIntent(request, accountIntentHandlers(context, request, user), unknownAccountIntent);
  const headers = cookieHeaders(outcome.setCookies);
  if (outcome.kind === "redirect") return redirect(`${localizedPath(requestLanguage(request), outcome.path)}${outcome.search}`, { headers });
  return outcome.reason ? refused(outcome.data, outcome.reason, headers) : data(outcome.data, { headers });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const result = (section: AccountSection) => (actionData && actionData.section === section && !("step" in actionData) ? actionData : null);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("account.title")}</h1>
      {searchParams.get("require") === "two-factor" ? <FormMessage tone="error">{t("account.twoFactor.requiredForAdmin")}</FormMessage> : null}
      <SectionMessages result={result("page")} />

      <UsernameSection username={loaderData.username} result={result("username")} />
      <EmailSection
        email={loaderData.email}
        emailVerified={loaderData.emailVerified}
        pendingEmail={loaderData.pendingEmail}
        isAdmin={loaderData.isAdmin}
        result={result("email")}
      />
      <PasswordSection result={result("password")} />
      <TwoFactorSection enabledNow={loaderData.twoFactorEnabled} actionData={actionData?.section === "twoFactor" ? actionData : undefined} />
      <SessionsSection sessions={loaderData.sessions} result={result("sessions")} />
      <ExportSection />
      <DeleteSection username={loaderData.username} isAdmin={loaderData.isAdmin} result={result("delete")} />
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary();
