import { createFileRoute } from "@tanstack/react-router";
import { AdminDashboardPage } from "../features/admin/AdminPages";
import { RouteError } from "../ui/RouteError";
import { checkAdminSession } from "./-pageQueries";
import { adminDashboardRoute } from "./-searchRoutes";

export const Route = createFileRoute("/admin/dashboard")({
  ...adminDashboardRoute,
  loader: ({ context: { queryClient } }) => checkAdminSession(queryClient),
  errorComponent: RouteError,
  component: AdminDashboardPage,
});
