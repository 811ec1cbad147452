import { createFileRoute } from "@tanstack/react-router";
import { CompliancePage } from "../features/compliance";
import { RouteError } from "../ui/RouteError";
import { complianceRoute } from "./-searchRoutes";

export const Route = createFileRoute("/compliance")({
  ...complianceRoute,
  errorComponent: RouteError,
  component: CompliancePage,
});
