import { Box, Card, Heading, HStack, Icon, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import { LuBuilding2, LuCar, LuCircleCheck, LuCircleX, LuUserRound } from "../../ui/icons";
import { PageSection } from "../../ui/SectionHeading";
import { IconTile } from "../../ui/Showcase";

type Audience = { icon: IconType; name: string; pains: readonly string[]; solution: string };

const AUDIENCES: readonly Audience[] = [
  {
    icon: LuCar,
    name: "Car buyers",
    pains: [
      "You meet your salesperson the moment you walk in, with no idea how they treat people.",
      "Dealership reviews rate the building, not the person across the desk.",
      "High-pressure tactics only become obvious once you're already in the chair.",
    ],
    solution: "Choose your salesperson in advance from verified profiles and reviews tied to real visits.",
  },
  {
    icon: LuUserRound,
    name: "Salespeople",
    pains: [
      "Great service is forgotten the moment a happy customer drives away.",
      "Your reputation starts from zero every time you change dealerships.",
      "Walk-in customers arrive guarded, expecting a hard sell.",
    ],
    solution:
      "A verified profile that collects honest reviews, stays with you, and brings customers who chose you.",
  },
  {
    icon: LuBuilding2,
    name: "Dealerships",
    pains: [
      "Little visibility into how each salesperson actually treats customers.",
      "Problems surface late, often as a public one-star review of the whole store.",
      "Hard to prove to buyers that your team is different.",
    ],
    solution:
      "Feedback per salesperson, a team dashboard, and a verified presence buyers check before they visit.",
  },
];

export function ProblemSolution() {
  return (
    <PageSection
      headingId="problem-title"
      eyebrow="The problem"
      title="Buying a car runs on trust. Today, that trust is a guess."
      lead="The biggest variable in a car purchase is the person you deal with, and until now you couldn't check them out first. KnowBefore fixes that for everyone at the table."
    >
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        {AUDIENCES.map((audience) => (
          <Card.Root key={audience.name} borderRadius="2xl" borderColor="border.muted" boxShadow="xs">
            <Card.Body gap="5" p={{ base: "6", md: "7" }}>
              <HStack gap="3">
                <IconTile icon={audience.icon} size="lg" />
                <Heading as="h3" size="lg" color="ink">
                  {audience.name}
                </Heading>
              </HStack>
              <Stack as="ul" listStyleType="none" gap="3">
                {audience.pains.map((pain) => (
                  <HStack as="li" key={pain} align="flex-start" gap="3">
                    <Icon color="red.fg" boxSize="4.5" mt="0.5" flexShrink={0}>
                      <LuCircleX />
                    </Icon>
                    <Text color="fg.muted" fontSize="sm">
                      {pain}
                    </Text>
                  </HStack>
                ))}
              </Stack>
              <Box
                mt="auto"
                bg="green.subtle"
                borderRadius="xl"
                p="4"
                borderWidth="1px"
                borderColor="green.muted"
              >
                <HStack align="flex-start" gap="3">
                  <Icon color="green.fg" boxSize="5" mt="0.5" flexShrink={0}>
                    <LuCircleCheck />
                  </Icon>
                  <Stack gap="0.5">
                    <Text
                      fontSize="xs"
                      fontWeight="semibold"
                      color="green.fg"
                      textTransform="uppercase"
                      letterSpacing="0.06em"
                    >
                      With KnowBefore
                    </Text>
                    <Text fontSize="sm" color="fg">
                      {audience.solution}
                    </Text>
                  </Stack>
                </HStack>
              </Box>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
