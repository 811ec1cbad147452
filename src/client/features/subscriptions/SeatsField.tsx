import type { Plan } from "../../../shared/plans";
import { InputField } from "../../ui/form";

/** Dealer Professional's seat count, at checkout and when changing plan. */
export function SeatsField({
  plan,
  value,
  onChange,
  error,
  hint,
}: {
  plan: Plan;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  hint: string;
}) {
  return (
    <InputField
      label="Salesperson seats"
      type="number"
      inputMode="numeric"
      min={plan.minQuantity}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? undefined}
      hint={hint}
      required
    />
  );
}
