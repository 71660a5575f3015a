import { useTranslation } from "~/i18n/translation-context";
import { RIDE_MANUFACTURERS } from "~/domain/manufacturer-list";
import { RIDE_MODEL_MAX_LENGTH } from "~/domain/ride-manufacturers";
import { Field } from "../field";
import { SelectField } from "../select-field";

type Messages = (field: "manufacturer" | "model") => string[] | null;

/**
 * A ride's maker and model (decision 0052), for the three forms that write a ride: the maker is one of
 * the reference list (by name; blank when unknown), the model free text. The forms' chunks carry the
 * list; the public pages read makers from the database.
 */
export function RideMakerFields({ manufacturer = "", model = "", messages }: { manufacturer?: string; model?: string; messages: Messages }) {
  const { t } = useTranslation();
  const makers = [...RIDE_MANUFACTURERS].sort((a, b) => a.name.localeCompare(b.name));
  const options = [{ value: "", label: t("contribute.attraction.unknownManufacturer") }, ...makers.map((maker) => ({ value: maker.slug, label: maker.name }))];
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField label={t("contribute.attraction.manufacturer")} name="manufacturer" value={manufacturer} options={options} errors={messages("manufacturer")} />
      <Field label={t("contribute.attraction.model")} name="model" maxLength={RIDE_MODEL_MAX_LENGTH} defaultValue={model} errors={messages("model")} />
    </div>
  );
}
