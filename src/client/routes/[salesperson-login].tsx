import { createFileRoute } from "@tanstack/react-router";
import { signInRoute } from "../features/auth/linkRoute";
import { SalespersonPortalPage } from "../features/auth/SalespersonPortalPage";
import { loadSalespersonPortal } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/salesperson-login")({
  ...signInRoute({ staffOnly: true }),
  loader: loadSalespersonPortal,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: SalespersonPortalPage,
});
