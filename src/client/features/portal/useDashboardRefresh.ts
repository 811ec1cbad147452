import { trpc } from "../../trpc";
import { useInvalidateAppointments } from "../appointments";

/**
 * What goes out of date when the salesperson changes something outside a tRPC change (whose refresh is declared
 * in refreshes.ts) or hands the refresh on: appointments feed the overview and insights; the profile feeds the
 * public cards and pages.
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
    afterProfileChange: () =>
      Promise.all([
        utils.portal.me.invalidate(),
        utils.portal.insights.invalidate(),
        utils.salespeople.invalidate(),
        utils.auth.me.invalidate(),
      ]),
  };
}
