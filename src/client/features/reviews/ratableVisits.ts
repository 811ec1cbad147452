// Whether the signed-in buyer has a visit to rate with a salesperson: a completed visit of theirs, inside the
// rating window and not rated yet (the server's `reviews.eligibleAppointments`, which also decides what the rating
// dialog offers). A profile offers "Rate Salesperson" only then, so no rating button leads nowhere.
import { trpc } from "../../trpc";
import type { SessionUser } from "../../ui/session";

export function useHasVisitToRate(salespersonId: number, viewer: SessionUser | null): boolean {
  const eligible = trpc.reviews.eligibleAppointments.useQuery(
    { salespersonId },
    { enabled: viewer?.role === "customer" },
  );
  return viewer?.role === "customer" && (eligible.data?.length ?? 0) > 0;
}
