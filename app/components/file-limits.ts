import type { FieldMessage, FieldMessages, FormCheck } from "~/domain/form-values";
import { IMAGE_MAX_BYTES } from "~/domain/image-limits";

/**
 * The browser's early word on the files chosen in a form (their number and
 * size), added to the form's check: the server enforces the same limits while
 * the upload streams, and answers with the same messages.
 */
export function withFileLimits<Field extends string, Data>(
  checked: FormCheck<Field, Data>,
  field: NoInfer<Field>,
  entries: readonly FormDataEntryValue[],
  maxFiles?: { count: number; message: FieldMessage },
): FormCheck<Field, Data> {
  const files = entries.filter((entry): entry is File => entry instanceof File && entry.size > 0);
  const message: FieldMessage | null =
    maxFiles && files.length > maxFiles.count
      ? maxFiles.message
      : files.some((file) => file.size > IMAGE_MAX_BYTES)
        ? { key: "images.tooLarge" }
        : null;
  if (!message) return checked;
  const errors: FieldMessages<Field> = checked.ok ? {} : { ...checked.errors };
  errors[field] = [message];
  return { ok: false, errors };
}
