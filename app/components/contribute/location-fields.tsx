import { useId } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { Field } from "../field";

type Messages = (field: "latitude" | "longitude") => string[] | null;

/**
 * A park's latitude and longitude (docs/rules/catalogue.md#park-form-rules), the same in the three forms
 * that write a park. Text inputs, not number ones: a number input drops a
 * French decimal comma, and the rule (park-location.ts) reads it. No
 * inputmode="decimal" either: iOS's decimal keypad has no minus key, and every
 * park west of Greenwich (Puy du Fou, Alton Towers, Madrid) has a negative longitude.
 */
export function LocationFields({ messages, latitude, longitude }: { messages: Messages; latitude?: string; longitude?: string }) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium text-stone-800">{t("contribute.location")}</legend>
      <p id={hintId} className="text-sm text-stone-600">
        {t("contribute.locationHint")}
      </p>
      <div className="mt-2 grid gap-5 sm:grid-cols-2">
        <Field label={t("contribute.latitude")} name="latitude" autoComplete="off" defaultValue={latitude} errors={messages("latitude")} />
        <Field label={t("contribute.longitude")} name="longitude" autoComplete="off" defaultValue={longitude} errors={messages("longitude")} />
      </div>
    </fieldset>
  );
}
