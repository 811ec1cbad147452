import { LuBuilding2, LuMailCheck, LuShieldCheck, LuUserRoundPlus } from "react-icons/lu";
import { APPLICATION_CONFIRM_HOURS } from "../../../shared/schemas/onboarding";
import { FormWithNotes } from "../../ui/FormWithNotes";
import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { ApplicationForm } from "./ApplicationForm";

const STEPS = [
  {
    icon: LuMailCheck,
    title: "Confirm your e-mail",
    text: `We e-mail you a link; open it within ${APPLICATION_CONFIRM_HOURS} hours.`,
  },
  {
    icon: LuShieldCheck,
    title: "We review it",
    text: "An administrator checks the dealership and e-mails you the decision.",
  },
  {
    icon: LuBuilding2,
    title: "Your dealership is listed",
    text: "Approval creates its page, placed on the map by its ZIP code.",
  },
  {
    icon: LuUserRoundPlus,
    title: "You run it",
    text: "You are invited as its manager, then invite your salespeople.",
  },
] as const;

export function ListDealershipPage() {
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="List your dealership"
        description="Apply to list your dealership on KnowBefore: confirm your e-mail, we review it, and you are invited as its manager."
        eyebrow="For dealerships"
        title="List your dealership"
        lead="Tell us about your dealership. Once you confirm your e-mail and we approve it, your dealership gets its page and you are invited as its manager."
      >
        <FormWithNotes
          form={<ApplicationForm />}
          id="application-steps-title"
          heading="What happens next"
          notes={STEPS}
        />
      </InfoPage>
    </PublicLayout>
  );
}
