import { createFileRoute, redirect } from "@tanstack/react-router";
import { SalespersonDashboardPage } from "../features/salesperson-dashboard/SalespersonDashboardPage";

export const Route = createFileRoute("/salesperson-dashboard")({
  beforeLoad: ({ context }) => {
    if (!context.me) throw redirect({ to: "/" });
  },
  component: SalespersonDashboardPage,
});
