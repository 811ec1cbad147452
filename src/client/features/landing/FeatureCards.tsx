import { Card, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { LuBadgeCheck, LuCalendarCheck, LuSearch, LuStar } from "../../ui/icons";
import { PageSection } from "../../ui/SectionHeading";
import { IconTile } from "../../ui/Showcase";

const FEATURES = [
  {
    icon: LuBadgeCheck,
    title: "Verified profiles",
    text: "Dealership-confirmed employment, years of experience, specialties and certifications on one page.",
    tint: "blue",
  },
  {
    icon: LuStar,
    title: "Visit-verified reviews",
    text: "Scores from buyers with a completed visit; a confirmed sale adds a purchase badge.",
    tint: "yellow",
  },
  {
    icon: LuSearch,
    title: "Search that fits your visit",
    text: "Filter by specialty, rating, availability, dealership, city and years of experience.",
    tint: "purple",
  },
  {
    icon: LuCalendarCheck,
    title: "Appointment booking",
    text: "Book a car viewing, test drive, trade-in evaluation or financing discussion at a time that suits you.",
    tint: "green",
  },
] as const;

export function FeatureCards() {
  return (
    <PageSection
      id="features"
      headingId="features-title"
      eyebrow="Features"
      title="Everything you need to pick the right person"
      lead="Four tools that turn a dealership visit from a gamble into a plan."
    >
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="5">
        {FEATURES.map((feature) => (
          <Card.Root
            key={feature.title}
            borderRadius="2xl"
            borderColor="border.muted"
            boxShadow="xs"
            _hover={{ boxShadow: "md" }}
            transition="box-shadow 150ms"
          >
            <Card.Body gap="4" p="6">
              <IconTile icon={feature.icon} size="lg" tint={feature.tint} />
              <Heading as="h3" size="md" color="ink">
                {feature.title}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {feature.text}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
