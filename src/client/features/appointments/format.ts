// How appointment times read on screen: always in the salesperson's own zone, with that zone named,
// so a buyer in another state books the time the dealership means.
import { TRPCClientError } from "@trpc/client";
import type { APPOINTMENT_STATUSES } from "../../../shared/constants";

function zonePart(timeZone: string, style: "longGeneric" | "short", at: Date): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
  } catch {
    return undefined;
  }
}

/** "Central Time" for America/Chicago; the zone id itself when the browser has no name for it. */
export function zoneName(timeZone: string, at = new Date()): string {
  return zonePart(timeZone, "longGeneric", at) ?? timeZone;
}

/** "Times in Central Time (America/Chicago)". */
export function timesInLabel(timeZone: string): string {
  const name = zoneName(timeZone);
  return name === timeZone ? `Times in ${timeZone}` : `Times in ${name} (${timeZone})`;
}

/** A calendar date (YYYY-MM-DD) as words, with no zone involved: "Thursday, June 12, 2026". */
export function formatCalendarDate(date: string, style: "long" | "short" = "long"): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: style === "long" ? "long" : "short",
    month: style === "long" ? "long" : "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export type AppointmentWhen = {
  /** "Thu, Jun 12, 2026" */
  date: string;
  /** "2:30 PM" */
  time: string;
  /** "CDT" */
  zoneAbbr: string;
  /** "Central Time" */
  zoneName: string;
  month: string;
  day: string;
};

/** An appointment instant as the dealership's clocks show it. */
export function appointmentWhen(iso: string, timeZone: string): AppointmentWhen {
  const at = new Date(iso);
  const parts = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone, ...options }).format(at);
  return {
    date: parts({ weekday: "short", month: "short", day: "numeric", year: "numeric" }),
    time: parts({ hour: "numeric", minute: "2-digit" }),
    zoneAbbr: zonePart(timeZone, "short", at) ?? timeZone,
    zoneName: zoneName(timeZone, at),
    month: parts({ month: "short" }),
    day: parts({ day: "numeric" }),
  };
}

/** The machine reason of a failed call (e.g. SCHEDULING_CONFLICT), from the server's error formatter. */
export function apiErrorCause(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const cause = (error.data as { cause?: unknown } | undefined)?.cause;
  return typeof cause === "string" ? cause : undefined;
}

/** SPEC.md section 8: a conflict or a blocked slot both read as 'Time Slot Unavailable'. */
export function isSlotUnavailable(error: unknown): boolean {
  const cause = apiErrorCause(error);
  if (cause === "SCHEDULING_CONFLICT" || cause === "SLOT_BLOCKED") return true;
  const message = error instanceof Error ? error.message : "";
  return message.includes("SCHEDULING_CONFLICT") || message.includes("Time slot unavailable");
}

export type AppointmentStatusValue = (typeof APPOINTMENT_STATUSES)[number];

const STATUS_STYLE: Record<AppointmentStatusValue, { label: string; palette: string }> = {
  scheduled: { label: "Scheduled", palette: "blue" },
  completed: { label: "Completed", palette: "green" },
  cancelled: { label: "Cancelled", palette: "red" },
  "no-show": { label: "No-show", palette: "orange" },
};

export function appointmentStatusStyle(status: string): { label: string; palette: string } {
  return (
    STATUS_STYLE[status as AppointmentStatusValue] ?? {
      label: status.charAt(0).toUpperCase() + status.slice(1),
      palette: "gray",
    }
  );
}
