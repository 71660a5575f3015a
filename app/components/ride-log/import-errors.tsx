import type { FieldMessage } from "~/domain/form-values";
import { useTranslation } from "~/i18n/translation-context";
import { FormMessage } from "../form-message";

/** Why an import form was refused: every message, announced together. */
export function ImportErrors({ errors }: { errors: readonly FieldMessage[] | null }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div className="mt-4">
      <FormMessage tone="error">
        {errors.map((error) => (
          <span key={`${error.key}${JSON.stringify(error.values ?? {})}`} className="block">
            {t(error.key, error.values)}
          </span>
        ))}
      </FormMessage>
    </div>
  );
}
