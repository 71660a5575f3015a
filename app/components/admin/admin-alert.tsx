import type { FieldMessage } from "~/domain/form-values";
import { useTranslation } from "~/i18n/translation-context";

/**
 * A back-office action's failure, translated (docs/rules/back-office.md#messages).
 * Where the original only logged a failure, Parcours shows it: an
 * administrator must know that an action did not happen.
 */
export function AdminAlert({ error }: { error: FieldMessage }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {t(error.key, error.values)}
    </p>
  );
}
