import { useTranslation } from "~/i18n/translation-context";
import { FIRST_OPENING_YEAR } from "~/domain/contribution-limits";
import { Field } from "../field";

type Messages = (field: "descriptionFr" | "descriptionEn" | "openingYear") => string[] | null;

/** The French and English descriptions, both contribution forms. */
export function DescriptionFields({ messages }: { messages: Messages }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t("contribute.descriptionFr")} name="descriptionFr" multiline lang="fr" errors={messages("descriptionFr")} />
      <Field label={t("contribute.descriptionEn")} name="descriptionEn" multiline lang="en" errors={messages("descriptionEn")} />
    </>
  );
}

/** Opening year, 1800 to the current year (docs/rules/catalogue.md#park-form-rules), with its starting value when the form has one. */
export function OpeningYearField({ messages, value }: { messages: Messages; value?: string }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t("contribute.openingYear")}
      name="openingYear"
      type="number"
      inputMode="numeric"
      min={FIRST_OPENING_YEAR}
      max={new Date().getFullYear()}
      step={1}
      defaultValue={value}
      errors={messages("openingYear")}
    />
  );
}
