// Splits appointments into what is ahead and what has happened, and says which still need an outcome (a
// visit whose time has passed but that nobody has marked completed or no-show).
import type { AppointmentView } from "../../../shared/schemas/appointments";

type AnyAppointment = { id: number; scheduledDateTime: string; status: string };

/** The owner receives full views; anyone else only instants. The dashboard only ever shows full ones. */
export function isFullView<T extends AnyAppointment>(a: T | AppointmentView): a is AppointmentView {
  return "customerName" in a;
}

/** The full views in a salesperson's list (what `appointments.forSalesperson` answers its owner). */
export function fullViews(
  list: readonly (AppointmentView | AnyAppointment)[] | undefined,
): AppointmentView[] {
  return (list ?? []).filter(isFullView);
}

/** Scheduled visits still ahead (soonest first), and everything else (latest first). */
export function splitAppointments(all: AppointmentView[], now = Date.now()) {
  const upcoming = all
    .filter((a) => a.status === "scheduled" && Date.parse(a.scheduledDateTime) > now)
    .sort((a, b) => Date.parse(a.scheduledDateTime) - Date.parse(b.scheduledDateTime));
  const upcomingIds = new Set(upcoming.map((a) => a.id));
  const past = all
    .filter((a) => !upcomingIds.has(a.id))
    .sort((a, b) => Date.parse(b.scheduledDateTime) - Date.parse(a.scheduledDateTime));
  const awaitingOutcome = past.filter((a) => a.status === "scheduled").length;
  return { upcoming, past, awaitingOutcome };
}
