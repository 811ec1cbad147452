import { createFileRoute } from "@tanstack/react-router";
import { portalQueries } from "../features/portal/queries";
import { SalespersonProfileEditorPage } from "../features/portal/SalespersonDashboardPage";
import { RouteError } from "../ui/RouteError";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/salesperson/profile")({
  beforeLoad: requireSignIn("/salesperson-login"),
  loader: ({ context: { me, queryClient } }) =>
    me?.salespersonId == null ? undefined : queryClient.ensureQueryData(portalQueries.me()),
  errorComponent: RouteError,
  component: SalespersonProfileEditorPage,
});
