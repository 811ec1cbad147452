import { createFileRoute } from "@tanstack/react-router";
import { CrmPage } from "../features/crm/CrmPage";
import { loadCrm } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/crm")({
  loader: loadCrm,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: CrmPage,
});
