import { useId } from "react";
import { FieldErrors } from "./field";

type SelectFieldProps = {
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  errors: string[] | null;
};

/** A labelled select of a form, with its errors read out like a Field's (the catalogue forms' choices). */
export function SelectField({ label, name, value, options, errors }: SelectFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 aria-[invalid]:border-red-600"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
