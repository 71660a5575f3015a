import { useTranslation } from "~/i18n/translation-context";
import { Form } from "react-router";
import { Field } from "../field";
import { useFormCheck } from "../use-form-check";
import { checkDeleteAccountForm } from "~/domain/account-rules";
import { CurrentPasswordField, accountCard, SectionMessages, type SectionResult } from "./section-parts";

/** "Supprimer mon compte": the member types their username and password; the administrator is refused (decision 0010). */
export function DeleteSection({ username, isAdmin, result }: { username: string; isAdmin: boolean; result: SectionResult }) {
  const { t } = useTranslation();
  const { onSubmit, messages: fieldErrors } = useFormCheck(checkDeleteAccountForm, result?.errors);
  return (
    <section aria-labelledby="account-delete" className={`${accountCard} border-red-200`}>
      <h2 id="account-delete" className="text-xl font-bold">
        {t("account.delete.title")}
      </h2>
      {isAdmin ? (
        <p className="mt-1 text-sm text-stone-700">{t("account.delete.adminRefused")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">{t("account.delete.intro")}</p>
          <SectionMessages result={result} />
          {/* A disclosure: the confirmation form opens only on purpose, and stays open after a refusal. */}
          <details className="mt-3" open={result ? true : undefined}>
            <summary className="cursor-pointer font-medium text-red-800">{t("account.delete.open")}</summary>
            <Form method="post" noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
              <Field
                label={t("account.delete.confirmUsername", { username })}
                name="confirmUsername"
                autoComplete="off"
                required
                errors={fieldErrors("confirmUsername")}
              />
              <CurrentPasswordField errors={fieldErrors("currentPassword")} />
              <button
                type="submit"
                name="intent"
                value="delete-account"
                className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-700/40"
              >
                {t("account.delete.submit")}
              </button>
            </Form>
          </details>
        </>
      )}
    </section>
  );
}
