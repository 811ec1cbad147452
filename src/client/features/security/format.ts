import type { RiskLevel } from "../../../shared/security";

const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Mar 4, 2025, 3:07 PM" in the visitor's time zone. */
export function formatDateTime(at: Date | string): string {
  return dateTime.format(new Date(at));
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
