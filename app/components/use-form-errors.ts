import { useTranslation } from "~/i18n/translation-context";
import type { FieldErrors } from "~/domain/account-rules";
import type { FieldMessages } from "~/domain/form-values";

/** Translates a field's error keys (from the browser check or the server's answer). */
export function useFieldErrors(errors: FieldErrors<string> | null | undefined) {
  const { t } = useTranslation();
  return (field: string) => errors?.[field]?.map((key) => t(key as "auth.errors.emailInvalid")) ?? null;
}

/** Translates a field's messages that carry values (contribution forms). */
export function useFieldMessages(messages: FieldMessages | null | undefined) {
  const { t } = useTranslation();
  return (field: string) =>
    messages?.[field]?.map((message) => t(message.key as "common.genericError", message.values ?? {}) as string) ?? null;
}
