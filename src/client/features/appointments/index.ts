// What other features use of appointments: the booking dialog and today's open times (browse cards,
// profiles, favorites), and the appointment list with its status colours (the salesperson dashboard).
export { AppointmentList, AwaitingOutcomeBadge, NoBookingsNotice } from "./AppointmentList";
export { NamesSalesperson } from "./AppointmentVisits";
export { AvailableToday, nextOpenLabel } from "./AvailableToday";
export { fullViews } from "./appointmentLists";
export { DisputesPanel } from "./DisputesPanel";
export { appointmentStatusStyle } from "./format";
export { ScheduleAppointmentDialog, type SchedulingTarget } from "./ScheduleAppointmentDialog";
export type { SlotHint } from "./SlotPicker";
export { useInvalidateAppointments } from "./useAppointmentCaches";
export { CheckInCodeCard } from "./VisitEvidence";
