import { createFileRoute } from "@tanstack/react-router";
import { ManagerDashboardPage } from "../features/manager/ManagerDashboardPage";
import { managerDashboardSearchSchema } from "../features/manager/managerSearch";

export const Route = createFileRoute("/manager/dashboard")({
  validateSearch: managerDashboardSearchSchema,
  component: ManagerDashboardPage,
});
