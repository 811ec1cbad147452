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
export function PeriodControl({
  value,
  onChange,
  ...name
}: {
  value: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
} & ({ "aria-label": string } | { "aria-labelledby": string })) {
  return (
    <SegmentGroup.Root
      recipe={segmentGroupSlotRecipe}
      size="sm"
      value={value}
      onValueChange={(e) => {
        if (e.value) onChange(e.value as AnalyticsPeriod);
      }}
      {...name}
      bg="white"
      borderWidth="1px"
      borderColor="border.muted"
    >
      <SegmentGroup.Indicator bg="blue.50" borderColor="blue.200" borderWidth="1px" boxShadow="none" />
      <SegmentGroup.Items
        items={ANALYTICS_PERIODS.map((p) => ({ value: p, label: PERIOD_SPANS[p] }))}
        px={{ base: "2.5", md: "3" }}
      />
    </SegmentGroup.Root>
  );
}
