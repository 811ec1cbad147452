import type { RiskLevel } from "../../../shared/security";
import { mediumDateTime } from "../../ui/format";

/** "Mar 4, 2025, 3:07 PM" in the visitor's time zone. */
export function formatDateTime(at: Date | string): string {
  return mediumDateTime.format(new Date(at));
}

/** Low grey, medium yellow, high orange, critical red. */
export const RISK_PALETTE: Record<RiskLevel, "gray" | "yellow" | "orange" | "red"> = {
  low: "gray",
  medium: "yellow",
  high: "orange",
  critical: "red",
};

export const RISK_LABELS: Record<RiskLevel, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};
