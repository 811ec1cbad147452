import { createFileRoute } from "@tanstack/react-router";
import { requireAdminSession } from "../adminSession";
import { AdminDashboardPage } from "../features/admin/AdminPages";
import { adminDashboardSearchSchema } from "../features/admin/adminSearch";
import { loadAdminDashboard } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/admin/dashboard")({
  validateSearch: adminDashboardSearchSchema,
  beforeLoad: requireAdminSession,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: loadAdminDashboard,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: AdminDashboardPage,
});
