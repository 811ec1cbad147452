import { createFileRoute } from "@tanstack/react-router";
import { useSession } from "../features/auth/session";
import { CustomerDashboard } from "../features/browse/CustomerDashboard";
import { dashboardSearchSchema } from "../features/browse/dashboardSearch";
import { LandingPage } from "../features/landing/LandingPage";

export const Route = createFileRoute("/")({
  validateSearch: dashboardSearchSchema,
  component: HomePage,
});

/** `/` is the customer dashboard for a signed-in customer, and the landing page for everyone else. */
function HomePage() {
  const { user } = useSession();
  if (user?.role === "customer") return <CustomerDashboard user={user} />;
  return <LandingPage viewer={user} />;
}
