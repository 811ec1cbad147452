// A dialog that asks for one piece of text and confirms: a buyer's statement, a decision's note, a decline's
// reason. `field` says what is asked (label, hint, limits, the error); the rest is the form dialog's.
import type { ComponentProps } from "react";
import { FormDialog } from "./dialog";
import { TextareaField } from "./form";

export function TextDialog({
  field,
  value,
  onValueChange,
  ...dialog
}: Omit<ComponentProps<typeof FormDialog>, "children"> & {
  field: Omit<ComponentProps<typeof TextareaField>, "value" | "onChange">;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <FormDialog {...dialog}>
      <TextareaField {...field} value={value} onChange={(e) => onValueChange(e.currentTarget.value)} />
    </FormDialog>
  );
}
