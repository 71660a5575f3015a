import { useId } from "react";
import { Form } from "react-router";
import type { FieldMessage } from "~/domain/form-values";
import { useTranslation } from "~/i18n/translation-context";
import { ProfileSection } from "../profile/profile-section";
import { primaryButton } from "../auth-card";
import { ImportErrors } from "./import-errors";

/** The file to import: posted whole (multipart) for a preview, which writes nothing. */
export function ImportUploadForm({ errors, busy }: { errors: readonly FieldMessage[] | null; busy: boolean }) {
  const { t } = useTranslation();
  const fileId = useId();
  const hintId = useId();
  return (
    <ProfileSection id="ride-log-import" title={t("rideLog.import.title")}>
      <p className="text-sm text-stone-700">{t("rideLog.import.intro")}</p>
      <p id={hintId} className="mt-2 text-sm text-stone-700">
        {t("rideLog.import.formats")}
      </p>
      <ImportErrors errors={errors} />
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={fileId} className="field-label">
            {t("rideLog.import.file")}
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            required
            aria-describedby={hintId}
            aria-invalid={errors?.length ? true : undefined}
            className="field-input"
          />
        </div>
        <button type="submit" name="intent" value="preview" disabled={busy} className={`${primaryButton} sm:w-auto`}>
          {busy ? t("rideLog.import.reading") : t("rideLog.import.preview")}
        </button>
      </Form>
    </ProfileSection>
  );
}
