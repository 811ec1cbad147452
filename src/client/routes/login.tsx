import { createFileRoute } from "@tanstack/react-router";
import { CustomerLoginPage } from "../features/auth/CustomerLoginPage";
import { signInRoute } from "../features/auth/linkRoute";

export const Route = createFileRoute("/login")({
  ...signInRoute({ staffOnly: false }),
  component: CustomerLoginPage,
});
