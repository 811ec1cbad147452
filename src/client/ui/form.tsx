// Labelled form fields as every form here draws them: the label with its required mark or a quiet note
// such as "(optional)", the control, then either the error or a hint.
import {
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  Input,
  type InputProps,
  NativeSelect,
  type NativeSelectFieldProps,
  SimpleGrid,
  Switch,
  Text,
  Textarea,
  type TextareaProps,
} from "@chakra-ui/react";
import { checkboxSlotRecipe, fieldsetSlotRecipe, switchSlotRecipe } from "@chakra-ui/react/theme";
import { type ReactNode, useId } from "react";

type FieldFrame = {
  label: ReactNode;
  /** A quiet note after the label, e.g. "optional" or "optional, only you see it". */
  note?: string;
  required?: boolean;
  invalid?: boolean;
  /** Shown under the control in place of the hint, and marks the field invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Put the hint at the end of the line (e.g. a character count). */
  hintAtEnd?: boolean;
  /** "sm" for dense forms; "caps" for small capital labels over filters. */
  labelSize?: "sm" | "caps";
  /** Props of the field's wrapper (width, disabled...). */
  root?: Omit<Field.RootProps, "required" | "invalid" | "children">;
};

function FieldLabel({
  htmlFor,
  children,
  note,
  required,
  fontSize,
}: {
  htmlFor: string;
  children: ReactNode;
  note?: string;
  required?: boolean;
  fontSize?: "sm" | "caps";
}) {
  const caps = fontSize === "caps";
  return (
    <Field.Label
      htmlFor={htmlFor}
      fontSize={caps ? "xs" : fontSize}
      color={caps ? "fg.muted" : undefined}
      fontWeight={caps ? "semibold" : undefined}
      textTransform={caps ? "uppercase" : undefined}
    >
      {children}
      {required ? (
        <>
          {" "}
          <Field.RequiredIndicator />
        </>
      ) : null}
      {note ? (
        <>
          {" "}
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({note})
          </Text>
        </>
      ) : null}
    </Field.Label>
  );
}

/**
 * A control in its labelled frame: the field's frame props (label, note, hint, error…) draw the frame and the rest
 * go to the control `render` draws, with the field's id (its own `id`, else a generated one) for the label.
 */
function LabelledField<P extends FieldFrame & { id?: string }>({
  field,
  render,
}: {
  field: P;
  render: (control: Omit<P, keyof FieldFrame> & { id: string }) => ReactNode;
}) {
  const ownId = useId();
  const { label, note, required, invalid, error, hint, hintAtEnd, labelSize, root, ...control } = field;
  const id = control.id ?? ownId;
  return (
    <Field.Root required={required} invalid={invalid || !!error} {...root}>
      <FieldLabel htmlFor={id} note={note} required={required} fontSize={labelSize}>
        {label}
      </FieldLabel>
      {render({ ...control, id })}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : hint ? (
        <Field.HelperText alignSelf={hintAtEnd ? "flex-end" : undefined}>{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

export function TextareaField(props: FieldFrame & Omit<TextareaProps, "required">) {
  return <LabelledField field={props} render={(control) => <Textarea {...control} />} />;
}

export function InputField(props: FieldFrame & Omit<InputProps, "required">) {
  return <LabelledField field={props} render={(control) => <Input {...control} />} />;
}

/**
 * A native select. `placeholder` is a first, disabled option shown until something is chosen; `emptyLabel`
 * is a first option that can be chosen and means 'none' (its value is "").
 */
export function SelectField({
  options,
  placeholder,
  emptyLabel,
  size,
  ...props
}: FieldFrame & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  emptyLabel?: string;
  size?: "sm";
} & Omit<NativeSelectFieldProps, "required" | "children" | "placeholder" | "size">) {
  return (
    <LabelledField
      field={props}
      render={(control) => (
        <NativeSelect.Root size={size}>
          <NativeSelect.Field {...control}>
            {placeholder ? (
              <option value="" disabled>
                {placeholder}
              </option>
            ) : null}
            {emptyLabel ? <option value="">{emptyLabel}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    />
  );
}

/** An on/off choice with its label beside the switch. */
export function SwitchField({
  label,
  checked,
  onChange,
  strong = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A bold label, for a switch that leads a block of its own. */
  strong?: boolean;
}) {
  return (
    <Switch.Root
      recipe={switchSlotRecipe}
      checked={checked}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="blue"
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label fontWeight={strong ? "semibold" : "normal"}>{label}</Switch.Label>
    </Switch.Root>
  );
}

/** A grid of checkboxes, one per choice; it sits inside a CheckboxGroup, which holds what is ticked. */
export function CheckboxGrid({ choices, pt }: { choices: readonly string[]; pt?: string }) {
  return (
    <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3" pt={pt}>
      {choices.map((choice) => (
        <Checkbox.Root recipe={checkboxSlotRecipe} key={choice} value={choice} size="sm">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{choice}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </SimpleGrid>
  );
}

/** A titled set of checkboxes in a grid; `children` (more choices, a note) follow inside the same group. */
export function CheckboxGroupField({
  legend,
  choices,
  value,
  onChange,
  children,
}: {
  legend: string;
  choices: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  children?: ReactNode;
}) {
  return (
    <Fieldset.Root recipe={fieldsetSlotRecipe}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <CheckboxGroup value={value} onValueChange={onChange}>
        <CheckboxGrid choices={choices} pt="2" />
        {children}
      </CheckboxGroup>
    </Fieldset.Root>
  );
}

/**
 * A titled set of checkboxes with a line of help and the set's error: `children` (the checkboxes, laid out as
 * the form needs) sit inside the CheckboxGroup that holds what is ticked.
 */
export function CheckboxFieldset({
  legend,
  helper,
  error,
  name,
  value,
  onChange,
  children,
}: {
  legend: string;
  helper: ReactNode;
  error?: string;
  name: string;
  value: string[];
  onChange: (value: string[]) => void;
  children: ReactNode;
}) {
  return (
    <Fieldset.Root recipe={fieldsetSlotRecipe} invalid={!!error}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <Fieldset.HelperText fontSize="xs">{helper}</Fieldset.HelperText>
      <CheckboxGroup value={value} onValueChange={onChange} name={name}>
        {children}
      </CheckboxGroup>
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}
