import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Form, data, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard, AuthSwitch, primaryButton, secondaryButton, textLink } from "~/components/auth-card";
import { Field } from "~/components/field";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import { useLocalizedHref } from "~/components/root-data";
import { rulesOnDemand, useFormCheck } from "~/components/use-form-check";
import { checkResetRequestForm, checkSignInForm, type SignInField } from "~/domain/account-rules";
import type { FieldMessages } from "~/domain/form-values";
import type { MessageKey } from "~/i18n/translate";
import { localizedPath } from "~/domain/languages";
import { loginPathReturningTo, safeReturnPath } from "~/domain/return-path";
import { signInWithPassword } from "~/server/accounts/sign-in";
import { callAuth, cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/login";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { readForm } from "~/server/http/read-form";
import { routeMessages } from "~/i18n/route-messages";

// The account rules load once the form is in use (rulesOnDemand): the page stays light.
const accountRules = rulesOnDemand(() => import("~/domain/account-rules"));

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("auth.login.title"));
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.currentUser) throw redirect(localizedPath(requestLanguage(request), "/"));
  return { googleEnabled: context.config.google !== null, messages: routeMessages(requestLanguage(request), ["auth", "contribute.errors"]) };
}

type ActionResult =
  | { intent: "login"; errors: FieldMessages<SignInField>; message?: { key: MessageKey; reason?: string } }
  | { intent: "reset"; errors: FieldMessages<"email">; sentTo?: string; message?: { key: MessageKey } };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const language = requestLanguage(request);
  if (form.get("intent") === "reset") {
    const fields = checkResetRequestForm({ email: String(form.get("email") ?? "") });
    if (!fields.ok) return data<ActionResult>({ intent: "reset", errors: fields.errors }, 400);
    // Same answer whether or not the address has an account (better-auth answers alike).
    const result = await callAuth(context, request, "/request-password-reset", {
      email: fields.data.email,
      redirectTo: `${context.config.publicUrl}${localizedPath(language, "/reset-password")}`,
    });
    if (result.status === 200) return data<ActionResult>({ intent: "reset", errors: {}, sentTo: fields.data.email });
    const key = result.status === 429 ? "auth.errors.tooManyRequests" : "auth.errors.resetSendFailed";
    return data<ActionResult>({ intent: "reset", errors: {}, message: { key } }, result.status === 429 ? 429 : 500);
  }

  const fields = checkSignInForm({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
  if (!fields.ok) return data<ActionResult>({ intent: "login", errors: fields.errors }, 400);
  const outcome = await signInWithPassword(context, request, fields.data.email, fields.data.password);
  // Where the visitor was going when sent here (the admin area): a path of this site only.
  const returnTo = safeReturnPath(String(form.get("redirectTo") ?? ""));
  switch (outcome.kind) {
    case "signed-in":
      return redirect(returnTo ?? localizedPath(language, "/"), { headers: cookieHeaders(outcome.setCookies) });
    case "two-factor": {
      const twoFactor = localizedPath(language, "/login/two-factor");
      return redirect(returnTo ? loginPathReturningTo(twoFactor, returnTo) : twoFactor, { headers: cookieHeaders(outcome.setCookies) });
    }
    case "suspended":
      return data<ActionResult>({ intent: "login", errors: {}, message: { key: "auth.errors.suspended", reason: outcome.reason } }, 403);
    case "rate-limited":
      return data<ActionResult>(
        { intent: "login", errors: {}, message: { key: "auth.errors.tooManyRequests" } },
        { status: 429, headers: outcome.retryAfter ? { "Retry-After": outcome.retryAfter } : {} },
      );
    case "refused":
      return data<ActionResult>({ intent: "login", errors: {}, message: { key: "auth.errors.loginFailed" } }, 401);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [resetOpen, setResetOpen] = useState(actionData?.intent === "reset");
  const loginResult = actionData?.intent === "login" ? actionData : null;
  const resetResult = actionData?.intent === "reset" ? actionData : null;
  const login = useFormCheck((values) => accountRules.loaded()?.checkSignInForm(values) ?? null, loginResult?.errors);
  const reset = useFormCheck((values) => accountRules.loaded()?.checkResetRequestForm(values) ?? null, resetResult?.errors);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";

  return (
    <AuthCard title={t("auth.login.title")}>
      {searchParams.getAll("error").includes("account_not_linked") ? (
        // better-auth refused to join Google to an account whose address is not confirmed (decision 0025).
        <FormMessage tone="error">{t("auth.errors.googleNotLinked")}</FormMessage>
      ) : searchParams.get("error") === "google" ? (
        <FormMessage tone="error">{t("auth.errors.googleFailed")}</FormMessage>
      ) : null}
      {loginResult?.message ? (
        <FormMessage tone="error">{t(loginResult.message.key, { reason: loginResult.message.reason })}</FormMessage>
      ) : null}
      <Form method="post" noValidate onFocus={accountRules.preload} onSubmit={login.onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="login" />
        {searchParams.get("redirectTo") ? <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo")!} /> : null}
        <Field label={t("auth.login.email")} name="email" type="email" autoComplete="email" required errors={login.messages("email")} />
        <Field
          label={t("auth.login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={login.messages("password")}
        />
        <button type="submit" className={primaryButton} disabled={submitting}>
          {submitting ? t("auth.login.submitting") : t("auth.login.submit")}
        </button>
      </Form>

      <button
        type="button"
        className={`mt-3 text-sm ${textLink}`}
        aria-expanded={resetOpen}
        aria-controls="forgot-password"
        onClick={() => setResetOpen((open) => !open)}
      >
        {t("auth.login.forgot")}
      </button>
      <div id="forgot-password" hidden={!resetOpen} className="mt-3 rounded-xl bg-stone-50 p-4">
        <h2 className="font-semibold">{t("auth.forgot.title")}</h2>
        <p className="mt-1 text-sm text-stone-600">{t("auth.forgot.intro")}</p>
        {resetResult?.sentTo ? <FormMessage tone="success">{t("auth.forgot.sent", { email: resetResult.sentTo })}</FormMessage> : null}
        {resetResult?.message ? <FormMessage tone="error">{t(resetResult.message.key)}</FormMessage> : null}
        <Form method="post" noValidate onFocus={accountRules.preload} onSubmit={reset.onSubmit} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="reset" />
          <Field label={t("auth.login.email")} name="email" type="email" autoComplete="email" required errors={reset.messages("email")} />
          <button type="submit" className={secondaryButton}>
            {t("auth.forgot.submit")}
          </button>
        </Form>
      </div>

      {loaderData.googleEnabled ? (
        <>
          <p className="my-5 text-center text-sm text-stone-500">{t("auth.login.or")}</p>
          <Form method="post" action={href("/login/google")}>
            <button type="submit" className={secondaryButton}>
              {t("auth.login.google")}
            </button>
          </Form>
        </>
      ) : null}

      <AuthSwitch question={t("auth.login.noAccount")} link={t("auth.login.signupLink")} to={href("/signup")} />
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary();
