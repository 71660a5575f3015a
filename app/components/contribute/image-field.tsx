import { useId, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "~/domain/image-limits";
import { FieldErrors } from "../field";

/**
 * The image input of the contribution forms, with the product's hint (docs/rules/catalogue.md#images). A file
 * over 10 MB is refused at once, before anything is sent; the server checks
 * again while it reads the upload.
 */
export function ImageField({ label, errors }: { label: string; errors: readonly string[] | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [tooLarge, setTooLarge] = useState(false);
  const messages = tooLarge ? [t("images.tooLarge")] : (errors ?? []);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label} <span className="font-normal text-stone-500">({t("contribute.optional")})</span>
      </label>
      <input
        id={id}
        type="file"
        name="image"
        accept={IMAGE_ACCEPT}
        aria-describedby={`${id}-hint${messages.length ? ` ${id}-error` : ""}`}
        aria-invalid={messages.length ? true : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          const oversized = Boolean(file && file.size > IMAGE_MAX_BYTES);
          setTooLarge(oversized);
          event.currentTarget.setCustomValidity(oversized ? t("images.tooLarge") : "");
        }}
        className="mt-1 block w-full rounded-lg border border-dashed border-stone-400 bg-white px-3 py-4 text-sm file:mr-4 file:rounded-md file:border-0 file:bg-teal-700 file:px-3 file:py-2 file:font-semibold file:text-white"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
        {t("images.hint")}
      </p>
      <FieldErrors id={`${id}-error`} errors={messages} />
    </div>
  );
}
