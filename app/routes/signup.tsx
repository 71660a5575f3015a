import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthCard, primaryButton, textLink } from "~/components/auth-card";
import { CaptchaWidget } from "~/components/captcha-widget";
import { Field, FormMessage } from "~/components/field";
import { titledMeta } from "~/components/page-meta";
import { useLocalizedHref } from "~/components/root-data";
import { useFieldErrors } from "~/components/use-form-errors";
import { PASSWORD_CHECKS, signUpSchema, validate, type FieldErrors } from "~/domain/account-rules";
import { localizedPath } from "~/domain/languages";
import { signUp } from "~/server/accounts/sign-up";
import { cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/signup";

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
  const [password, setPassword] = useState("");
  const [clientErrors, setClientErrors] = useState<FieldErrors<string> | null>(null);
  const errors = clientErrors ?? actionData?.errors ?? null;
  const fieldErrors = useFieldErrors(errors);
  const submitting = navigation.state === "submitting";

  function check(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const result = validate(signUpSchema, Object.fromEntries(["username", "email", "password", "confirmPassword"].map((key) => [key, String(form.get(key) ?? "")])));
    const found: FieldErrors<string> = result.ok ? {} : { ...result.errors };
    if (!form.get("altcha")) found.captcha = ["auth.errors.captchaRequired"];
    const invalid = Object.keys(found).length > 0;
    setClientErrors(invalid ? found : null);
    if (invalid) event.preventDefault();
  }

  return (
    <AuthCard title={t("auth.signup.title")}>
      {fieldErrors("form") ? <FormMessage tone="error">{fieldErrors("form")!.join(" ")}</FormMessage> : null}
      <Form method="post" noValidate onSubmit={check} className="mt-4 space-y-4">
        <Field label={t("auth.signup.username")} name="username" autoComplete="username" required maxLength={20} errors={fieldErrors("username")} />
        <Field label={t("auth.signup.email")} name="email" type="email" autoComplete="email" required errors={fieldErrors("email")} />
        <Field
          label={t("auth.signup.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          onChange={(event) => setPassword(event.currentTarget.value)}
          errors={fieldErrors("password")}
          description={<PasswordChecklist password={password} />}
        />
        <Field
          label={t("auth.signup.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          errors={fieldErrors("confirmPassword")}
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

/** The live checklist of the password rules (public site §2), read by screen readers as a list. */
function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 text-sm">
      <p className="text-stone-600">{t("auth.signup.checklist")}</p>
      <ul className="mt-1 space-y-0.5">
        {PASSWORD_CHECKS.map((check) => {
          const met = check.test(password);
          return (
            <li key={check.key} className={met ? "text-teal-800" : "text-stone-600"}>
              <span aria-hidden="true">{met ? "✓" : "○"}</span> {t(`auth.signup.checks.${check.key}`)}
              <span className="sr-only"> ({met ? t("auth.signup.checkMet") : t("auth.signup.checkUnmet")})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
