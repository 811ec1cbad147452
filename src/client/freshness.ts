// How fresh each domain's answers must be, keyed by tRPC procedure path: a namespace ("security") or one
// procedure ("admin.verify"); what a change makes stale is beside it, in refreshes.ts. What is not named here never goes stale
// (docs/product/api.md#calls); what is named is read afresh each time a screen showing it opens, because someone
// else (or the server's own jobs) may have changed it since.
import type { QueryClient, QueryObserverOptions } from "@tanstack/react-query";
import type { RouterPath } from "./trpc";

/** For a screen that must read afresh a procedure other screens may show as first read. */
export const READ_AFRESH = { refetchOnMount: "always" } as const;
/** Read afresh, and stale at once (a reconnect reads it again too). */
const CHECKED_EACH_TIME = { ...READ_AFRESH, staleTime: 0 } as const;

const FRESHNESS: Partial<Record<RouterPath, Pick<QueryObserverOptions, "staleTime" | "refetchOnMount">>> = {
  auditTrail: READ_AFRESH,
  compliance: READ_AFRESH,
  messages: READ_AFRESH,
  notifications: READ_AFRESH,
  onboarding: READ_AFRESH,
  security: READ_AFRESH,
  transfers: READ_AFRESH,
  "admin.monitor": READ_AFRESH,
  "admin.overview": CHECKED_EACH_TIME,
  "admin.promotions": READ_AFRESH,
  "admin.verify": CHECKED_EACH_TIME,
  "appointments.daySlots": { ...READ_AFRESH, staleTime: 15_000 },
  "appointments.forSalesperson": READ_AFRESH,
  "appointments.mine": READ_AFRESH,
  "availability.forSalesperson": READ_AFRESH,
  "documents.list": READ_AFRESH,
  "groups.mine": READ_AFRESH,
  "identity.linked": READ_AFRESH,
  "portal.insights": READ_AFRESH,
  "portal.me": READ_AFRESH,
  "portal.overview": READ_AFRESH,
  "misconduct.allCases": READ_AFRESH,
  "misconduct.cases": READ_AFRESH,
  "reviews.eligibleAppointments": READ_AFRESH,
  "reviews.heldReviews": READ_AFRESH,
  "reviews.mine": READ_AFRESH,
  "reviews.openFlags": READ_AFRESH,
  "site.contactMessages": READ_AFRESH,
};

/** tRPC's keys start with the procedure's path as an array: a namespace's entry covers its procedures. */
export function applyFreshness(queryClient: QueryClient) {
  for (const [path, options] of Object.entries(FRESHNESS))
    queryClient.setQueryDefaults([path.split(".")], options);
}
