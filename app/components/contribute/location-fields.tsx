import { useId } from "react";
import { RIDE_DISTANCE_FROM_PARK_KM } from "~/domain/contribution-limits";
import { useTranslation } from "~/i18n/translation-context";
import { Field } from "../field";

type Messages = (field: "latitude" | "longitude") => string[] | null;

/**
 * A park's location (docs/rules/catalogue.md#park-form-rules) or a ride's position in its park
 * (docs/rules/catalogue.md#ride-position): a latitude and a longitude, the same in the six forms that write a park
 * or a ride, the legend and the hint saying which (`of`). Text inputs, not number ones: a number input drops a
 * French decimal comma, and the rule (location.ts) reads it. No
 * inputmode="decimal" either: iOS's decimal keypad has no minus key, and every
 * park west of Greenwich (Puy du Fou, Alton Towers, Madrid) has a negative longitude.
 */
export function LocationFields({ of = "park", messages, latitude, longitude }: { of?: "park" | "ride"; messages: Messages; latitude?: string; longitude?: string }) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium text-stone-800">{of === "ride" ? t("contribute.ridePosition") : t("contribute.location")}</legend>
      <p id={hintId} className="text-sm text-stone-600">
        {of === "ride" ? t("contribute.ridePositionHint", { km: RIDE_DISTANCE_FROM_PARK_KM }) : t("contribute.locationHint")}
      </p>
      <div className="mt-2 grid gap-5 sm:grid-cols-2">
        <Field label={t("contribute.latitude")} name="latitude" autoComplete="off" defaultValue={latitude} errors={messages("latitude")} />
        <Field label={t("contribute.longitude")} name="longitude" autoComplete="off" defaultValue={longitude} errors={messages("longitude")} />
      </div>
    </fieldset>
  );
}
