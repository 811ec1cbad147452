import { createFileRoute } from "@tanstack/react-router";
import { CrmPage } from "../features/crm/CrmPage";
import { crmQueries } from "../features/crm/queries";
import { ensureAll } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/crm")({
  loader: ({ context: { me, queryClient } }) => {
    if (me?.role !== "admin" && me?.managedDealershipId == null) return;
    return ensureAll(queryClient, [crmQueries.providers(), crmQueries.integrations()]);
  },
  errorComponent: RouteError,
  component: CrmPage,
});
