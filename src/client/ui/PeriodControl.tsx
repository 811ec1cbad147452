// The analytics period (docs/product/analytics.md#periods) as a row of segments: the salesperson's overview
// and business intelligence offer the same periods, named and drawn the same way.
import { SegmentGroup } from "@chakra-ui/react";
import { segmentGroupSlotRecipe } from "@chakra-ui/react/theme";
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from "../../shared/analytics";

/** Each period's span in words, short enough for the control on a phone. */
export const PERIOD_SPANS: Readonly<Record<AnalyticsPeriod, string>> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
};

/** Named by `aria-label`, or by a visible label's id in `aria-labelledby`. */
type ControlName = { "aria-label": string } | { "aria-labelledby": string };

/** A row of segments choosing one of `choices` (a period of the analytics, of the feedback insights). */
export function SegmentChoice<T extends string>({
  value,
  onChange,
  choices,
  labels,
  ...name
}: {
  value: T;
  onChange: (choice: T) => void;
  choices: readonly T[];
  labels: (choice: T) => string;
} & ControlName) {
  return (
    <SegmentGroup.Root
      recipe={segmentGroupSlotRecipe}
      size="sm"
      value={value}
      onValueChange={(e) => {
        if (e.value) onChange(e.value as T);
      }}
      {...name}
      bg="white"
      borderWidth="1px"
      borderColor="border.muted"
    >
      <SegmentGroup.Indicator bg="blue.50" borderColor="blue.200" borderWidth="1px" boxShadow="none" />
      <SegmentGroup.Items
        items={choices.map((choice) => ({ value: choice, label: labels(choice) }))}
        px={{ base: "2.5", md: "3" }}
      />
    </SegmentGroup.Root>
  );
}

export function PeriodControl(
  props: { value: AnalyticsPeriod; onChange: (period: AnalyticsPeriod) => void } & ControlName,
) {
  return <SegmentChoice {...props} choices={ANALYTICS_PERIODS} labels={(p) => PERIOD_SPANS[p]} />;
}
