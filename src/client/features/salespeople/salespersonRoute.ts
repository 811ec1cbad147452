// What /salespeople/$id and /salesperson/$id share before their page loads: reading the id, loading the
// profile, and the words of a missing profile. Kept apart from the page so route files stay light.
import { notFound } from "@tanstack/react-router";
import { ID_MAX } from "../../../shared/constants";
import type { RouteLoaderContext, RouteStateWords } from "../../routerContext";

/** The id in a profile's address, or null when it cannot name a salesperson (then the page is missing). */
export function parseSalespersonId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= ID_MAX ? id : null;
}

export const salespersonRouteWords: RouteStateWords = {
  missingTitle: "Salesperson Not Found",
  missingDescription:
    "This profile doesn't exist or is no longer listed. Browse other verified salespeople instead.",
};

export function loadSalesperson({
  context,
  params,
}: {
  context: RouteLoaderContext;
  params: { id: string };
}) {
  const id = parseSalespersonId(params.id);
  if (id === null) throw notFound();
  return context.queryClient.ensureQueryData(context.trpcUtils.salespeople.byId.queryOptions({ id }));
}
