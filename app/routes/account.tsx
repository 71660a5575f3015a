import { useTranslation } from "~/i18n/translation-context";
import { data, redirect, useSearchParams } from "react-router";
import QRCode from "qrcode";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import type { FieldErrors } from "~/domain/account-rules";
import { localizedPath } from "~/domain/languages";
import { accountEmail, changeEmail, changePassword, changeUsername } from "~/server/accounts/account-settings";
import { currentSessionId, listAccountSessions, revokeAccountSession } from "~/server/accounts/account-sessions";
import { deleteOwnAccount } from "~/server/accounts/delete-account";
import { requireUser } from "~/server/auth/guards";
import { callAuth, cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import { UsernameSection } from "~/components/account/username-section";
import { EmailSection } from "~/components/account/email-section";
import { PasswordSection } from "~/components/account/password-section";
import { TwoFactorSection } from "~/components/account/two-factor-section";
import { SessionsSection } from "~/components/account/sessions-section";
import { ExportSection } from "~/components/account/export-section";
import { DeleteSection } from "~/components/account/delete-section";
import type { AccountActionData, AccountMessage, AccountSection } from "~/components/account/section-parts";
import type { Route } from "./+types/account";
import { routeErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("account.title"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [email, sessionId] = await Promise.all([accountEmail(context.db, user.id), currentSessionId(context, request)]);
  return {
    username: user.username,
    email,
    isAdmin: user.isAdmin,
    twoFactorEnabled: user.twoFactorEnabled,
    sessions: await listAccountSessions(context.db, user.id, sessionId),
  };
}



const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Account settings: username, e-mail, password, two-factor authentication,
 * sessions, data export and deletion. Every change acts on the signed-in
 * member (the session's id, never one from the form), through app/server/accounts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const refusedTwoFactor = (message: string, status = 400) =>
    data<AccountActionData>({ section: "twoFactor", step: "error", message }, status);
  const refused = (section: AccountSection, errors: FieldErrors<string>, status: number) => data<AccountActionData>({ section, errors }, status);
  const done = (section: AccountSection, success: AccountMessage, headers?: Headers) => data<AccountActionData>({ section, success }, { headers });

  if (intent === "change-username") {
    const outcome = await changeUsername(context.db, user.id, { username: text(form, "username") });
    if (!outcome.ok) return refused("username", outcome.errors, outcome.status);
    return done("username", { key: "account.username.changed", values: { username: outcome.username } });
  }
  if (intent === "change-email") {
    const outcome = await changeEmail(context, request, user.id, { email: text(form, "email"), currentPassword: text(form, "currentPassword") });
    if (!outcome.ok) return refused("email", outcome.errors, outcome.status);
    return done("email", { key: "account.email.changed", values: { email: outcome.email } });
  }
  if (intent === "change-password") {
    const outcome = await changePassword(context, request, {
      currentPassword: text(form, "currentPassword"),
      password: text(form, "password"),
      confirmPassword: text(form, "confirmPassword"),
    });
    if (!outcome.ok) return refused("password", outcome.errors, outcome.status);
    return done("password", { key: "account.password.changed" }, cookieHeaders(outcome.setCookies));
  }
  if (intent === "revoke-session") {
    const sessionId = text(form, "sessionId");
    if (sessionId && sessionId === (await currentSessionId(context, request))) {
      const signedOut = await callAuth(context, request, "/sign-out");
      return redirect(localizedPath(requestLanguage(request), "/login"), { headers: cookieHeaders(signedOut.setCookies) });
    }
    if (!(await revokeAccountSession(context.db, user.id, sessionId))) {
      return refused("sessions", { form: ["account.sessions.notFound"] }, 404);
    }
    return done("sessions", { key: "account.sessions.revoked" });
  }
  if (intent === "logout-everywhere") {
    const revoked = await callAuth(context, request, "/revoke-sessions");
    const signedOut = await callAuth(context, request, "/sign-out");
    return redirect(localizedPath(requestLanguage(request), "/login"), {
      headers: cookieHeaders([...revoked.setCookies, ...signedOut.setCookies]),
    });
  }
  if (intent === "delete-account") {
    const outcome = await deleteOwnAccount(context, request, user, {
      currentPassword: text(form, "currentPassword"),
      confirmUsername: text(form, "confirmUsername"),
    });
    if (!outcome.ok) return refused("delete", outcome.errors, outcome.status);
    return redirect(`${localizedPath(requestLanguage(request), "/")}?account=deleted`, { headers: cookieHeaders(outcome.setCookies) });
  }

  const password = text(form, "password");
  if (intent === "enable-two-factor") {
    const result = await callAuth(context, request, "/two-factor/enable", { password });
    if (result.status !== 200 || typeof result.body?.totpURI !== "string") return refusedTwoFactor("account.twoFactor.wrongPassword");
    const totpURI = result.body.totpURI;
    return data<AccountActionData>({
      section: "twoFactor",
      step: "scan",
      qrCode: await QRCode.toString(totpURI, { type: "svg", margin: 1 }),
      secret: new URL(totpURI).searchParams.get("secret") ?? "",
      backupCodes: (result.body.backupCodes as string[]) ?? [],
    });
  }
  if (intent === "verify-two-factor") {
    const result = await callAuth(context, request, "/two-factor/verify-totp", { code: text(form, "code").replace(/\s+/g, "") });
    if (result.status !== 200) return refusedTwoFactor("auth.twoFactor.invalid");
    return data<AccountActionData>({ section: "twoFactor", step: "done", message: "account.twoFactor.enabledNow" }, { headers: cookieHeaders(result.setCookies) });
  }
  if (intent === "disable-two-factor") {
    const result = await callAuth(context, request, "/two-factor/disable", { password });
    if (result.status !== 200) return refusedTwoFactor("account.twoFactor.wrongPassword");
    return data<AccountActionData>({ section: "twoFactor", step: "done", message: "account.twoFactor.disabledNow" }, { headers: cookieHeaders(result.setCookies) });
  }
  return refusedTwoFactor("common.genericError");
}


export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const result = (section: AccountSection) => (actionData && actionData.section === section && !("step" in actionData) ? actionData : null);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("account.title")}</h1>
      {searchParams.get("require") === "two-factor" ? <FormMessage tone="error">{t("account.twoFactor.requiredForAdmin")}</FormMessage> : null}

      <UsernameSection username={loaderData.username} result={result("username")} />
      <EmailSection email={loaderData.email} isAdmin={loaderData.isAdmin} result={result("email")} />
      <PasswordSection result={result("password")} />
      <TwoFactorSection enabledNow={loaderData.twoFactorEnabled} actionData={actionData?.section === "twoFactor" ? actionData : undefined} />
      <SessionsSection sessions={loaderData.sessions} result={result("sessions")} />
      <ExportSection />
      <DeleteSection username={loaderData.username} isAdmin={loaderData.isAdmin} result={result("delete")} />
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary();
