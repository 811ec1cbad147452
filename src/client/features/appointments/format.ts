// How appointment outcomes read on screen: the status badges, and which refusals mean 'that time is gone'.

import type { APPOINTMENT_STATUSES } from "../../../shared/constants";
import { ErrorReason } from "../../../shared/errorCodes";
import { apiErrorCause } from "../../trpc";

/** docs/product/booking.md#no-double-booking: a conflict or a blocked slot both read as 'Time Slot Unavailable'. */
export function isSlotUnavailable(error: unknown): boolean {
  const cause = apiErrorCause(error);
  if (cause === ErrorReason.SCHEDULING_CONFLICT || cause === ErrorReason.SLOT_BLOCKED) return true;
  const message = error instanceof Error ? error.message : "";
  return message.includes(ErrorReason.SCHEDULING_CONFLICT) || message.includes("Time slot unavailable");
}

type AppointmentStatusValue = (typeof APPOINTMENT_STATUSES)[number];

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
