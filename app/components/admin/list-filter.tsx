import { useSearchParams } from "react-router";
import { SelectField } from "../select-field";

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
  return <SelectField label={label} name={name} value={params.get(name) ?? ""} options={[{ value: "", label: allLabel }, ...options]} errors={null} />;
}
