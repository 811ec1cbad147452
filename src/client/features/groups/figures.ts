// How the group's page writes its report and where its "Open dashboard" leads, apart from the components so
// they can be checked on their own.
import type { GroupRole } from "../../../shared/constants";
import type { GroupReport } from "../../../shared/schemas/groups";
import { ratingText } from "../../ui/Rating";
import { percent } from "../analytics";
import { replyTime } from "../manager";

type Figures = GroupReport["totals"];

/** The report table's columns after the dealership's name, each with how it writes a row's figure. */
export const REPORT_COLUMNS: { label: string; value: (row: Figures) => string }[] = [
  { label: "Visits", value: (r) => String(r.appointments) },
  { label: "Completed", value: (r) => String(r.completed) },
  { label: "Conversion", value: (r) => percent(r.conversionRate) },
  { label: "Cancellations", value: (r) => String(r.cancellations) },
  { label: "No-shows", value: (r) => String(r.noShows) },
  { label: "Reviews", value: (r) => String(r.reviews) },
  { label: "Avg. rating", value: (r) => ratingText(r.averageRating, r.reviews) },
  { label: "Misconduct cases", value: (r) => String(r.misconductCases) },
  { label: "Avg. reply time", value: (r) => replyTime(r.averageReplyMinutes) },
];

/** Where a group member works on a dealership: group staff on its bookings, the others on its dashboard. */
export function dealershipWorkspace(role: GroupRole): "/bookings" | "/manager/dashboard" {
  return role === "group_staff" ? "/bookings" : "/manager/dashboard";
}
