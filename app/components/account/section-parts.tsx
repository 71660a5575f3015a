import { Form } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { AccountActionData, AccountSection } from "~/domain/account-answers";
import type { FieldMessages, FormCheck, FormValues } from "~/domain/form-values";
import { secondaryButton } from "../auth-card";
import { Field } from "../field";
import { FormMessage } from "../form-message";
import { useFormCheck } from "../use-form-check";

export type SectionResult = Extract<AccountActionData, { section: AccountSection }> | null;
export type TwoFactorData = Extract<AccountActionData, { section: "twoFactor" }>;

/** Each settings block's frame. */
export const accountCard = "mt-6 rounded-2xl border border-stone-200 bg-white p-6";

/** A settings block: its frame and its heading, which names the region. */
export function AccountCard({ id, title, className = accountCard, children }: { id: string; title: string; className?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A section's form: the same check in the browser as its intent runs on the
 * server (useFormCheck), its fields (given the field's translated messages),
 * and its submit button, which names the intent.
 */
export function SettingsForm<Field extends string>({
  check,
  result,
  intent,
  submit,
  className = "mt-4 space-y-3",
  buttonClassName = secondaryButton,
  fields,
}: {
  check: (values: FormValues) => FormCheck<Field, unknown>;
  result: SectionResult;
  intent: string;
  submit: string;
  className?: string;
  buttonClassName?: string;
  fields: (messages: (field: Field | "form") => string[] | null) => React.ReactNode;
}) {
  const { onSubmit, messages } = useFormCheck(check, result?.errors as FieldMessages<Field> | undefined);
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className={className}>
      {fields(messages)}
      <button type="submit" name="intent" value={intent} className={buttonClassName}>
        {submit}
      </button>
    </Form>
  );
}

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
