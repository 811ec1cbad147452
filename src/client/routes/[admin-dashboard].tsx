import { createFileRoute, redirect } from "@tanstack/react-router";
import { clearAdminSession } from "../adminSession";
import { AdminDashboardPage } from "../features/admin/AdminPages";
import { adminQueries } from "../features/admin/queries";
import { apiErrorCode } from "../trpc";
import { RouteError } from "../ui/RouteError";
import { adminDashboardRoute } from "./-searchRoutes";

export const Route = createFileRoute("/admin-dashboard")({
  ...adminDashboardRoute,
  // A stored admin session the server refuses is forgotten, and the administrator signs in again.
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(adminQueries.verify()).catch((error) => {
      if (!["UNAUTHORIZED", "FORBIDDEN"].includes(apiErrorCode(error) ?? "")) throw error;
      clearAdminSession();
      throw redirect({ to: "/admin/login", replace: true });
    }),
  errorComponent: RouteError,
  component: AdminDashboardPage,
});
