import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { FIRST_OPENING_YEAR, PARK_NAME_MAX } from "~/domain/contribution-limits";
import { Field } from "../field";

/** A form's messages for the fields a component draws: each component names only its own, so ride and park forms both fit. */
type Messages<Name extends string> = (field: Name) => string[] | null;

/** The French and English descriptions, with their starting values when the form has them. */
export function DescriptionFields({
  messages,
  french,
  english,
  maxLength,
}: {
  messages: Messages<"descriptionFr" | "descriptionEn">;
  french?: string;
  english?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t("contribute.descriptionFr")} name="descriptionFr" multiline lang="fr" maxLength={maxLength} defaultValue={french} errors={messages("descriptionFr")} />
      <Field label={t("contribute.descriptionEn")} name="descriptionEn" multiline lang="en" maxLength={maxLength} defaultValue={english} errors={messages("descriptionEn")} />
    </>
  );
}

/** Opening year, 1800 to the current year (docs/rules/catalogue.md#park-form-rules), with its starting value when the form has one. */
export function OpeningYearField({ messages, value }: { messages: Messages<"openingYear">; value?: string }) {
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

type PriceName = "adultPrice" | "childPrice";

/** The adult and child prices, in euros and cents, with their starting values when the form has them. */
export function PriceFields({ messages, value }: { messages: Messages<PriceName>; value?: (field: PriceName) => string }) {
  const { t } = useTranslation();
  return (["adultPrice", "childPrice"] as const).map((field) => (
    <Field
      key={field}
      label={t(`contribute.${field}`)}
      name={field}
      type="number"
      inputMode="decimal"
      min={0.01}
      step={0.01}
      defaultValue={value?.(field)}
      errors={messages(field)}
    />
  ));
}

/**
 * The park's name, controlled: the forms that take it check live whether the name is taken, and
 * then say so in place of the field's own messages.
 */
export function ParkNameField({ name, onNameChange, errors, description }: { name: string; onNameChange: (name: string) => void; errors: string[] | null; description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t("contribute.name")}
      name="name"
      required
      maxLength={PARK_NAME_MAX}
      value={name}
      onChange={(event) => onNameChange(event.currentTarget.value)}
      errors={errors}
      description={description}
    />
  );
}
