import { Link } from "react-router";
import { AuthCard, textLink } from "~/components/auth-card";
import { FormMessage } from "~/components/form-message";
import { titledMeta } from "~/components/page-meta";
import { useLocalizedHref } from "~/components/root-data";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { useTranslation } from "~/i18n/translation-context";
import { confirmEmailChange } from "~/server/accounts/email-change";
import { confirmAddress } from "~/server/accounts/email-confirmation";
import type { Route } from "./+types/confirm-email";
import { routeMessages } from "~/i18n/route-messages";
import { requestLanguage } from "~/server/language";

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("confirmEmail.title"));
}

// The answer depends on a one-time token: no cache may keep it.
export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * Where the links of address confirmation e-mails land (decision 0025):
 * `?token=` confirms a new account's address (better-auth's signed token),
 * `?change=` a new address asked for on the account page. Either way the page
 * says what happened in words; a bad or missing token is just "not valid".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const messages = routeMessages(requestLanguage(request), ["confirmEmail", "account.email.taken", "account.email.reserved"]);
  const query = new URL(request.url).searchParams;
  const token = query.get("token");
  const change = query.get("change");
  if (token) {
    const result = await confirmAddress(context, request, token);
    return { ok: result === "confirmed", key: `confirmEmail.${result}` as const, email: "", messages };
  }
  if (change) {
    const confirmation = await confirmEmailChange(context, change);
    if (confirmation.result === "changed") return { ok: true, key: "confirmEmail.changed" as const, email: confirmation.email, messages };
    const keys = { expired: "confirmEmail.expired", invalid: "confirmEmail.invalid", taken: "account.email.taken", reserved: "account.email.reserved" } as const;
    return { ok: false, key: keys[confirmation.result], email: "", messages };
  }
  return { ok: false, key: "confirmEmail.invalid" as const, email: "", messages };
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <AuthCard title={t("confirmEmail.title")}>
      <FormMessage tone={loaderData.ok ? "success" : "error"}>{t(loaderData.key, { email: loaderData.email })}</FormMessage>
      <p className="mt-6 flex flex-wrap justify-center gap-6 text-sm">
        <Link to={href("/account")} className={textLink}>
          {t("confirmEmail.toAccount")}
        </Link>
        <Link to={href("/")} className={textLink}>
          {t("confirmEmail.toHome")}
        </Link>
      </p>
    </AuthCard>
  );
}

export const ErrorBoundary = routeErrorBoundary();
