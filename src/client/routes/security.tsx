import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../features/security";
import { securitySearchSchema } from "../features/security/securitySearch";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/security")({
  validateSearch: securitySearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: lazyLoader("loadSecurity"),
  errorComponent: RouteError,
  component: SecurityPage,
});
