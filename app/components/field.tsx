import { useId } from "react";

type FieldProps = {
  label: string;
  name: string;
  error?: string | null;
  multiline?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">;

/** A labelled input or textarea whose error is announced and tied to it by aria-describedby. */
export function Field({ label, name, error, multiline, className, ...inputProps }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className:
      "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30 aria-[invalid]:border-red-600",
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {multiline ? (
        <textarea {...control} rows={6} defaultValue={inputProps.defaultValue as string | undefined} />
      ) : (
        <input {...inputProps} {...control} />
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
