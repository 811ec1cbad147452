import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useSession } from "../features/auth/session";
import { dashboardSearchSchema } from "../features/browse/dashboardSearch";
import { LandingPage } from "../features/landing/LandingPage";

// The dashboard is a separate chunk: visitors to the landing page never download the browse UI.
const CustomerDashboard = lazy(() =>
  import("../features/browse/CustomerDashboard").then((m) => ({ default: m.CustomerDashboard })),
);

export const Route = createFileRoute("/")({
  validateSearch: dashboardSearchSchema,
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
