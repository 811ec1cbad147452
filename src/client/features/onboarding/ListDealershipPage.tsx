// /list-your-dealership: the public application form beside what happens after it is sent.
import { Card, Grid, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { LuBuilding2, LuMailCheck, LuShieldCheck, LuUserRoundPlus } from "react-icons/lu";
import { APPLICATION_CONFIRM_HOURS } from "../../../shared/schemas/onboarding";
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
        <Grid
          templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 1fr)" }}
          gap="8"
          alignItems="start"
        >
          <ApplicationForm />
          <Card.Root
            as="section"
            aria-labelledby="application-steps-title"
            borderRadius="2xl"
            borderColor="border.muted"
            boxShadow="none"
            bg="band"
          >
            <Card.Body p="6" gap="5">
              <Heading as="h2" id="application-steps-title" size="md" color="ink">
                What happens next
              </Heading>
              {STEPS.map((step) => (
                <HStack key={step.title} align="flex-start" gap="3">
                  <Icon color="brand.fg" boxSize="5" mt="0.5" flexShrink={0}>
                    <step.icon />
                  </Icon>
                  <Stack gap="0">
                    <Text fontWeight="semibold" fontSize="sm">
                      {step.title}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {step.text}
                    </Text>
                  </Stack>
                </HStack>
              ))}
            </Card.Body>
          </Card.Root>
        </Grid>
      </InfoPage>
    </PublicLayout>
  );
}
