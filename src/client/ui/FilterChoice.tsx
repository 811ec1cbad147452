import { FilterField, FilterSelect } from "./filters";

/** A log's select filter: the field it sets, its small label, the "All …" choice (off) and the options. */
export type FilterChoice<K extends string> = {
  name: K;
  label: string;
  all: string;
  options: readonly { value: string; label: string }[];
};

/** A log's select filters, in order, each under its label and bound to its field of the log's filters. */
export function FilterChoices<K extends string>({
  choices,
  values,
  set,
}: {
  choices: readonly FilterChoice<K>[];
  values: Record<K, string>;
  set: (name: K) => (value: string) => void;
}) {
  return choices.map(({ name, label, all, options }) => (
    <FilterField key={name} label={label}>
      {(id) => <FilterSelect id={id} value={values[name]} onChange={set(name)} all={all} options={options} />}
    </FilterField>
  ));
}
