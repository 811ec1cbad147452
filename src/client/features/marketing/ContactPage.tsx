import { Box, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
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
import { FormWithNotes } from "../../ui/FormWithNotes";
import { CallToAction, InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { actionsLedBy, START_FREE_TRIAL } from "../../ui/pageActions";
import { ContactForm } from "./ContactForm";
import { FeatureGroup } from "./FeatureList";

const CONTACT_INFO = [
  { icon: LuMail, title: "Write to us", text: "Use the form: every message reaches our support team." },
  { icon: LuClock, title: "Response time", text: "Within 24 hours, every day of the week" },
  { icon: LuPhone, title: "Phone support", text: "Mon–Fri, 9AM–6PM EST, priority for paid plans" },
  { icon: LuBuilding2, title: "Dealership onboarding", text: "Most dealerships are live within 48 hours" },
] as const;

const QUICK_ANSWERS = [
  { q: "How fast will you reply?", a: "We answer every message within 24 hours." },
  { q: "Is KnowBefore free for buyers?", a: "Yes. Customers never pay to search, book or review." },
  { q: "How long does dealership onboarding take?", a: "Most dealerships are set up within 48 hours." },
  {
    q: "Do you offer phone support?",
    a: "Paid plans get priority phone support, Monday to Friday, 9AM–6PM EST.",
  },
] as const;

export function ContactPage() {
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="Contact"
        description="Contact the KnowBefore team about your account, a dealership rollout, enterprise plans or a partnership. We reply within 24 hours."
        eyebrow="Contact"
        title="Talk to the KnowBefore team"
        lead="Questions about your account, a dealership rollout or a partnership? Send us a message and a real person will get back to you within 24 hours."
      >
        <FormWithNotes
          form={<ContactForm />}
          id="contact-info-title"
          heading="Contact information"
          notes={CONTACT_INFO}
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
              text: "Plans for dealer groups, with a dedicated account manager.",
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
            {QUICK_ANSWERS.map((item) => (
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
