import { createFileRoute } from "@tanstack/react-router";
import { requireAdminSession } from "../adminSession";
import { AdminDashboardPage } from "../features/admin/AdminPages";
import { adminDashboardSearchSchema } from "../features/admin/adminSearch";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/admin-dashboard")({
  validateSearch: adminDashboardSearchSchema,
  beforeLoad: requireAdminSession,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: lazyLoader("loadAdminDashboard"),
  errorComponent: RouteError,
  component: AdminDashboardPage,
});
