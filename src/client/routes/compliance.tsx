import { createFileRoute } from "@tanstack/react-router";
import { CompliancePage } from "../features/compliance";
// validateSearch loads with every page: the search parser alone, not the feature's index.
import { complianceSearchSchema } from "../features/compliance/complianceSearch";

export const Route = createFileRoute("/compliance")({
  validateSearch: complianceSearchSchema,
  component: CompliancePage,
});
