import { createFileRoute } from "@tanstack/react-router";
import { CompliancePage } from "../features/compliance";
import { complianceTabQueries } from "../features/compliance/queries";
import { ensureAll } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { complianceRoute } from "./-searchRoutes";

export const Route = createFileRoute("/compliance")({
  ...complianceRoute,
  loader: ({ context: { me, queryClient }, deps }) =>
    ensureAll(queryClient, complianceTabQueries(me, deps.tab)),
  errorComponent: RouteError,
  component: CompliancePage,
});
