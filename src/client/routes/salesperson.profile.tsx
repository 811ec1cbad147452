import { createFileRoute, redirect } from "@tanstack/react-router";
import { SalespersonProfileEditorPage } from "../features/salesperson-dashboard/SalespersonDashboardPage";

export const Route = createFileRoute("/salesperson/profile")({
  beforeLoad: ({ context }) => {
    if (!context.me) throw redirect({ to: "/salesperson-login" });
  },
  component: SalespersonProfileEditorPage,
});
