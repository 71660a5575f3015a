import { useTranslation } from "react-i18next";
import type { FieldErrors } from "~/domain/account-rules";

/** Translates a field's error keys (from the browser check or the server's answer). */
export function useFieldErrors(errors: FieldErrors<string> | null | undefined) {
  const { t } = useTranslation();
  return (field: string) => errors?.[field]?.map((key) => t(key as "auth.errors.emailInvalid")) ?? null;
}
