import { createFileRoute } from "@tanstack/react-router";
import { ManagerDashboardPage } from "../features/manager/ManagerDashboardPage";

export const Route = createFileRoute("/manager/dashboard")({
  component: ManagerDashboardPage,
});
