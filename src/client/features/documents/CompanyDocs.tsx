import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";

/** /deployment-guide: how a dealership goes live on KnowBefore. */
export function DeploymentGuidePage() {
  return (
    <PublicLayout>
      <InfoPage
        eyebrow="Resources"
        title="Deployment Guide"
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
            body: <p>Enterprise plans can sync appointments and leads to your CRM.</p>,
          },
        ]}
        actions={[
          { label: "Contact us to start", to: "/contact", primary: true },
          { label: "Dealership FAQ", to: "/faq/dealership" },
        ]}
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
        lead="How KnowBefore protects buyers, salespeople and dealerships, and how we handle personal data."
        pointsHeading="How we protect you"
        points={[
          "Passwordless sign-in: single-use links that expire after 15 minutes",
          "Sessions that expire when idle, with every active session visible to you",
          "Multi-factor authentication for staff and administrators",
          "Audit records of sign-ins and privileged changes",
          "Data-protection requests: access, correction, export, restriction and erasure",
          "Reviews tied to completed appointments to prevent fake feedback",
        ]}
        actions={[
          { label: "Privacy Policy", to: "/privacy-policy", primary: true },
          { label: "Report a security issue", to: "/contact" },
        ]}
      />
    </PublicLayout>
  );
}
