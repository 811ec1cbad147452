import { Badge, VisuallyHidden } from "@chakra-ui/react";
import type { RiskLevel } from "../../../shared/security";
import { RISK_LABELS, RISK_PALETTE } from "./format";

export function RiskBadge({ level }: { level: RiskLevel }) {
  return (
    <Badge colorPalette={RISK_PALETTE[level]} variant="subtle" borderRadius="full" px="2.5" flexShrink={0}>
      {RISK_LABELS[level]}
      <VisuallyHidden> risk</VisuallyHidden>
    </Badge>
  );
}
