import { createFileRoute } from "@tanstack/react-router";
import { AppointmentsPage } from "../features/appointments/AppointmentsPage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/appointments")({
  loader: lazyLoader("loadAppointments"),
  errorComponent: RouteError,
  component: AppointmentsPage,
});
