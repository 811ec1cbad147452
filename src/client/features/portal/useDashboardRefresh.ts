import { trpc } from "../../trpc";
import { useInvalidateAppointments, useInvalidateSlots } from "../appointments";

/**
 * What goes out of date when the salesperson changes something: appointments feed the overview, insights and
 * the public slot grids; blocks and working hours feed the slot grids; the profile feeds the public cards and
 * pages.
 */
export function useDashboardRefresh() {
  const utils = trpc.useUtils();
  const invalidateAppointments = useInvalidateAppointments();
  const invalidateSlots = useInvalidateSlots();
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
        invalidateSlots(),
        utils.portal.insights.invalidate(),
      ]),
    afterWorkingHoursChange: () =>
      Promise.all([
        utils.availability.workingHours.invalidate(),
        invalidateSlots(),
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
