// How compliance reads in the product's words: what each kind of request does, its state, and dates.
import {
  GDPR_DEADLINE_DAYS,
  GDPR_REQUEST_TYPE_LABELS,
  type GdprRequestStatus,
  type GdprRequestType,
} from "../../../shared/compliance";
import { mediumDateTime } from "../../ui/format";

/** "Access", "Erasure": the first part of the shared label, for titles and badges. */
export function requestTypeName(type: GdprRequestType): string {
  return GDPR_REQUEST_TYPE_LABELS[type].split(":")[0] ?? type;
}

/** What happens when a request of each kind is completed, as the requester reads it. */
export const REQUEST_TYPE_EFFECTS: Record<GdprRequestType, string> = {
  access:
    "You get a copy of everything KnowBefore holds about you, to download as a JSON file or a ZIP of CSV files.",
  rectification: "Tell us what is wrong or out of date. We correct it and tell you what we changed.",
  erasure:
    "Your account is anonymised: your name, e-mail, phone, photos, sessions and favourites are removed. Reviews stay as anonymous reviews. This can't be undone.",
  portability:
    "Your data in a machine-readable file (JSON, or a ZIP of CSV files) that you can take to another service.",
  restriction: "We limit how your data is used while a concern is settled, and tell you what we restricted.",
};

export const STATUS_LABELS: Record<GdprRequestStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  completed: "Completed",
  rejected: "Rejected",
};

export const STATUS_PALETTES: Record<GdprRequestStatus, string> = {
  pending: "orange",
  processing: "blue",
  completed: "green",
  rejected: "red",
};

export const DEADLINE_SENTENCE = `We answer every request within ${GDPR_DEADLINE_DAYS} days of filing. The deadline is shown on each request.`;

const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
export function formatDay(at: Date | string): string {
  return day.format(new Date(at));
}

export function formatDayAndTime(at: Date | string): string {
  return mediumDateTime.format(new Date(at));
}

/** "30 days", "1 year", "7 years": a retention period as people say it. */
export function periodLabel(days: number): string {
  if (days >= 365 && days % 365 === 0) {
    const years = days / 365;
    return `${years} year${years === 1 ? "" : "s"}`;
  }
  return `${days.toLocaleString("en-US")} day${days === 1 ? "" : "s"}`;
}

/** YYYY-MM-DD of a local calendar day. */
export function isoDay(at: Date): string {
  const m = String(at.getMonth() + 1).padStart(2, "0");
  const d = String(at.getDate()).padStart(2, "0");
  return `${at.getFullYear()}-${m}-${d}`;
}

/** The last calendar month: its first and last days. */
export function lastMonth(now = new Date()): { startDate: string; endDate: string } {
  const start = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const end = new Date(now.getFullYear(), now.getMonth(), 0);
  return { startDate: isoDay(start), endDate: isoDay(end) };
}
