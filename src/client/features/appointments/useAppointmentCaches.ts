import { trpc } from "../../trpc";

/** After a booking, a block or a cancellation: every cached view of open slots is out of date. */
function useInvalidateSlots() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.appointments.daySlots.invalidate(),
      utils.appointments.availableToday.invalidate(),
      utils.appointments.availableTodayMany.invalidate(),
    ]);
}

/** After a booking, cancellation or move: every cached view of slots and appointments is out of date. */
export function useInvalidateAppointments() {
  const utils = trpc.useUtils();
  const invalidateSlots = useInvalidateSlots();
  return () =>
    Promise.all([
      invalidateSlots(),
      utils.appointments.mine.invalidate(),
      utils.appointments.forSalesperson.invalidate(),
    ]);
}
