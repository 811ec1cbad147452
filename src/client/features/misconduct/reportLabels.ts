// How misconduct categories and case statuses read on screen.
import { MISCONDUCT_CATEGORIES, type ReportStatus } from "../../../shared/reviews";

export function categoryLabel(value: string): string {
  return MISCONDUCT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

export const REPORT_STATUS_STYLE: Record<ReportStatus, { label: string; palette: string; meaning: string }> =
  {
    open: {
      label: "Open",
      palette: "blue",
      meaning: "Your report was received and is waiting for the dealership's review.",
    },
    investigating: {
      label: "Investigating",
      palette: "orange",
      meaning: "The dealership is looking into what happened.",
    },
    resolved: {
      label: "Resolved",
      palette: "green",
      meaning: "The case is closed and action was taken.",
    },
    dismissed: {
      label: "Dismissed",
      palette: "gray",
      meaning: "The case is closed without action.",
    },
  };

export function reportStatusStyle(status: string) {
  return (
    REPORT_STATUS_STYLE[status as ReportStatus] ?? {
      label: status.charAt(0).toUpperCase() + status.slice(1),
      palette: "gray",
      meaning: "",
    }
  );
}
