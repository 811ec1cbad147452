// The pieces of a filtered list's toolbar: a labelled field, a select with an "all" choice, and a search box
// that asks the server only once typing pauses.
import { chakra, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { type ReactNode, useEffect, useId, useState } from "react";

/** A small uppercase label above its control; `span` takes the whole row on phones (a long field). */
export function FilterField({
  label,
  span = false,
  children,
}: {
  label: string;
  span?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <Stack gap="1" minW="0" gridColumn={span ? { base: "span 2", lg: "auto" } : undefined}>
      <chakra.label
        htmlFor={id}
        fontSize="xs"
        fontWeight="semibold"
        color="fg.muted"
        textTransform="uppercase"
      >
        {label}
      </chakra.label>
      {children(id)}
    </Stack>
  );
}

/** A native select whose empty value means "all" (the filter is off). */
export function FilterSelect({
  id,
  value,
  onChange,
  options,
  all,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  all: string;
}) {
  return (
    <NativeSelect.Root size="sm" bg="white">
      <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The page of a list, back to 1 whenever `key` (the filters and search) changes. */
export function usePageFor(key: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key, page: 1 });
  const page = state.key === key ? state.page : 1;
  return [page, (next) => setState({ key, page: next })];
}

/** What is typed (`text`) and, once typing pauses, the trimmed search to ask for (`search`). */
export function useDebouncedSearch(delayMs = 300) {
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return { text, setText, search };
}

/** A search box as a filter: what is typed, sent once typing pauses (`useDebouncedSearch`). */
export function FilterSearch({
  label,
  search,
  span = false,
  placeholder = "name@example.com",
}: {
  label: string;
  search: { text: string; setText: (text: string) => void };
  span?: boolean;
  placeholder?: string;
}) {
  return (
    <FilterField label={label} span={span}>
      {(id) => (
        <Input
          id={id}
          size="sm"
          bg="white"
          type="search"
          placeholder={placeholder}
          value={search.text}
          onChange={(e) => search.setText(e.target.value)}
        />
      )}
    </FilterField>
  );
}

/** A calendar day as a filter, between `min` and `max` when they are set. */
function DateFilter({
  label,
  value,
  onChange,
  ...range
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  invalid?: boolean;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <Input
          id={id}
          size="sm"
          bg="white"
          type="date"
          value={value}
          min={range.min || undefined}
          max={range.max || undefined}
          aria-invalid={range.invalid || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FilterField>
  );
}

/** "From" and "To" calendar days (both included); the end may not come before the start. */
export function DateRangeFields({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <>
      <DateFilter label="From" value={from} max={to} onChange={onFrom} />
      <DateFilter
        label="To"
        value={to}
        min={from}
        invalid={from !== "" && to !== "" && to < from}
        onChange={onTo}
      />
    </>
  );
}
