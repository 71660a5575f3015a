import { useTranslation } from "~/i18n/translation-context";
import type { AccountActionData, AccountSection } from "~/domain/account-answers";
import { Field } from "../field";
import { FormMessage } from "../form-message";

export type SectionResult = Extract<AccountActionData, { section: AccountSection }> | null;
export type TwoFactorData = Extract<AccountActionData, { section: "twoFactor" }>;

/** Each settings block's frame. */
export const accountCard = "mt-6 rounded-2xl border border-stone-200 bg-white p-6";

/** The section's success message, or its errors that belong to no field. */
export function SectionMessages({ result }: { result: SectionResult }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (result.success) return <FormMessage tone="success">{t(result.success.key, result.success.values)}</FormMessage>;
  const formErrors = result.errors?.form;
  return formErrors ? <FormMessage tone="error">{formErrors.map((message) => t(message.key, message.values)).join(" ")}</FormMessage> : null;
}

/** The re-authentication field that e-mail, password, two-factor and deletion changes ask for. */
export function CurrentPasswordField({ name = "currentPassword", errors }: { name?: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  return <Field label={t("account.password.current")} name={name} type="password" autoComplete="current-password" required errors={errors} />;
}
