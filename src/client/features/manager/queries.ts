// What the manager dashboard reads, declared once for its routes and its panels.
import { trpcUtils } from "../../trpc";

export const managerQueries = {
  overview: () => trpcUtils.manager.overview.queryOptions(),
  performance: () => trpcUtils.manager.performance.queryOptions(),
  pendingVerifications: () => trpcUtils.manager.pendingVerifications.queryOptions(),
  invitations: () => trpcUtils.manager.invitations.queryOptions(),
  members: () => trpcUtils.manager.members.queryOptions(),
  bookings: () => trpcUtils.manager.bookings.queryOptions(),
};
