import { createFileRoute } from "@tanstack/react-router";
import { AdminDashboardPage } from "../features/admin/AdminPages";
import { RouteError } from "../ui/RouteError";
import { adminDashboardRoute } from "./-searchRoutes";

export const Route = createFileRoute("/admin/dashboard")({
  ...adminDashboardRoute,
  errorComponent: RouteError,
  component: AdminDashboardPage,
});
