import { useId } from "react";

type FieldProps = {
  label: string;
  name: string;
  /** Messages already translated; announced and tied to the control by aria-describedby. */
  errors?: readonly string[] | null;
  multiline?: boolean;
  /** Extra content under the control (a checklist…), also described to assistive technology. */
  description?: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">;

export function Field({ label, name, errors, multiline, description, className, ...inputProps }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const hasErrors = Boolean(errors && errors.length > 0);
  const describedBy = [description ? descriptionId : null, hasErrors ? errorId : null].filter(Boolean).join(" ");
  const control = {
    id,
    name,
    "aria-invalid": hasErrors ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: "field-input",
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? (
        <textarea {...control} rows={6} defaultValue={inputProps.defaultValue as string | undefined} />
      ) : (
        <input {...inputProps} {...control} />
      )}
      {description ? <div id={descriptionId}>{description}</div> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** A control's messages, already translated; the control names `id` in its aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] | null | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
