import { createFileRoute } from "@tanstack/react-router";
import { CompliancePage } from "../features/compliance";
// validateSearch loads with every page: the search parser alone, not the feature's index.
import { complianceSearchSchema } from "../features/compliance/complianceSearch";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/compliance")({
  validateSearch: complianceSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: lazyLoader("loadCompliance"),
  errorComponent: RouteError,
  component: CompliancePage,
});
