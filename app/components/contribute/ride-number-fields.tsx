import { useTranslation } from "~/i18n/translation-context";
import { RIDE_NUMBER_RULES, type RideNumberField } from "~/domain/ride-fields";
import { Field } from "../field";

/**
 * A ride's figures as number inputs (the add-attraction form, the back
 * office's edit, the edit suggestion): labels, bounds and steps from the one
 * source of their rules, their declarations (RIDE_NUMBER_RULES), in the order the form lists
 * them, each with its starting value when the form has one.
 */
export function RideNumberFields({
  order,
  value,
  messages,
}: {
  order: readonly RideNumberField[];
  value?: (field: RideNumberField) => string;
  messages: (field: RideNumberField) => string[] | null;
}) {
  const { t } = useTranslation();
  return order.map((field) => {
    const rule = RIDE_NUMBER_RULES[field];
    return (
      <Field
        key={field}
        label={t(`contribute.attraction.${field}`)}
        name={field}
        type="number"
        inputMode={rule.decimals ? "decimal" : "numeric"}
        min={rule.min}
        max={rule.max}
        step={rule.decimals ? 1 / 10 ** rule.decimals : 1}
        defaultValue={value?.(field)}
        errors={messages(field)}
      />
    );
  });
}
