// What other parts of the client use of the manager feature: the dashboard page (both of its routes), its
// certification queue and the list of waiting invitations (the admin console); the monthly report's card, month
// and month label (the dealer group's report).
export { CertificationQueue } from "./CertificationQueue";
export { monthLabel } from "./format";
export { ManagerDashboardPage } from "./ManagerDashboardPage";
export { MonthlyReportCard, useReportMonth } from "./MonthField";
export { managerDashboardSearchSchema } from "./managerSearch";
export { managerQueries } from "./queries";
export { WaitingList } from "./WaitingList";
