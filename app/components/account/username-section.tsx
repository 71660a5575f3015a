import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Form } from "react-router";
import { secondaryButton } from "../auth-card";
import { Field } from "../field";
import { useFieldErrors } from "../use-form-errors";
import { changeUsernameSchema, validate, type FieldErrors } from "~/domain/account-rules";
import { accountCard, SectionMessages, type SectionResult } from "./section-parts";

/** The username, with the sign-up rules and uniqueness. */
export function UsernameSection({ username, result }: { username: string; result: SectionResult }) {
  const { t } = useTranslation();
  const [clientErrors, setClientErrors] = useState<FieldErrors<string> | null>(null);
  const fieldErrors = useFieldErrors(clientErrors ?? result?.errors);
  function check(event: React.FormEvent<HTMLFormElement>) {
    const checked = validate(changeUsernameSchema, { username: String(new FormData(event.currentTarget).get("username") ?? "") });
    setClientErrors(checked.ok ? null : checked.errors);
    if (!checked.ok) event.preventDefault();
  }
  return (
    <section aria-labelledby="account-username" className={accountCard}>
      <h2 id="account-username" className="text-xl font-bold">
        {t("account.username.title")}
      </h2>
      <SectionMessages result={result} />
      <Form method="post" noValidate onSubmit={check} className="mt-4 space-y-3">
        <Field
          key={username}
          label={t("account.username.label")}
          name="username"
          autoComplete="username"
          required
          maxLength={20}
          defaultValue={username}
          errors={fieldErrors("username")}
        />
        <button type="submit" name="intent" value="change-username" className={secondaryButton}>
          {t("account.username.submit")}
        </button>
      </Form>
    </section>
  );
}
