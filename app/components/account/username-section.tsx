import { useTranslation } from "~/i18n/translation-context";
import { Form } from "react-router";
import { secondaryButton } from "../auth-card";
import { Field } from "../field";
import { useFormCheck } from "../use-form-check";
import { checkChangeUsernameForm } from "~/domain/account-rules";
import { accountCard, SectionMessages, type SectionResult } from "./section-parts";

/** The username, with the sign-up rules and uniqueness. */
export function UsernameSection({ username, result }: { username: string; result: SectionResult }) {
  const { t } = useTranslation();
  const { onSubmit, messages: fieldErrors } = useFormCheck(checkChangeUsernameForm, result?.errors);
  return (
    <section aria-labelledby="account-username" className={accountCard}>
      <h2 id="account-username" className="text-xl font-bold">
        {t("account.username.title")}
      </h2>
      <SectionMessages result={result} />
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
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
