import { createFileRoute } from "@tanstack/react-router";
import { CompliancePage } from "../features/compliance";
// validateSearch loads with every page: the search parser alone, not the feature's index.
import { complianceSearchSchema } from "../features/compliance/complianceSearch";
import { loadCompliance } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/compliance")({
  validateSearch: complianceSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: loadCompliance,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: CompliancePage,
});
