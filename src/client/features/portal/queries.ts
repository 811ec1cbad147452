// What the salesperson dashboard reads, declared once for its routes and its panels.
import { trpcUtils } from "../../trpc";
import { DEFAULT_PERIOD, type SalespersonDashboardSearch } from "./dashboardSearch";

export const portalQueries = {
  me: () => trpcUtils.portal.me.queryOptions(),
  overview: (period: SalespersonDashboardSearch["period"]) =>
    trpcUtils.portal.overview.queryOptions({ period: period ?? DEFAULT_PERIOD }),
  calendarFeed: () => trpcUtils.calendar.feedStatus.queryOptions(),
  bookingRules: (salespersonId: number) =>
    trpcUtils.availability.bookingRules.queryOptions({ id: salespersonId }),
  workingHours: (salespersonId: number) =>
    trpcUtils.availability.workingHours.queryOptions({ id: salespersonId }),
};
