import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { ADMIN_LOGIN, actionsLedBy, BACK_HOME } from "../../ui/pageActions";

/** /admin/login and /admin-login: restricted sign-in for platform administrators. */
export function AdminLoginPage() {
  return (
    <PublicLayout>
      <InfoPage
        eyebrow="Platform administration"
        title="Administrator Login"
        lead="Restricted sign-in for KnowBefore staff. Administrators sign in with their email, a password and a separate admin authorization code."
        notice="Administrator sign-in is being rolled out during the beta. If you are on the platform team and need access now, contact us and we'll set up your account."
        actions={actionsLedBy({ label: "Contact the platform team", to: "/contact" }, BACK_HOME)}
      />
    </PublicLayout>
  );
}

/** /admin/dashboard and /admin-dashboard. */
export function AdminDashboardPage() {
  return (
    <PublicLayout>
      <InfoPage
        eyebrow="Platform administration"
        title="Admin Dashboard"
        lead="Where administrators manage users, salespeople, dealerships and transfer requests. You need to sign in as an administrator to continue."
        pointsHeading="Dashboard sections"
        points={[
          "Overview of platform activity",
          "Users: view, edit and remove accounts",
          "Salespeople: add, edit, upload photos and remove profiles",
          "Dealerships: add dealerships, upload logos and manage details",
          "Transfers: review salespeople moving between dealerships",
        ]}
        actions={actionsLedBy(ADMIN_LOGIN)}
      />
    </PublicLayout>
  );
}

/** /business-intelligence and /admin-business-intelligence. */
export function BusinessIntelligencePage() {
  return (
    <PublicLayout>
      <InfoPage
        eyebrow="Enterprise"
        title="Business Intelligence"
        lead="Platform-wide analytics for KnowBefore's leadership and enterprise partners: revenue, dealership performance and market trends over 7 days, 30 days, 90 days or a year."
        pointsHeading="Reports"
        points={[
          "Executive Summary: key metrics, highlights and alerts",
          "Revenue Analytics: recurring revenue, growth and churn",
          "Performance: ratings and conversion by dealership",
          "Market Analysis: reach by state and growth trends",
          "Predictions: where ratings and demand are heading",
        ]}
        actions={actionsLedBy(ADMIN_LOGIN, BACK_HOME)}
      />
    </PublicLayout>
  );
}
