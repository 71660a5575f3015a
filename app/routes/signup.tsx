import { useTranslation } from "~/i18n/translation-context";
import { Form, redirect, useNavigation } from "react-router";
import { AuthCard, AuthSwitch, primaryButton } from "~/components/auth-card";
import { CaptchaWidget } from "~/components/captcha-widget";
import { Field } from "~/components/field";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import { NewPasswordFields } from "~/components/new-password-fields";
import { useLocalizedHref } from "~/components/root-data";
import { rulesOnDemand, useFormCheck } from "~/components/use-form-check";
import { localizedPath } from "~/domain/languages";
import { signUp } from "~/server/accounts/sign-up";
import { cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/signup";
import { refused } from "~/server/http/refusal-status";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { readForm } from "~/server/http/read-form";
import { routeMessages } from "~/i18n/route-messages";

// The account rules load once the form is in use (rulesOnDemand): the page stays light.
const accountRules = rulesOnDemand(() => import("~/domain/account-rules"));

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("auth.signup.title"));
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.currentUser) throw redirect(localizedPath(requestLanguage(request), "/"));
  return { messages: routeMessages(requestLanguage(request), ["auth", "contribute.errors"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await signUp(context, request, await readForm(request));
  if (outcome.ok) return redirect(localizedPath(requestLanguage(request), "/"), { headers: cookieHeaders(outcome.setCookies) });
  return refused({ errors: outcome.errors }, outcome.reason);
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigation = useNavigation();
  const { onSubmit, messages: fieldErrors } = useFormCheck((values) => accountRules.loaded()?.checkSignUpForm(values) ?? null, actionData?.errors);
  const submitting = navigation.state === "submitting";

  return (
    <AuthCard title={t("auth.signup.title")}>
      {fieldErrors("form") ? <FormMessage tone="error">{fieldErrors("form")!.join(" ")}</FormMessage> : null}
      <Form method="post" noValidate onFocus={accountRules.preload} onSubmit={onSubmit} className="mt-4 space-y-4">
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
      <AuthSwitch question={t("auth.signup.haveAccount")} link={t("auth.signup.loginLink")} to={href("/login")} />
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary();
