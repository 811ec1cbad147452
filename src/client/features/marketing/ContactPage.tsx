import { Box, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import {
  LuBuilding2,
  LuClock,
  LuHandshake,
  LuHeadphones,
  LuLifeBuoy,
  LuMail,
  LuPhone,
  LuShieldCheck,
} from "react-icons/lu";
import type { SupportContact } from "../../../shared/schemas/site";
import {
  APPLICATION_PROMISE,
  hoursText,
  REPLY_PROMISE,
  SUPPORT_REPLY_HOURS,
} from "../../../shared/schemas/site";
import { trpc } from "../../trpc";
import { FormWithNotes } from "../../ui/FormWithNotes";
import { CallToAction, InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { actionsLedBy, START_FREE_TRIAL } from "../../ui/pageActions";
import { ContactForm } from "./ContactForm";
import { FeatureGroup } from "./FeatureList";

type Note = { icon: IconType; title: string; text: string };

const STANDARD = hoursText(SUPPORT_REPLY_HOURS.standard);
const PRIORITY = hoursText(SUPPORT_REPLY_HOURS.priority);

/**
 * The contact details and quick answers, each a promise something keeps (docs/product/support.md): the reply
 * times and the application decision time are the clocks of the administrators' queues, and the phone line is
 * mentioned only when the operator configured its number (SUPPORT_PHONE).
 */
function contactNotes(phone: SupportContact["phone"]): Note[] {
  return [
    { icon: LuMail, title: "Write to us", text: "Use the form: every message reaches our support team." },
    {
      icon: LuClock,
      title: "Response time",
      text: `Within ${STANDARD}, every day of the week; within ${PRIORITY} for paid plans`,
    },
    ...(phone ? [{ icon: LuPhone, title: "Phone support", text: `${phone.number}, ${phone.hours}` }] : []),
    { icon: LuBuilding2, title: "Dealership onboarding", text: APPLICATION_PROMISE },
  ];
}

function quickAnswers(phone: SupportContact["phone"]) {
  return [
    { q: "How fast will you reply?", a: REPLY_PROMISE },
    { q: "Is KnowBefore free for buyers?", a: "Yes. Customers never pay to search, book or review." },
    { q: "How long does dealership onboarding take?", a: APPLICATION_PROMISE },
    ...(phone ? [{ q: "Do you offer phone support?", a: `Yes: call ${phone.number}, ${phone.hours}.` }] : []),
  ];
}

export function ContactPage() {
  // Without an answer (still loading, or failed) the page offers no phone line rather than guess one.
  const phone = trpc.site.supportContact.useQuery(undefined, { throwOnError: false }).data?.phone ?? null;
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="Contact"
        description={`Contact the KnowBefore team about your account, a dealership rollout, enterprise plans or a partnership. We reply within ${STANDARD}.`}
        eyebrow="Contact"
        title="Talk to the KnowBefore team"
        lead={`Questions about your account, a dealership rollout or a partnership? Send us a message and a real person will get back to you within ${STANDARD}.`}
      >
        <FormWithNotes
          form={<ContactForm />}
          id="contact-info-title"
          heading="Contact information"
          notes={contactNotes(phone)}
        />
        <FeatureGroup
          title="How We Can Help"
          columns={4}
          items={[
            {
              icon: LuLifeBuoy,
              title: "General Support",
              text: "Help with sign-in, your profile, appointments and reviews.",
            },
            {
              icon: LuHeadphones,
              title: "Enterprise Sales",
              text: "Enterprise plans for dealerships and dealer groups.",
            },
            {
              icon: LuHandshake,
              title: "Partnerships",
              text: "Integrations, CRM providers and industry partners.",
            },
            {
              icon: LuShieldCheck,
              title: "Security",
              text: "Report a vulnerability or ask how we protect your data.",
            },
          ]}
        />
        <Stack gap="5" as="section" aria-labelledby="quick-answers">
          <Heading as="h2" id="quick-answers" size="xl" color="ink">
            Quick answers
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {quickAnswers(phone).map((item) => (
              <Box key={item.q} p="5" borderWidth="1px" borderColor="border.muted" borderRadius="xl" bg="bg">
                <Heading as="h3" size="sm" color="ink">
                  {item.q}
                </Heading>
                <Text color="fg.muted" fontSize="sm" mt="1">
                  {item.a}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Stack>
        <CallToAction
          id="contact-cta"
          title="Ready to see KnowBefore for yourself?"
          actions={actionsLedBy(START_FREE_TRIAL, { label: "View Pricing", to: "/pricing" })}
        >
          Start a free 30-day trial, no credit card required, or compare plans first.
        </CallToAction>
      </InfoPage>
    </PublicLayout>
  );
}
