import { createFileRoute } from "@tanstack/react-router";
import { AppointmentsPage } from "../features/appointments/AppointmentsPage";
import { appointmentQueries } from "../features/appointments/queries";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/appointments")({
  // A customer's own bookings.
  loader: ({ context: { me, queryClient } }) =>
    me?.role === "customer" ? queryClient.ensureQueryData(appointmentQueries.mine()) : undefined,
  errorComponent: RouteError,
  component: AppointmentsPage,
});
