import { createFileRoute } from "@tanstack/react-router";
import { SalespersonProfileEditorPage } from "../features/portal/SalespersonDashboardPage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/salesperson/profile")({
  beforeLoad: requireSignIn("/salesperson-login"),
  loader: lazyLoader("loadSalespersonProfile"),
  errorComponent: RouteError,
  component: SalespersonProfileEditorPage,
});
