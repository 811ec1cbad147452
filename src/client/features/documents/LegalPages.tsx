import { CONTACT_US } from "../../ui/pageActions";
import { DocumentPage } from "./DocumentPage";

export function PrivacyPolicyPage() {
  return (
    <DocumentPage
      slug="privacy-policy"
      eyebrow="Legal"
      lead="What KnowBefore stores about you, why, for how long, and what you can ask us to do with it."
      description="KnowBefore's privacy policy: the personal data we store, why, how long we keep it, who sees it, and your rights."
      actions={[CONTACT_US]}
    />
  );
}

export function TermsOfServicePage() {
  return (
    <DocumentPage
      slug="terms-of-service"
      eyebrow="Legal"
      lead="The ground rules for using KnowBefore: accounts, appointments, reviews and paid plans."
      description="KnowBefore's terms of service: who can use it, how appointments and reviews work, paid plans and acceptable use."
      actions={[CONTACT_US]}
    />
  );
}
