// How the group's page writes its report and where its "Open dashboard" leads, apart from the components so
// they can be checked on their own.
import type { GroupRole } from "../../../shared/constants";
import type { GroupReport } from "../../../shared/schemas/groups";
import { FIGURE_COLUMNS, type ReportColumn } from "../../ui/ReportTable";
import { percent } from "../analytics";

/** The report table's columns after the dealership's name, each with how it writes a row's figure. */
export const REPORT_COLUMNS: ReportColumn<GroupReport["totals"]>[] = [
  { label: "Visits", value: (r) => String(r.appointments) },
  { label: "Completed", value: (r) => String(r.completed) },
  { label: "Conversion", value: (r) => percent(r.conversionRate) },
  ...FIGURE_COLUMNS,
];

/** Where a group member works on a dealership: group staff on its bookings, the others on its dashboard. */
export function dealershipWorkspace(role: GroupRole): "/bookings" | "/manager/dashboard" {
  return role === "group_staff" ? "/bookings" : "/manager/dashboard";
}
