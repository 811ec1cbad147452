import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../features/security";
import { securitySearchSchema } from "../features/security/securitySearch";
import { loadSecurity } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/security")({
  validateSearch: securitySearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: loadSecurity,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: SecurityPage,
});
