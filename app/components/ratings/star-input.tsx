import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";

/**
 * A 0–5 star choice as native radio buttons (keyboard: arrows within the
 * group), drawn as stars. 0 means "not given" where the form allows it
 * (docs/rules/ratings.md#park-rating-form: park stars start at 0); otherwise stars start at 1.
 * The radios are uncontrolled: a star chosen before the form's script has
 * hydrated (members' forms are a lazy chunk) stays chosen, and the drawing
 * catches up with it on mount.
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
  const [value, setValue] = useState(defaultValue ?? 0);
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const chosen = group.current?.querySelector<HTMLInputElement>("input:checked");
    if (chosen) setValue(Number(chosen.value));
  }, []);
  const values = allowNone ? [0, 1, 2, 3, 4, 5] : [1, 2, 3, 4, 5];
  return (
    <fieldset ref={group} aria-describedby={errors?.length ? `${id}-error` : undefined} className="min-w-0">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="mt-1 flex items-center gap-1">
        {values.map((stars) => {
          const label = stars === 0 ? t("ratings.stars.none") : t("ratings.stars.value", { count: stars });
          return (
            <label key={stars} className="star-choice" title={label}>
              <input
                type="radio"
                name={name}
                value={stars}
                defaultChecked={stars === (defaultValue ?? 0)}
                onChange={() => setValue(stars)}
                className="sr-only"
              />
              <span className="sr-only">{label}</span>
              {stars === 0 ? (
                <span aria-hidden="true" className={`block px-1 text-sm ${value === 0 ? "font-bold text-stone-900" : "text-stone-500"}`}>
                  0
                </span>
              ) : (
                // A star drawn by CSS (app/app.css `.star`), not an inline SVG: a form has thirty of them.
                <span aria-hidden="true" className={`star h-7 w-7 ${stars <= value ? "text-amber-500" : "text-stone-300"}`} />
              )}
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
