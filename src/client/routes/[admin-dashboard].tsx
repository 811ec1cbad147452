import { createFileRoute } from "@tanstack/react-router";
import { AdminDashboardPage } from "../features/admin/AdminPages";

export const Route = createFileRoute("/admin-dashboard")({
  component: AdminDashboardPage,
});
