import { useState } from "react";
import type { Plan } from "../../../shared/plans";
import { InputField } from "../../ui/form";
import { seatsProblem } from "./billing";

/**
 * The seat count being typed for a plan sold by the seat (Dealer Professional), at checkout and when changing
 * plan: what it comes to (the plan's minimum while it is not a valid count), and why it can't be bought. The
 * problem is shown once the form has been submitted.
 */
export function useSeatEntry(plan: Plan, initial: () => number) {
  const [text, setText] = useState(() => String(initial()));
  const [revealed, reveal] = useState(false);
  const bySeat = plan.unit === "seat";
  const problem = bySeat ? seatsProblem(text, plan) : null;
  const seats = bySeat && !problem ? Number(text) : plan.minQuantity;
  return {
    bySeat,
    problem,
    seats,
    /** The seats as a request sends them: only for a plan sold by the seat. */
    request: bySeat ? { seats } : {},
    setSeats: (seats: number) => setText(String(seats)),
    reveal,
    field: { plan, value: text, onChange: setText, error: revealed ? problem : null },
  };
}

/** The seat count's field, for a plan sold by the seat only. */
export function SeatsField({
  plan,
  value,
  onChange,
  error,
  hint,
}: ReturnType<typeof useSeatEntry>["field"] & { hint: string }) {
  if (plan.unit !== "seat") return null;
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
