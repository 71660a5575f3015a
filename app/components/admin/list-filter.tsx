import { useId } from "react";
import { useSearchParams } from "react-router";

type ListFilterProps = {
  /** The address's parameter it sets ("status", "type", "action"…). */
  name: string;
  label: string;
  /** The first option, which filters nothing ('Tous les statuts'…). */
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** One filter of a list's controls (ListControls): a select read from and written to the address. */
export function ListFilter({ name, label, allLabel, options }: ListFilterProps) {
  const [params] = useSearchParams();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={params.get(name) ?? ""} className="mt-1 block rounded-lg border border-stone-300 bg-white px-3 py-2">
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
