import { createFileRoute } from "@tanstack/react-router";
import { DeploymentGuidePage } from "../features/documents/CompanyDocs";

export const Route = createFileRoute("/deployment-guide")({
  component: DeploymentGuidePage,
});
