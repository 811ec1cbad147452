import { createFileRoute } from "@tanstack/react-router";
import { BookingsPage } from "../features/manager/BookingsPage";
import { managerQueries } from "../features/manager/queries";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/bookings")({
  // The bookings of the dealership the visitor works for, in any role.
  loader: ({ context: { me, queryClient } }) =>
    me?.dealershipId != null ? queryClient.ensureQueryData(managerQueries.bookings()) : undefined,
  errorComponent: RouteError,
  component: BookingsPage,
});
