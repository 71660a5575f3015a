import { useTranslation } from "react-i18next";
import { Form, Link, data, redirect, useSearchParams } from "react-router";
import QRCode from "qrcode";
import { primaryButton, secondaryButton, textLink } from "~/components/auth-card";
import { Field, FormMessage } from "~/components/field";
import { titledMeta } from "~/components/page-meta";
import { useLocalizedHref } from "~/components/root-data";
import { localizedPath } from "~/domain/languages";
import { requireUser } from "~/server/auth/guards";
import { callAuth, cookieHeaders } from "~/server/auth/call-auth";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/account";

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("account.title"));
}

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { twoFactorEnabled: user.twoFactorEnabled };
}

type ActionData =
  | { step: "scan"; qrCode: string; secret: string; backupCodes: string[] }
  | { step: "done"; message: string }
  | { step: "error"; message: string };

/** Account settings: two-factor authentication on or off, and ending every session. */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const password = String(form.get("password") ?? "");
  const refused = (message: string, status = 400) => data<ActionData>({ step: "error", message }, status);

  if (intent === "enable-two-factor") {
    const result = await callAuth(context, request, "/two-factor/enable", { password });
    if (result.status !== 200 || typeof result.body?.totpURI !== "string") return refused("account.twoFactor.wrongPassword");
    const totpURI = result.body.totpURI;
    return data<ActionData>({
      step: "scan",
      qrCode: await QRCode.toString(totpURI, { type: "svg", margin: 1 }),
      secret: new URL(totpURI).searchParams.get("secret") ?? "",
      backupCodes: (result.body.backupCodes as string[]) ?? [],
    });
  }
  if (intent === "verify-two-factor") {
    const result = await callAuth(context, request, "/two-factor/verify-totp", { code: String(form.get("code") ?? "").replace(/\s+/g, "") });
    if (result.status !== 200) return refused("auth.twoFactor.invalid");
    return data<ActionData>({ step: "done", message: "account.twoFactor.enabledNow" }, { headers: cookieHeaders(result.setCookies) });
  }
  if (intent === "disable-two-factor") {
    const result = await callAuth(context, request, "/two-factor/disable", { password });
    if (result.status !== 200) return refused("account.twoFactor.wrongPassword");
    return data<ActionData>({ step: "done", message: "account.twoFactor.disabledNow" }, { headers: cookieHeaders(result.setCookies) });
  }
  if (intent === "logout-everywhere") {
    const revoked = await callAuth(context, request, "/revoke-sessions");
    const signedOut = await callAuth(context, request, "/sign-out");
    return redirect(localizedPath(requestLanguage(request), "/login"), {
      headers: cookieHeaders([...revoked.setCookies, ...signedOut.setCookies]),
    });
  }
  return refused("common.genericError");
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [searchParams] = useSearchParams();
  const enabled = actionData?.step === "done" ? actionData.message === "account.twoFactor.enabledNow" : loaderData.twoFactorEnabled;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("account.title")}</h1>
      {searchParams.get("require") === "two-factor" ? <FormMessage tone="error">{t("account.twoFactor.requiredForAdmin")}</FormMessage> : null}

      <section aria-labelledby="security-password" className="mt-8 rounded-2xl border border-stone-200 bg-white p-6">
        <h2 id="security-password" className="text-xl font-bold">
          {t("account.password.title")}
        </h2>
        <Link to={href("/reset-password")} className={`mt-2 inline-block ${textLink}`}>
          {t("account.password.change")}
        </Link>
      </section>

      <section aria-labelledby="security-two-factor" className="mt-6 rounded-2xl border border-stone-200 bg-white p-6">
        <h2 id="security-two-factor" className="text-xl font-bold">
          {t("account.twoFactor.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{enabled ? t("account.twoFactor.on") : t("account.twoFactor.off")}</p>
        {actionData?.step === "error" ? <FormMessage tone="error">{t(actionData.message as "common.genericError")}</FormMessage> : null}
        {actionData?.step === "done" ? <FormMessage tone="success">{t(actionData.message as "common.genericError")}</FormMessage> : null}
        {actionData?.step === "scan" ? (
          <div className="mt-4 space-y-4">
            <p className="text-sm">{t("account.twoFactor.scan")}</p>
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(actionData.qrCode)}`}
              alt={t("account.twoFactor.qrAlt")}
              width={180}
              height={180}
            />
            <p className="text-sm">
              {t("account.twoFactor.secret")} <code className="break-all rounded bg-stone-100 px-1">{actionData.secret}</code>
            </p>
            <div>
              <p className="text-sm font-semibold">{t("account.twoFactor.backupCodes")}</p>
              <ul className="mt-1 grid grid-cols-2 gap-1 font-mono text-sm">
                {actionData.backupCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
            <Form method="post" className="space-y-3">
              <Field label={t("auth.twoFactor.code")} name="code" inputMode="numeric" autoComplete="one-time-code" required />
              <button type="submit" name="intent" value="verify-two-factor" className={primaryButton}>
                {t("account.twoFactor.confirm")}
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="mt-4 space-y-3">
            <Field label={t("account.password.current")} name="password" type="password" autoComplete="current-password" required />
            <button type="submit" name="intent" value={enabled ? "disable-two-factor" : "enable-two-factor"} className={secondaryButton}>
              {enabled ? t("account.twoFactor.disable") : t("account.twoFactor.enable")}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="security-sessions" className="mt-6 rounded-2xl border border-stone-200 bg-white p-6">
        <h2 id="security-sessions" className="text-xl font-bold">
          {t("account.sessions.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{t("account.sessions.intro")}</p>
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="logout-everywhere" className={secondaryButton}>
            {t("account.sessions.logoutEverywhere")}
          </button>
        </Form>
      </section>
    </section>
  );
}
