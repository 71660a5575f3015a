import { useEffect } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Form, data, redirect, useNavigate } from "react-router";
import { AuthCard, primaryButton } from "~/components/auth-card";
import { Field } from "~/components/field";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import { useLocalizedHref } from "~/components/root-data";
import { rulesOnDemand, useFormCheck } from "~/components/use-form-check";
import { checkNewPasswordForm, type NewPasswordField } from "~/domain/account-rules";
import type { FieldMessages } from "~/domain/form-values";
import { localizedPath } from "~/domain/languages";
import { callAuth, cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/reset-password";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { readForm } from "~/server/http/read-form";
import { routeMessages } from "~/i18n/route-messages";

/** Redirect home after a successful update (docs/rules/accounts.md#password-reset). */
const REDIRECT_AFTER_UPDATE_MS = 3000;

// The account rules load once the form is in use (rulesOnDemand): the page stays light.
const accountRules = rulesOnDemand(() => import("~/domain/account-rules"));

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("auth.reset.title"));
}

/**
 * Target of the e-mail link (better-auth checks the token and adds it to the
 * address), or, for a signed-in member, a change of password that asks for the
 * current one. Anyone else goes to /login.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const linkError = url.searchParams.get("error") !== null;
  if (!token && !linkError && !context.currentUser) throw redirect(localizedPath(requestLanguage(request), "/login"));
  const messages = routeMessages(requestLanguage(request), ["auth", "contribute.errors"]);
  return { mode: token ? ("token" as const) : linkError ? ("invalid" as const) : ("change" as const), token, messages };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const fields = checkNewPasswordForm({ password: String(form.get("password") ?? ""), confirmPassword: String(form.get("confirmPassword") ?? "") });
  if (!fields.ok) return data({ errors: fields.errors, updated: false }, 400);
  const token = String(form.get("token") ?? "");
  const result = token
    ? await callAuth(context, request, "/reset-password", { newPassword: fields.data.password, token })
    : await callAuth(context, request, "/change-password", {
        newPassword: fields.data.password,
        currentPassword: String(form.get("currentPassword") ?? ""),
        revokeOtherSessions: true,
      });
  if (result.status === 200) return data({ errors: null, updated: true }, { headers: cookieHeaders(result.setCookies) });
  const key =
    result.status === 429
      ? "auth.errors.tooManyRequests"
      : token && result.body?.code === "INVALID_TOKEN"
        ? "auth.reset.invalidLink"
        : "auth.errors.passwordUpdateFailed";
  const errors: FieldMessages<NewPasswordField> = { form: [{ key }] };
  return data({ errors, updated: false }, result.status === 429 ? 429 : 400);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const { onSubmit, messages: fieldErrors } = useFormCheck((values) => accountRules.loaded()?.checkNewPasswordForm(values) ?? null, actionData?.errors);
  const updated = actionData?.updated === true;

  useEffect(() => {
    if (!updated) return;
    const timer = window.setTimeout(() => navigate(href("/")), REDIRECT_AFTER_UPDATE_MS);
    return () => window.clearTimeout(timer);
  }, [updated, navigate, href]);

  if (loaderData.mode === "invalid") {
    return (
      <AuthCard title={t("auth.reset.title")}>
        <FormMessage tone="error">{t("auth.reset.invalidLink")}</FormMessage>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("auth.reset.title")}>
      {updated ? <FormMessage tone="success">{t("auth.reset.success")}</FormMessage> : null}
      {fieldErrors("form") ? <FormMessage tone="error">{fieldErrors("form")!.join(" ")}</FormMessage> : null}
      {!updated ? (
        <Form method="post" noValidate onFocus={accountRules.preload} onSubmit={onSubmit} className="mt-4 space-y-4">
          {loaderData.token ? <input type="hidden" name="token" value={loaderData.token} /> : null}
          {loaderData.mode === "change" ? (
            <Field label={t("auth.reset.currentPassword")} name="currentPassword" type="password" autoComplete="current-password" required />
          ) : null}
          <Field label={t("auth.reset.password")} name="password" type="password" autoComplete="new-password" required errors={fieldErrors("password")} />
          <Field
            label={t("auth.reset.confirmPassword")}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            errors={fieldErrors("confirmPassword")}
          />
          <button type="submit" className={primaryButton}>
            {t("auth.reset.submit")}
          </button>
        </Form>
      ) : null}
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary();
