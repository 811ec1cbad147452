import { createFileRoute } from "@tanstack/react-router";
import { signInRoute } from "../features/auth/linkRoute";
import { SalespersonPortalPage } from "../features/auth/SalespersonPortalPage";
import { RouteError } from "../ui/RouteError";
import { openSalespersonSignIn } from "./-pageQueries";

export const Route = createFileRoute("/salesperson-login")({
  ...signInRoute({ staffOnly: true }),
  loader: ({ context }) => openSalespersonSignIn(context.queryClient),
  errorComponent: RouteError,
  component: SalespersonPortalPage,
});
