import { createFileRoute } from "@tanstack/react-router";
import { SalespersonProfileEditorPage } from "../features/portal/SalespersonDashboardPage";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/salesperson/profile")({
  beforeLoad: requireSignIn("/salesperson-login"),
  component: SalespersonProfileEditorPage,
});
