import { Alert, Badge } from "@chakra-ui/react";
import type { DemoData } from "../../../shared/schemas/siteStats";

/**
 * Says that the figures below count rows the demo seed wrote (docs/product/analytics.md#demo-data); nothing
 * when every counted row is real.
 */
export function DemoDataNote({ demoData }: { demoData: DemoData }) {
  if (!demoData) return null;
  return (
    <Alert.Root status="warning" borderRadius="xl" size="sm" aria-label="Demo data">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title display="flex" alignItems="center" gap="2">
          <Badge colorPalette="orange" variant="subtle">
            Demo data
          </Badge>
          These figures are not all real activity
        </Alert.Title>
        <Alert.Description>{demoData.note}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
