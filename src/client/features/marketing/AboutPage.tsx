import { MARKETING_CLAIMS } from "../../../shared/constants";
import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";

export function AboutPage() {
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="About Us"
        eyebrow="About us"
        title="We're bringing transparency to the showroom floor"
        lead="KnowBefore started from a simple observation: the person who sells you a car shapes the whole experience, yet buyers have never been able to look them up first."
        sections={[
          {
            title: "Our mission",
            body: (
              <p>
                Help every car buyer walk into a dealership knowing who they'll deal with, and help the many
                honest, skilled salespeople get credit for the way they treat people.
              </p>
            ),
          },
          {
            title: "What makes our reviews different",
            body: (
              <>
                <p>
                  Reviews on KnowBefore come only from buyers who completed an appointment with that
                  salesperson, and they must be left within a limited time after the visit. Salespeople are
                  verified by the dealerships they work for.
                </p>
                <p>
                  Today the network includes {MARKETING_CLAIMS.verifiedSalespeople} verified salespeople and{" "}
                  {MARKETING_CLAIMS.dealershipPartners} dealership partners, with an average rating of{" "}
                  {MARKETING_CLAIMS.averageRating}.
                </p>
              </>
            ),
          },
          {
            title: "Where we are",
            body: (
              <p>
                KnowBefore is in beta. We ship improvements every week, and feedback from buyers, salespeople
                and dealerships decides what comes next.
              </p>
            ),
          },
        ]}
        actions={[
          { label: "Start as Customer", to: "/login", primary: true },
          { label: "Contact us", to: "/contact" },
        ]}
      />
    </PublicLayout>
  );
}
