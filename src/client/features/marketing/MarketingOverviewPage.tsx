import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { actionsLedBy } from "../../ui/pageActions";
import { NetworkFigures } from "./NetworkFigures";

/** /marketing: a one-page overview to share with dealership partners. */
export function MarketingOverviewPage() {
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="For Dealerships"
        description="Why dealerships partner with KnowBefore: verified salesperson profiles, appointments from buyers who chose your team, and feedback per salesperson."
        eyebrow="For dealership partners"
        title="Show buyers your team is worth the visit"
        lead="Buyers now check reviews before they choose a dealership. KnowBefore lets them check the salesperson too, and rewards dealerships whose teams treat customers well."
        pointsHeading="What partners get"
        points={[
          "Verified profiles for every salesperson on your team",
          "Appointments booked by buyers who already chose who they want to meet",
          "Feedback per salesperson, so coaching starts before a public complaint",
          "A leaderboard of top, average and developing performers",
          "Compliance reporting and incident tracking for managers",
          "Every application decided by a person, within the time the contact page gives",
        ]}
        actions={actionsLedBy(
          { label: "See dealership pricing", to: "/pricing" },
          { label: "Schedule a demo", to: "/contact" },
        )}
      >
        <NetworkFigures headingId="network-figures" headingSize="lg" />
      </InfoPage>
    </PublicLayout>
  );
}
