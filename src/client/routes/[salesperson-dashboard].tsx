import { createFileRoute } from "@tanstack/react-router";
import { salespersonDashboardSearchSchema } from "../features/portal/dashboardSearch";
import { SalespersonDashboardPage } from "../features/portal/SalespersonDashboardPage";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/salesperson-dashboard")({
  validateSearch: salespersonDashboardSearchSchema,
  beforeLoad: requireSignIn("/"),
  component: SalespersonDashboardPage,
});
