import { actionsLedBy, CONTACT_US, START_AS_CUSTOMER } from "../../ui/pageActions";
import { DocumentPage } from "../documents";
import { NetworkFigures } from "./NetworkFigures";

/** /about: the 'about-us' document plus the network's live figures. */
export function AboutPage() {
  return (
    <DocumentPage
      slug="about-us"
      eyebrow="About us"
      lead="We're bringing transparency to the showroom floor: buyers choose who they deal with before they go."
      description="About KnowBefore: why we started, what we believe about reviews and salespeople, and how the platform works."
      actions={actionsLedBy(START_AS_CUSTOMER, CONTACT_US)}
    >
      <NetworkFigures headingId="about-figures" headingSize="xl" />
    </DocumentPage>
  );
}
