import { InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";

const CONTACT_ACTION = [{ label: "Contact us", to: "/contact" as const }];

export function PrivacyPolicyPage() {
  return (
    <PageFrame>
      <InfoPage
        eyebrow="Legal"
        title="Privacy Policy"
        lead="What KnowBefore collects, why, and the choices you have. This summary covers the beta release."
        actions={CONTACT_ACTION}
        sections={[
          {
            title: "What we collect",
            body: (
              <p>
                Your email address and, if you add them, your name, phone number, city, state and ZIP code.
                When you use the product we keep your appointments, the reviews you write and a record of
                sign-ins for security.
              </p>
            ),
          },
          {
            title: "How we use it",
            body: (
              <p>
                To sign you in, to share your name and contact details with a salesperson you book, to show
                your reviews , and to keep the service secure. We do not sell personal data.
              </p>
            ),
          },
          {
            title: "Your rights",
            body: (
              <p>
                You can ask for a copy of your data, have it corrected, exported, restricted or erased. When
                an account is erased, its reviews stay visible but are anonymised.
              </p>
            ),
          },
          {
            title: "Cookies",
            body: (
              <p>We use a single sign-in cookie to keep you signed in. It is not used for advertising.</p>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}

export function TermsOfServicePage() {
  return (
    <PageFrame>
      <InfoPage
        eyebrow="Legal"
        title="Terms of Service"
        lead="The ground rules for using KnowBefore during the beta."
        actions={CONTACT_ACTION}
        sections={[
          {
            title: "Using KnowBefore",
            body: (
              <p>
                Customers use KnowBefore free of charge. Salespeople and dealerships on paid plans are billed
                monthly or annually and may cancel any time; a cancelled plan stays active until the end of
                its billing period.
              </p>
            ),
          },
          {
            title: "Reviews",
            body: (
              <p>
                Reviews must describe a real appointment and be honest. We may remove reviews that are
                abusive, contain personal information or are not based on a completed visit.
              </p>
            ),
          },
          {
            title: "Salesperson profiles",
            body: (
              <p>
                Salespeople are responsible for keeping their profiles accurate. Dealerships confirm
                employment; profiles that cannot be verified may be hidden.
              </p>
            ),
          },
          {
            title: "Beta service",
            body: (
              <p>
                KnowBefore is in beta. Features may change, and we'll give notice before changes that affect
                paid plans.
              </p>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
