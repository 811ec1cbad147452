import { trpc } from "../../trpc";
import { useInvalidateAppointments } from "../appointments/useAppointmentCaches";

/**
 * What goes out of date when the salesperson changes something: appointments feed the overview, insights and
 * the public slot grids; blocks feed the slot grids; the profile feeds the public cards and pages.
 */
export function useDashboardRefresh() {
  const utils = trpc.useUtils();
  const invalidateAppointments = useInvalidateAppointments();
  return {
    afterAppointmentChange: () =>
      Promise.all([
        invalidateAppointments(),
        utils.portal.overview.invalidate(),
        utils.portal.insights.invalidate(),
      ]),
    afterAvailabilityChange: () =>
      Promise.all([
        utils.availability.forSalesperson.invalidate(),
        utils.appointments.daySlots.invalidate(),
        utils.appointments.availableToday.invalidate(),
        utils.appointments.availableTodayMany.invalidate(),
        utils.portal.insights.invalidate(),
      ]),
    afterProfileChange: () =>
      Promise.all([
        utils.portal.me.invalidate(),
        utils.portal.insights.invalidate(),
        utils.salespeople.invalidate(),
        utils.auth.me.invalidate(),
      ]),
  };
}
