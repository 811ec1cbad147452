import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { actionsLedBy, DEALERSHIP_FAQ, PRIVACY_POLICY } from "../../ui/pageActions";

/** /deployment-guide: how a dealership goes live on KnowBefore. */
export function DeploymentGuidePage() {
  return (
    <PublicLayout>
      <InfoPage
        eyebrow="Resources"
        title="Deployment Guide"
        description="How a dealership goes live on KnowBefore in about 48 hours: set up the dealership, invite and verify the team, complete profiles, connect your CRM."
        lead="How a dealership goes live on KnowBefore, from first call to the first customer booking. Most dealerships finish within 48 hours."
        sections={[
          {
            title: "1. Set up your dealership",
            body: (
              <p>
                We create your dealership with its address, phone, website and time zone, and name your
                manager.
              </p>
            ),
          },
          {
            title: "2. Invite your team",
            body: (
              <p>
                Salespeople register in the salesperson portal with their work email. Your manager confirms
                each one, which verifies their profile.
              </p>
            ),
          },
          {
            title: "3. Complete profiles",
            body: (
              <p>
                Each salesperson adds a photo, bio, specialties and availability so customers can book them.
              </p>
            ),
          },
          {
            title: "4. Connect your systems (optional)",
            body: (
              <p>
                Your manager connects your CRM on the CRM page: bookings, cancellations, completed visits,
                reviews and leads are sent to it as signed webhooks, with a log of every delivery.
              </p>
            ),
          },
          {
            title: "5. Go live",
            body: (
              <p>
                Buyers can now find your team, book appointments in your dealership's time zone and review
                each visit. Your manager follows ratings, bookings and feedback from the manager dashboard,
                and compares the dealership with the market in Business Intelligence.
              </p>
            ),
          },
        ]}
        actions={actionsLedBy({ label: "Contact us to start", to: "/contact" }, DEALERSHIP_FAQ)}
      />
    </PublicLayout>
  );
}

/** /security-compliance: how KnowBefore protects accounts and data. */
export function SecurityCompliancePage() {
  return (
    <PublicLayout>
      <InfoPage
        eyebrow="Trust"
        title="Security & Compliance"
        description="How KnowBefore protects accounts and personal data: passwordless sign-in, hashed tokens, session limits, origin checks, rate limits and audit records."
        lead="How KnowBefore protects buyers, salespeople and dealerships, and how we handle personal data."
        pointsHeading="How we protect you"
        points={[
          "Passwordless sign-in: single-use links that expire after 15 minutes",
          "Only hashes of sign-in and session tokens are stored, never the tokens",
          "Sessions end after 30 days without use and after 90 days at the latest; see and end yours on the Security page",
          "Two-factor authentication with any authenticator app, single-use backup codes, and a lock after 5 wrong codes",
          "Every change is checked to come from our own site (protection against cross-site requests)",
          "Rate limits on sign-in links, administrator sign-in and the contact form",
          "Administrators sign in with a password (scrypt-hashed) and a separate admin code",
          "Audit records of sign-ins, refused access and administrator changes, with risk levels from stated rules",
          "Retention periods enforced by a daily cleanup",
          "Reviews tied to completed appointments to prevent fake feedback",
        ]}
        sections={[
          {
            title: "Your data",
            body: (
              <p>
                Our privacy policy lists every kind of personal data we store, why, and for how long. Once
                signed in, you can ask for a copy of your data, a correction, erasure or a restriction on the
                Compliance page; we answer within 30 days, and an export can be downloaded as JSON or as CSV
                files.
              </p>
            ),
          },
        ]}
        actions={actionsLedBy(PRIVACY_POLICY, { label: "Report a security issue", to: "/contact" })}
      />
    </PublicLayout>
  );
}
