import { createFileRoute } from "@tanstack/react-router";
import { signInRoute } from "../features/auth/linkRoute";
import { SalespersonPortalPage } from "../features/auth/SalespersonPortalPage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/salesperson/login")({
  ...signInRoute({ staffOnly: true }),
  loader: lazyLoader("loadSalespersonPortal"),
  errorComponent: RouteError,
  component: SalespersonPortalPage,
});
