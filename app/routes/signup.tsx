import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthCard, primaryButton, textLink } from "~/components/auth-card";
import { CaptchaWidget } from "~/components/captcha-widget";
import { Field } from "~/components/field";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import { NewPasswordFields } from "~/components/new-password-fields";
import { useLocalizedHref } from "~/components/root-data";
import { useFieldErrors } from "~/components/use-form-errors";
import type { FieldErrors } from "~/domain/account-rules";
import { loadAccountRules, loadedAccountRules } from "~/components/account-rules-on-demand";
import { localizedPath } from "~/domain/languages";
import { signUp } from "~/server/accounts/sign-up";
import { cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/signup";
import { routeErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("auth.signup.title"));
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.currentUser) throw redirect(localizedPath(requestLanguage(request), "/"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await signUp(context, request, await request.formData());
  if (outcome.ok) return redirect(localizedPath(requestLanguage(request), "/"), { headers: cookieHeaders(outcome.setCookies) });
  return data({ errors: outcome.errors }, outcome.status);
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<FieldErrors<string> | null>(null);
  const errors = clientErrors ?? actionData?.errors ?? null;
  const fieldErrors = useFieldErrors(errors);
  const submitting = navigation.state === "submitting";

  function check(event: React.FormEvent<HTMLFormElement>) {
    const rules = loadedAccountRules();
    if (!rules) return; // Not loaded yet: the server checks the same rules.
    const form = new FormData(event.currentTarget);
    const result = rules.validate(rules.signUpSchema, Object.fromEntries(["username", "email", "password", "confirmPassword"].map((key) => [key, String(form.get(key) ?? "")])));
    const found: FieldErrors<string> = result.ok ? {} : { ...result.errors };
    if (!form.get("altcha")) found.captcha = ["auth.errors.captchaRequired"];
    const invalid = Object.keys(found).length > 0;
    setClientErrors(invalid ? found : null);
    if (invalid) event.preventDefault();
  }

  return (
    <AuthCard title={t("auth.signup.title")}>
      {fieldErrors("form") ? <FormMessage tone="error">{fieldErrors("form")!.join(" ")}</FormMessage> : null}
      <Form method="post" noValidate onFocus={loadAccountRules} onSubmit={check} className="mt-4 space-y-4">
        <Field label={t("auth.signup.username")} name="username" autoComplete="username" required maxLength={20} errors={fieldErrors("username")} />
        <Field label={t("auth.signup.email")} name="email" type="email" autoComplete="email" required errors={fieldErrors("email")} />
        <NewPasswordFields
          passwordLabel={t("auth.signup.password")}
          confirmLabel={t("auth.signup.confirmPassword")}
          passwordErrors={fieldErrors("password")}
          confirmErrors={fieldErrors("confirmPassword")}
        />
        <CaptchaWidget label={t("auth.signup.captcha")} invalid={Boolean(fieldErrors("captcha"))} describedBy="captcha-error" />
        {fieldErrors("captcha") ? (
          <p id="captcha-error" className="text-sm text-red-700">
            {fieldErrors("captcha")!.join(" ")}
          </p>
        ) : null}
        <button type="submit" className={primaryButton} disabled={submitting}>
          {submitting ? t("auth.signup.submitting") : t("auth.signup.submit")}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t("auth.signup.haveAccount")}{" "}
        <Link to={href("/login")} className={textLink}>
          {t("auth.signup.loginLink")}
        </Link>
      </p>
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary();
