import { createFileRoute } from "@tanstack/react-router";
import { CrmPage } from "../features/enterprise/EnterprisePages";

export const Route = createFileRoute("/crm")({
  component: CrmPage,
});
