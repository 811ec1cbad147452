import { createFileRoute } from "@tanstack/react-router";
import { signInRoute } from "../features/auth/linkRoute";
import { SalespersonPortalPage } from "../features/auth/SalespersonPortalPage";

export const Route = createFileRoute("/salesperson-login")({
  ...signInRoute({ staffOnly: true }),
  component: SalespersonPortalPage,
});
