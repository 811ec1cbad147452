import { Box, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { SectionHeading } from "../../ui/SectionHeading";

const STEPS = [
  {
    title: "Browse and Research",
    text: "Search salespeople near you, compare ratings and specialties, and read reviews from verified buyers.",
  },
  {
    title: "Connect and Purchase",
    text: "Call or book an appointment with the salesperson you chose, then visit knowing exactly who you'll meet.",
  },
  {
    title: "Rate and Review",
    text: "After your appointment, rate the experience so the next buyer knows before they go.",
  },
] as const;

export function HowItWorksSteps() {
  return (
    <Box as="section" aria-labelledby="how-title" bg="brand.subtle" py={{ base: "16", md: "24" }}>
      <Container maxW="7xl">
        <Stack gap={{ base: "10", md: "14" }}>
          <SectionHeading
            id="how-title"
            eyebrow="How it works"
            title="Three steps to a better car purchase"
          />
          <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: "6", md: "8" }}>
            {STEPS.map((step, index) => (
              <Stack
                as="li"
                key={step.title}
                gap="4"
                bg="bg"
                borderRadius="2xl"
                p={{ base: "6", md: "8" }}
                boxShadow="sm"
                position="relative"
              >
                <Box
                  boxSize="12"
                  borderRadius="full"
                  bg="blue.700"
                  color="white"
                  display="grid"
                  placeItems="center"
                  fontWeight="bold"
                  fontSize="lg"
                  aria-hidden="true"
                >
                  {index + 1}
                </Box>
                <Heading as="h3" size="lg" color="ink">
                  <Box as="span" srOnly>
                    Step {index + 1}:{" "}
                  </Box>
                  {step.title}
                </Heading>
                <Text color="fg.muted">{step.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
