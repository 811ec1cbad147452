import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { browseSearchShape } from "../features/browse/browseSearch";
import { dashboardSearchShape } from "../features/customer-dashboard/dashboardSearch";
import { LandingPage } from "../features/landing/LandingPage";
import { searchParams } from "../ui/searchParams";
import { useSession } from "../ui/session";

// The dashboard is a separate chunk: visitors to the landing page never download the browse UI.
const CustomerDashboard = lazy(() =>
  import("../features/customer-dashboard/CustomerDashboard").then((m) => ({ default: m.CustomerDashboard })),
);

export const Route = createFileRoute("/")({
  validateSearch: searchParams({ ...dashboardSearchShape, ...browseSearchShape }),
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
