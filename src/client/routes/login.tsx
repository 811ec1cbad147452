import { createFileRoute } from "@tanstack/react-router";
import { CustomerLoginPage } from "../features/auth/CustomerLoginPage";
import { signInRoute } from "../features/auth/linkRoute";
import { authQueries } from "../features/auth/queries";

export const Route = createFileRoute("/login")({
  ...signInRoute({ staffOnly: false }),
  // A failure only leaves the providers' buttons out: the e-mailed link must always be there to use.
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(authQueries.providers()).catch(() => undefined),
  component: CustomerLoginPage,
});
