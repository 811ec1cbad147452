// What a successful change makes stale, keyed like freshness.ts by tRPC procedure path: the mutation's own
// procedure, else its namespace. The query client's mutation cache loads it on the first change (the landing
// page, which changes nothing, has a JavaScript budget).
import type { Mutation, QueryClient } from "@tanstack/react-query";
import type { RouterPath } from "./trpc";

/** The screens showing these read them again; a mutation whose `meta.refreshes` names paths refreshes those. */
const REFRESHES: Partial<Record<RouterPath, RouterPath[]>> = {
  admin: ["admin"],
  "admin.login": [],
  "admin.logout": [],
  "admin.passkeyOptions": [],
  "admin.reauthenticate": [],
  "admin.reauthenticationOptions": [],
  "admin.verifyMfa": [],
  "admin.verifyPasskey": [],
  apiKeys: ["apiKeys"],
  // Bookings feed the slot grids, the lists on both sides and the salesperson's overview.
  appointments: ["appointments", "disputes", "portal.overview", "portal.insights"],
  availability: ["availability", "appointments", "portal.insights"],
  calendar: ["calendar"],
  certifications: ["certifications"],
  compliance: ["compliance"],
  crm: ["crm"],
  disputes: ["disputes"],
  documents: ["documents"],
  "identity.unlink": ["identity.linked", "security"],
  invitations: ["invitations", "admin.dealerships"],
  manager: ["manager"],
  messages: ["messages"],
  misconduct: ["misconduct"],
  onboarding: ["onboarding"],
  // The profile shows on the public cards and pages, and (joining a dealership) in the session.
  portal: ["portal", "salespeople", "auth"],
  "portal.recordView": [],
  // A manager confirming a salesperson: the team's lists and figures, and the public profile.
  "portal.verify": ["manager", "salespeople"],
  purchases: ["purchases"],
  // A review moves the salesperson's rating and the feedback figures.
  reviews: ["reviews", "salespeople", "analytics"],
  security: ["security", "identity.linked"],
  "site.replyToCase": ["site.supportCase", "site.contactMessages"],
  "site.updateSupportCase": ["site.supportCase", "site.contactMessages"],
  subscriptions: ["subscriptions", "manager.overview"],
  transfers: ["transfers", "portal.me"],
};

/** The mutation cache's onSuccess: invalidates what the mutation's domain declares it changes, and waits for it. */
export function refreshAfter(queryClient: QueryClient, mutation: Mutation<unknown, unknown, unknown>) {
  const [path = []] = (mutation.options.mutationKey ?? []) as string[][];
  const declared = REFRESHES as Record<string, RouterPath[] | undefined>;
  const paths: readonly string[] =
    (mutation.meta?.refreshes as RouterPath[] | undefined) ??
    declared[path.join(".")] ??
    declared[path[0] ?? ""] ??
    [];
  return Promise.all(paths.map((p) => queryClient.invalidateQueries({ queryKey: [p.split(".")] })));
}
