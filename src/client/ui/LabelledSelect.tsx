import { NativeSelect, type NativeSelectRootProps } from "@chakra-ui/react";

const optionOf = ({ value, label }: { value: string; label: string }) => (
  <option key={value} value={value}>
    {label}
  </option>
);

/** A native select named by `label` alone (a list's filter beside its search box, where space is short). */
export function LabelledSelect({
  label,
  value,
  onChange,
  options,
  ...root
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
} & Omit<NativeSelectRootProps, "onChange">) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        bg="bg.panel"
      >
        {options.map(optionOf)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
