import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../features/security";
import { RouteError } from "../ui/RouteError";
import { securityRoute } from "./-searchRoutes";

export const Route = createFileRoute("/security")({
  ...securityRoute,
  errorComponent: RouteError,
  component: SecurityPage,
});
