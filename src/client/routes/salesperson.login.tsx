import { createFileRoute } from "@tanstack/react-router";
import { signInRoute } from "../features/auth/linkRoute";
import { authQueries } from "../features/auth/queries";
import { SalespersonPortalPage } from "../features/auth/SalespersonPortalPage";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/salesperson/login")({
  ...signInRoute({ staffOnly: true }),
  // The registration form sits behind a tab: its dealerships and cities start loading with the page without
  // holding up sign-in, or taking it down if they fail. A failure of the providers only leaves their buttons out.
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(authQueries.filterOptions());
    await queryClient.ensureQueryData(authQueries.providers()).catch(() => undefined);
  },
  errorComponent: RouteError,
  component: SalespersonPortalPage,
});
