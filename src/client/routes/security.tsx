import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../features/security";
import { securityTabQueries } from "../features/security/queries";
import { ensureAll } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { securityRoute } from "./-searchRoutes";

export const Route = createFileRoute("/security")({
  ...securityRoute,
  loader: ({ context: { me, queryClient }, deps }) =>
    ensureAll(queryClient, securityTabQueries(me, deps.tab)),
  errorComponent: RouteError,
  component: SecurityPage,
});
