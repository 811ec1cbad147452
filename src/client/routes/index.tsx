import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { browseSearchShape } from "../features/browse/browseSearch";
import { dashboardSearchShape } from "../features/customer-dashboard/dashboardSearch";
import { LandingPage } from "../features/landing/LandingPage";
import { siteQueries } from "../features/landing/queries";
import { messageQueries } from "../features/messages/queries";
import { RouteError } from "../ui/RouteError";
import { searchParams } from "../ui/searchParams";
import { useSession } from "../ui/session";

// The dashboard is a separate chunk: visitors to the landing page never download the browse UI.
const CustomerDashboard = lazy(() =>
  import("../features/customer-dashboard/CustomerDashboard").then((m) => ({ default: m.CustomerDashboard })),
);

export const Route = createFileRoute("/")({
  validateSearch: searchParams({ ...dashboardSearchShape, ...browseSearchShape }),
  loader: ({ context: { me, queryClient } }) => {
    // A customer's dashboard counts their unread conversations in its tabs.
    if (me?.role === "customer") return queryClient.ensureQueryData(messageQueries.conversations());
    // The landing page's figures and quotes are extra: they start loading with the page but never hold up
    // its first paint or take it down.
    void queryClient.prefetchQuery(siteQueries.stats());
    void queryClient.prefetchQuery(siteQueries.testimonials());
    return undefined;
  },
  // No pending placeholder (the router's default is replaced by nothing): nothing here holds up a visitor's
  // landing page, and the placeholder's frame would otherwise join its first load whenever the session check
  // is slow.
  pendingComponent: () => null,
  errorComponent: RouteError,
  component: HomePage,
});

/** `/` is the customer dashboard for a signed-in customer, and the landing page for everyone else. */
function HomePage() {
  const { user } = useSession();
  if (user?.role === "customer") {
    return (
      <Suspense fallback={null}>
        <CustomerDashboard user={user} />
      </Suspense>
    );
  }
  return <LandingPage viewer={user} />;
}
