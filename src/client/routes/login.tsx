import { createFileRoute } from "@tanstack/react-router";
import { CustomerLoginPage } from "../features/auth/CustomerLoginPage";
import { signInRoute } from "../features/auth/linkRoute";
import { lazyLoader } from "../routerContext";

export const Route = createFileRoute("/login")({
  ...signInRoute({ staffOnly: false }),
  loader: lazyLoader("loadSignIn"),
  component: CustomerLoginPage,
});
