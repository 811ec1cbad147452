import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../features/security";
import { securitySearchSchema } from "../features/security/securitySearch";

export const Route = createFileRoute("/security")({
  validateSearch: securitySearchSchema,
  component: SecurityPage,
});
