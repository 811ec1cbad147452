import { createFileRoute } from "@tanstack/react-router";
import { CompliancePage } from "../features/enterprise/EnterprisePages";

export const Route = createFileRoute("/compliance")({
  component: CompliancePage,
});
