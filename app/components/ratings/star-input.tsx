import { useId } from "react";
import { useTranslation } from "~/i18n/translation-context";

/**
 * A 0–5 star choice as native radio buttons (keyboard: arrows within the
 * group), drawn as stars. 0 means "not given" where the form allows it
 * (docs/rules/ratings.md#park-rating-form: park stars start at 0); otherwise stars start at 1.
 * The radios are uncontrolled and the stars are drawn by CSS from the checked
 * one (app/app.css `.star-choice`): a star chosen before the form's script has
 * hydrated (members' forms are a lazy chunk) stays chosen and shows.
 */
export function StarInput({
  name,
  legend,
  defaultValue,
  allowNone,
  errors,
}: {
  name: string;
  legend: string;
  defaultValue: number | null;
  allowNone: boolean;
  errors?: readonly string[] | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const values = allowNone ? [0, 1, 2, 3, 4, 5] : [1, 2, 3, 4, 5];
  return (
    <fieldset aria-describedby={errors?.length ? `${id}-error` : undefined} className="star-field">
      <legend>{legend}</legend>
      <div>
        {values.map((stars) => {
          const label = stars === 0 ? t("ratings.stars.none") : t("ratings.stars.value", { count: stars });
          return (
            <label key={stars} className={stars === 0 ? "star-none" : "star-choice"} title={label}>
              <input type="radio" name={name} value={stars} defaultChecked={stars === (defaultValue ?? 0)} />
              <span>{label}</span>
            </label>
          );
        })}
      </div>
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
