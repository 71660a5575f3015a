import { Form } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import type { AccountActionData, AccountSection } from "~/domain/account-answers";
import { checkChangeEmailForm, checkChangePasswordForm, checkChangeUsernameForm, checkDeleteAccountForm } from "~/domain/account-rules";
import type { FieldMessages, FormCheck, FormValues } from "~/domain/form-values";
import type { MessageKey } from "~/i18n/translate";
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

/** Each settings form by the intent it posts: the check the server runs for it too, and its button's text. */
const SETTINGS_FORMS = {
  "change-username": { check: checkChangeUsernameForm, submit: "account.username.submit" },
  "change-email": { check: checkChangeEmailForm, submit: "account.email.submit" },
  "change-password": { check: checkChangePasswordForm, submit: "account.password.change" },
  "delete-account": { check: checkDeleteAccountForm, submit: "account.delete.submit" },
} satisfies Record<string, { check: (values: FormValues) => FormCheck<string, unknown>; submit: MessageKey }>;

type SettingsIntent = keyof typeof SETTINGS_FORMS;
type FieldOf<Intent extends SettingsIntent> = (typeof SETTINGS_FORMS)[Intent]["check"] extends (values: FormValues) => FormCheck<infer Field, unknown> ? Field : never;

/**
 * A section's form: the same check in the browser as its intent runs on the
 * server (useFormCheck), its fields (given the field's translated messages),
 * and its submit button, which names the intent.
 */
export function SettingsForm<Intent extends SettingsIntent>({
  intent,
  result,
  danger = false,
  fields,
}: {
  intent: Intent;
  result: SectionResult;
  /** The account's deletion: a red button, the form closer to its disclosure's summary. */
  danger?: boolean;
  fields: (messages: (field: FieldOf<Intent> | "form") => string[] | null) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const form = SETTINGS_FORMS[intent];
  const check = form.check as (values: FormValues) => FormCheck<FieldOf<Intent>, unknown>;
  const { onSubmit, messages } = useFormCheck(check, result?.errors as FieldMessages<FieldOf<Intent>> | undefined);
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className={danger ? "mt-3 space-y-3" : "mt-4 space-y-3"}>
      {fields(messages)}
      <button type="submit" name="intent" value={intent} className={danger ? DANGER_BUTTON : secondaryButton}>
        {t(form.submit)}
      </button>
    </Form>
  );
}

const DANGER_BUTTON = "rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-700/40";

/** The settings blocks that are one form, by intent: the block's anchor and heading. */
const SETTINGS_CARDS = {
  "change-username": { id: "account-username", title: "account.username.title" },
  "change-password": { id: "account-password", title: "account.password.title" },
} satisfies Partial<Record<SettingsIntent, { id: string; title: MessageKey }>>;

/** A settings block that is one form: its frame, its messages, its form. */
export function SettingsCard<Intent extends keyof typeof SETTINGS_CARDS>(form: Parameters<typeof SettingsForm<Intent>>[0]) {
  const { t } = useTranslation();
  const card = SETTINGS_CARDS[form.intent];
  return (
    <AccountCard id={card.id} title={t(card.title)}>
      <SectionMessages result={form.result} />
      <SettingsForm {...form} />
    </AccountCard>
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
