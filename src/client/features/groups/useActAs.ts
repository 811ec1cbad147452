// Working on another dealership of the group: the session's dealership changes, and with it everything a
// dealership-scoped screen shows (the session itself, the dashboard, bookings, team, reports).
import { useQueryClient } from "@tanstack/react-query";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";

/**
 * groups.actAs, then every answer read for the dealership worked on before is stale: what no screen shows is
 * dropped (a page opened next reads it afresh instead of showing the other dealership's first), what is on
 * screen is read again, and the mutation settles once it has been.
 */
export function useActAs() {
  const queryClient = useQueryClient();
  return trpc.groups.actAs.useMutation({
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => !query.isActive() });
      await queryClient.invalidateQueries();
    },
    onError: (error) => showFailure("Couldn't switch dealership", error),
  });
}
