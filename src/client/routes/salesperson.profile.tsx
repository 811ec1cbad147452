import { createFileRoute } from "@tanstack/react-router";
import { SalespersonProfileEditorPage } from "../features/portal/SalespersonDashboardPage";
import { loadSalespersonProfile } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/salesperson/profile")({
  beforeLoad: requireSignIn("/salesperson-login"),
  loader: loadSalespersonProfile,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: SalespersonProfileEditorPage,
});
