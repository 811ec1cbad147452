import { createFileRoute } from "@tanstack/react-router";
import { AppointmentsPage } from "../features/appointments/AppointmentsPage";
import { loadAppointments } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/appointments")({
  loader: loadAppointments,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: AppointmentsPage,
});
