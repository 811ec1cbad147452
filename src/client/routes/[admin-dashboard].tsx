import { createFileRoute } from "@tanstack/react-router";
import { requireAdminSession } from "../adminSession";
import { AdminDashboardPage } from "../features/admin/AdminPages";
import { adminDashboardSearchSchema } from "../features/admin/adminSearch";

export const Route = createFileRoute("/admin-dashboard")({
  validateSearch: adminDashboardSearchSchema,
  beforeLoad: requireAdminSession,
  component: AdminDashboardPage,
});
