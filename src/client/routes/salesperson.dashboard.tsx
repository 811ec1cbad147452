import { createFileRoute, redirect } from "@tanstack/react-router";
import { salespersonDashboardSearchSchema } from "../features/salesperson-dashboard/dashboardSearch";
import { SalespersonDashboardPage } from "../features/salesperson-dashboard/SalespersonDashboardPage";

export const Route = createFileRoute("/salesperson/dashboard")({
  validateSearch: salespersonDashboardSearchSchema,
  beforeLoad: ({ context }) => {
    if (!context.me) throw redirect({ to: "/" });
  },
  component: SalespersonDashboardRoute,
});

function SalespersonDashboardRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SalespersonDashboardPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
