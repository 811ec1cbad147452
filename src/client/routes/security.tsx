import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../features/enterprise/EnterprisePages";

export const Route = createFileRoute("/security")({
  component: SecurityPage,
});
