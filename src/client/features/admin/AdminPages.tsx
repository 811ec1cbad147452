import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { ADMIN_LOGIN, actionsLedBy, BACK_HOME } from "../../ui/pageActions";

export { AdminConsolePage as AdminDashboardPage } from "./AdminConsolePage";
export { AdminLoginPage } from "./AdminLoginPage";

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
