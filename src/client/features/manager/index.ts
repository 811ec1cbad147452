// What other parts of the client use of the manager feature: the dashboard page (both of its routes), its
// certification queue and the list of waiting invitations (the admin console).
export { CertificationQueue } from "./CertificationQueue";
export { ManagerDashboardPage } from "./ManagerDashboardPage";
export { managerDashboardSearchSchema } from "./managerSearch";
export { managerQueries } from "./queries";
export { WaitingList } from "./WaitingList";
