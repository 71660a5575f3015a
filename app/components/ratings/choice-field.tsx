/**
 * A required choice among a few options as radio buttons (a visit's duration,
 * a ride's audience), its legend, and its messages tied to the group.
 */
export function ChoiceField<Value extends string>({
  legend,
  name,
  options,
  label,
  defaultValue,
  errors,
}: {
  legend: string;
  name: string;
  options: readonly Value[];
  label: (value: Value) => string;
  defaultValue: Value | undefined;
  errors: string[] | null;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={errors ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {options.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name={name} value={value} defaultChecked={defaultValue === value} />
            {label(value)}
          </label>
        ))}
      </div>
      {errors ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
