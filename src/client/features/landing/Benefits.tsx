import { Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { LuClock, LuEye, LuHandshake, LuMessageSquareWarning, LuRoute, LuSmartphone } from "../../ui/icons";
import { PageSection } from "../../ui/SectionHeading";
import { IconTile } from "../../ui/Showcase";

const BENEFITS = [
  {
    icon: LuHandshake,
    title: "Less pressure, more clarity",
    text: "Pressure-level ratings show which salespeople let you decide at your own pace.",
  },
  {
    icon: LuClock,
    title: "Time saved on the lot",
    text: "Book ahead instead of waiting for whoever happens to be free when you arrive.",
  },
  {
    icon: LuEye,
    title: "Feedback you can believe",
    text: "A review needs a completed appointment with that salesperson, and verification is time-limited.",
  },
  {
    icon: LuRoute,
    title: "A reputation that travels",
    text: "Salespeople keep their ratings when they move to a new dealership.",
  },
  {
    icon: LuMessageSquareWarning,
    title: "Report problems privately",
    text: "Customers can report misconduct anonymously, and every report follows a resolution process.",
  },
  {
    icon: LuSmartphone,
    title: "Made for your phone",
    text: "Compare salespeople and check your booking from the dealership parking lot.",
  },
] as const;

export function Benefits() {
  return (
    <PageSection
      headingId="benefits-title"
      eyebrow="Benefits"
      title="A better visit for buyers, and credit where it's due for sellers"
      bg="band"
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: "8", md: "10" }}>
        {BENEFITS.map((benefit) => (
          <Stack key={benefit.title} gap="3">
            <IconTile icon={benefit.icon} raised />
            <Heading as="h3" size="md" color="ink">
              {benefit.title}
            </Heading>
            <Text color="fg.muted">{benefit.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
