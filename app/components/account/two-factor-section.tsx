import { useTranslation } from "~/i18n/translation-context";
import { Form } from "react-router";
import { primaryButton, secondaryButton } from "../auth-card";
import { Field } from "../field";
import { FormMessage } from "../form-message";
import { AccountCard, CurrentPasswordField, type TwoFactorData } from "./section-parts";

/** Two-factor authentication on (password, QR code, code) or off (password). */
export function TwoFactorSection({ enabledNow, actionData }: { enabledNow: boolean; actionData: TwoFactorData | undefined }) {
  const { t } = useTranslation();
  const enabled = actionData?.step === "done" ? actionData.message === "account.twoFactor.enabledNow" : enabledNow;
  return (
    <AccountCard id="security-two-factor" title={t("account.twoFactor.title")}>
      <p className="mt-1 text-sm text-stone-700">{enabled ? t("account.twoFactor.on") : t("account.twoFactor.off")}</p>
      {actionData?.step === "error" ? <FormMessage tone="error">{t(actionData.message)}</FormMessage> : null}
      {actionData?.step === "done" ? <FormMessage tone="success">{t(actionData.message)}</FormMessage> : null}
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
          <CurrentPasswordField name="password" />
          <button type="submit" name="intent" value={enabled ? "disable-two-factor" : "enable-two-factor"} className={secondaryButton}>
            {enabled ? t("account.twoFactor.disable") : t("account.twoFactor.enable")}
          </button>
        </Form>
      )}
    </AccountCard>
  );
}
