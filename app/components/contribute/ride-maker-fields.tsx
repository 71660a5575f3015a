import { useId } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { RIDE_MANUFACTURERS } from "~/domain/manufacturer-list";
import { RIDE_MODEL_MAX_LENGTH } from "~/domain/ride-manufacturers";
import { Field } from "../field";

type Messages = (field: "manufacturer" | "model") => string[] | null;

/**
 * A ride's maker and model (decision 0052), for the three forms that write a ride: the maker is one of
 * the reference list (by name; blank when unknown), the model free text. The forms' chunks carry the
 * list; the public pages read makers from the database.
 */
export function RideMakerFields({ manufacturer = "", model = "", messages }: { manufacturer?: string; model?: string; messages: Messages }) {
  const { t } = useTranslation();
  const id = useId();
  const errors = messages("manufacturer");
  const makers = [...RIDE_MANUFACTURERS].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {t("contribute.attraction.manufacturer")}
        </label>
        <select
          id={id}
          name="manufacturer"
          defaultValue={manufacturer}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : undefined}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 aria-[invalid]:border-red-600"
        >
          <option value="">{t("contribute.attraction.unknownManufacturer")}</option>
          {makers.map((maker) => (
            <option key={maker.slug} value={maker.slug}>
              {maker.name}
            </option>
          ))}
        </select>
        {errors ? (
          <ul id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <Field label={t("contribute.attraction.model")} name="model" maxLength={RIDE_MODEL_MAX_LENGTH} defaultValue={model} errors={messages("model")} />
    </div>
  );
}
