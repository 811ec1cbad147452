import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Icon,
  List,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuArrowRight, LuBuilding2, LuCircleCheck, LuSparkles } from "react-icons/lu";
import type { SalespersonDetail } from "../../../../shared/schemas/salespeople";
import { CHECKOUT_PLANS } from "../../subscriptions";

const FREE_FEATURES = [
  "Public profile with photo, bio and specialties",
  "Bookings from buyers, with e-mail invites and reminders",
  "Purchase-verified reviews",
  "Performance overview and growth insights",
];

const UPGRADES = [
  {
    id: "salesperson" as const,
    pitch: "Stand out in search and follow your numbers more closely.",
  },
  {
    id: "salesperson-professional" as const,
    pitch: "Everything in Basic plus priority placement and premium support.",
  },
];

/** Subscription tab: the plan the salesperson is on today, and where to go to change it. */
export function SubscriptionPanel({ salesperson }: { salesperson: SalespersonDetail }) {
  const dealershipPays = salesperson.paymentModel === "dealership" && salesperson.dealership;
  return (
    <Stack gap="5">
      <Stack gap="0.5">
        <Heading as="h2" size="lg" color="ink">
          Subscription
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Your plan, and what upgrading adds.
        </Text>
      </Stack>
      <Card.Root
        as="section"
        aria-label="Current plan"
        borderRadius="xl"
        borderColor="blue.200"
        borderWidth="2px"
        boxShadow="xs"
      >
        <Card.Body p={{ base: "5", md: "6" }} gap="4">
          <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Stack gap="1">
              <HStack gap="2">
                <Heading as="h3" size="xl" color="ink">
                  Free
                </Heading>
                <Badge colorPalette="green" variant="solid" borderRadius="full" px="2.5">
                  Current plan
                </Badge>
              </HStack>
              <Text color="fg.muted">$0 per month · no card needed</Text>
            </Stack>
            {dealershipPays ? (
              <HStack
                gap="2"
                fontSize="sm"
                color="fg.muted"
                bg="gray.50"
                borderRadius="lg"
                px="3"
                py="2"
                maxW="sm"
              >
                <Icon boxSize="4" color="blue.600" aria-hidden flexShrink={0}>
                  <LuBuilding2 />
                </Icon>
                <Text>
                  Billing: {salesperson.dealership} pays for your seat when it is on a dealership plan.
                </Text>
              </HStack>
            ) : null}
          </Flex>
          <List.Root gap="2" variant="plain">
            {FREE_FEATURES.map((feature) => (
              <List.Item key={feature} fontSize="sm" alignItems="flex-start">
                <List.Indicator asChild color="green.600" mt="0.5">
                  <LuCircleCheck />
                </List.Indicator>
                {feature}
              </List.Item>
            ))}
          </List.Root>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {UPGRADES.map((upgrade) => {
          const plan = CHECKOUT_PLANS[upgrade.id];
          return (
            <Card.Root key={upgrade.id} borderRadius="xl" borderColor="border.muted" boxShadow="xs">
              <Card.Body p={{ base: "5", md: "6" }} gap="3">
                <HStack gap="2" color="blue.700">
                  <LuSparkles aria-hidden />
                  <Text fontWeight="semibold">{plan.name}</Text>
                </HStack>
                <Box>
                  <Text as="span" fontSize="2xl" fontWeight="bold" color="ink">
                    {plan.price}
                  </Text>{" "}
                  <Text as="span" color="fg.muted" fontSize="sm">
                    {plan.period}
                  </Text>
                </Box>
                <Text fontSize="sm" color="fg.muted" flex="1">
                  {upgrade.pitch}
                </Text>
                <Button asChild variant="outline" alignSelf="flex-start">
                  <Link to="/subscribe" search={{ plan: upgrade.id }}>
                    Choose {plan.name} <LuArrowRight />
                  </Link>
                </Button>
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
      <Flex
        justify="space-between"
        align={{ base: "flex-start", sm: "center" }}
        direction={{ base: "column", sm: "row" }}
        gap="3"
        bg="white"
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="xl"
        p={{ base: "4", md: "5" }}
      >
        <Stack gap="0.5">
          <Text fontWeight="semibold" color="ink">
            Compare every plan
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Salesperson and dealership plans, the pricing calculator and what each includes.
          </Text>
        </Stack>
        <Button asChild colorPalette="blue">
          <Link to="/dealer-subscription">
            View plans <LuArrowRight />
          </Link>
        </Button>
      </Flex>
    </Stack>
  );
}
