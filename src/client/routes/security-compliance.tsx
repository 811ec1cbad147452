import { createFileRoute } from "@tanstack/react-router";
import { SecurityCompliancePage } from "../features/documents/CompanyDocs";

export const Route = createFileRoute("/security-compliance")({
  component: SecurityCompliancePage,
});
