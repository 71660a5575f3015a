import { useTranslation } from "~/i18n/translation-context";
import { Form, data, redirect } from "react-router";
import { AuthCard, primaryButton, secondaryButton } from "~/components/auth-card";
import { Field } from "~/components/field";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import { localizedPath } from "~/domain/languages";
import { safeReturnPath } from "~/domain/return-path";
import { callAuth, cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { MessageKey } from "~/i18n/translate";
import type { Route } from "./+types/login-two-factor";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { readForm } from "~/server/http/read-form";
import { routeMessages } from "~/i18n/route-messages";

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("auth.twoFactor.title"));
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.currentUser) throw redirect(localizedPath(requestLanguage(request), "/"));
  return { messages: routeMessages(requestLanguage(request), ["auth"]) };
}

/** Second step of a sign-in with two-factor: a TOTP code, or one of the backup codes. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const code = String(form.get("code") ?? "").replace(/\s+/g, "");
  const backup = form.get("intent") === "backup";
  const result = await callAuth(context, request, backup ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp", { code });
  if (result.status === 200) {
    const returnTo = safeReturnPath(new URL(request.url).searchParams.get("redirectTo"));
    return redirect(returnTo ?? localizedPath(requestLanguage(request), "/"), { headers: cookieHeaders(result.setCookies) });
  }
  const key: MessageKey =
    result.status === 429
      ? "auth.errors.tooManyRequests"
      : result.body?.code === "INVALID_TWO_FACTOR_COOKIE"
        ? "auth.twoFactor.expired"
        : "auth.twoFactor.invalid";
  return data({ key }, result.status === 429 ? 429 : 400);
}

export default function TwoFactor({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.twoFactor.title")}>
      {actionData ? <FormMessage tone="error">{t(actionData.key)}</FormMessage> : null}
      <Form method="post" className="mt-4 space-y-4">
        <p className="text-sm text-stone-700">{t("auth.twoFactor.intro")}</p>
        <Field label={t("auth.twoFactor.code")} name="code" inputMode="numeric" autoComplete="one-time-code" required pattern="[0-9 ]{6,7}" />
        <button type="submit" name="intent" value="totp" className={primaryButton}>
          {t("auth.twoFactor.submit")}
        </button>
      </Form>
      <Form method="post" className="mt-6 space-y-3 border-t border-stone-200 pt-4">
        <p className="text-sm text-stone-700">{t("auth.twoFactor.backupIntro")}</p>
        <Field label={t("auth.twoFactor.backupCode")} name="code" autoComplete="off" required />
        <button type="submit" name="intent" value="backup" className={secondaryButton}>
          {t("auth.twoFactor.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary();
