import { Field, Input } from "@chakra-ui/react";
import { useId, useState } from "react";
import { monthSchema } from "../../../shared/schemas/manager";
import { currentMonth, monthLabel } from "./format";

/** A report's month, the current one at first: the chosen month, whether it can be reported, and the latest. */
export function useReportMonth() {
  const latest = currentMonth();
  const [month, setMonth] = useState(latest);
  const valid = monthSchema.safeParse(month).success && month <= latest;
  return { month, setMonth, valid, latest };
}

/** The month picker of a monthly report: any month up to the current one. */
export function MonthField({
  month,
  setMonth,
  valid,
  latest,
}: Pick<ReturnType<typeof useReportMonth>, "month" | "setMonth" | "valid" | "latest">) {
  const inputId = useId();
  return (
    <Field.Root invalid={!valid} maxW="xs">
      <Field.Label htmlFor={inputId}>Month</Field.Label>
      <Input
        id={inputId}
        type="month"
        value={month}
        max={latest}
        min="2000-01"
        onChange={(e) => setMonth(e.currentTarget.value)}
      />
      {!valid ? <Field.ErrorText>Choose a month up to {monthLabel(latest)}.</Field.ErrorText> : null}
    </Field.Root>
  );
}
