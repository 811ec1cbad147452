import { Badge, Box, Card, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { LuCheck } from "react-icons/lu";
import { ActionButton, type InfoAction } from "../../ui/InfoPage";

export type Plan = {
  name: string;
  price: string;
  period?: string;
  /** A line under the price, e.g. the annual saving. */
  note?: string;
  summary: string;
  features: readonly string[];
  action: InfoAction;
  /** Said in place of the action, for a visitor the plan is not theirs to choose. */
  actionNote?: string;
  highlighted?: boolean;
  badge?: string;
  /** The plan the card shows (src/shared/plans.ts), as `data-plan` for checks that compare it with checkout. */
  planId?: string;
};

export function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card.Root
      data-plan={plan.planId}
      borderRadius="2xl"
      borderWidth={plan.highlighted ? "2px" : "1px"}
      borderColor={plan.highlighted ? "brand.focusRing" : "border.muted"}
      bg="bg"
      boxShadow={plan.highlighted ? "lg" : "xs"}
      position="relative"
    >
      <Card.Body p={{ base: "6", md: "7" }} gap="5">
        <Stack gap="2">
          <HStack justify="space-between">
            <Heading as="h3" size="lg" color="ink">
              {plan.name}
            </Heading>
            {plan.badge ? (
              <Badge colorPalette="blue" variant="solid" borderRadius="full">
                {plan.badge}
              </Badge>
            ) : null}
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            {plan.summary}
          </Text>
        </Stack>
        <Stack gap="1">
          <HStack align="baseline" gap="1">
            <Text fontSize="4xl" fontWeight="bold" color="ink" letterSpacing="-0.02em">
              {plan.price}
            </Text>
            {plan.period ? <Text color="fg.muted">{plan.period}</Text> : null}
          </HStack>
          {plan.note ? (
            <Text fontSize="sm" color="green.fg" fontWeight="medium">
              {plan.note}
            </Text>
          ) : null}
        </Stack>
        <Stack as="ul" listStyleType="none" gap="2.5">
          {plan.features.map((feature) => (
            <HStack as="li" key={feature} align="flex-start" gap="2.5">
              <Icon color="green.fg" boxSize="4.5" mt="0.5" flexShrink={0}>
                <LuCheck />
              </Icon>
              <Text fontSize="sm">{feature}</Text>
            </HStack>
          ))}
        </Stack>
        <Box mt="auto" pt="2" display="grid">
          {plan.actionNote ? (
            <Text fontSize="sm" color="fg.muted" textAlign="center" data-owners-only="">
              {plan.actionNote}
            </Text>
          ) : (
            <ActionButton action={{ ...plan.action, primary: plan.highlighted ?? false }} />
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
