import { Box, Card, EmptyState, Heading, HStack, Icon, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import { LuLightbulb, LuSparkles, LuTrendingUp, LuTriangleAlert } from "react-icons/lu";
import type { GrowthInsight } from "../../../../shared/schemas/portal";

const TONES: Record<GrowthInsight["tone"], { icon: IconType; palette: string; label: string }> = {
  positive: { icon: LuTrendingUp, palette: "green", label: "Going well" },
  suggestion: { icon: LuLightbulb, palette: "blue", label: "Suggestion" },
  warning: { icon: LuTriangleAlert, palette: "orange", label: "Needs attention" },
};

function InsightItem({ insight }: { insight: GrowthInsight }) {
  const tone = TONES[insight.tone];
  return (
    <HStack
      as="li"
      align="flex-start"
      gap="3"
      p="3.5"
      borderRadius="lg"
      borderWidth="1px"
      borderColor={`${tone.palette}.200`}
      bg={`${tone.palette}.50`}
      data-tone={insight.tone}
    >
      <Icon boxSize="5" color={`${tone.palette}.600`} mt="0.5" flexShrink={0} aria-hidden>
        <tone.icon />
      </Icon>
      <Stack gap="1" minW="0">
        <Text
          fontSize="xs"
          fontWeight="semibold"
          textTransform="uppercase"
          letterSpacing="0.05em"
          color={`${tone.palette}.700`}
        >
          {tone.label}
        </Text>
        <Text fontWeight="semibold" color="ink" lineHeight="short">
          {insight.title}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {insight.detail}
        </Text>
      </Stack>
    </HStack>
  );
}

/** Plain-language suggestions the server computes from the salesperson's own reviews, bookings and profile. */
export function GrowthInsights({
  insights,
  isPending,
  isError,
}: {
  insights: GrowthInsight[] | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  return (
    <Card.Root
      as="section"
      aria-labelledby="growth-insights-heading"
      borderRadius="xl"
      borderColor="border.muted"
      boxShadow="xs"
    >
      <Card.Body p={{ base: "4", md: "5" }} gap="4">
        <Stack gap="0.5">
          <Heading as="h3" id="growth-insights-heading" size="sm" color="ink">
            Growth insights
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Suggestions from your reviews, bookings and profile.
          </Text>
        </Stack>
        {isPending ? (
          <Stack gap="3">
            <Skeleton height="20" borderRadius="lg" />
            <Skeleton height="20" borderRadius="lg" />
          </Stack>
        ) : isError ? (
          <Text fontSize="sm" color="fg.muted">
            Insights are unavailable right now. They'll be back shortly.
          </Text>
        ) : !insights || insights.length === 0 ? (
          <EmptyState.Root size="sm" py="4">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuSparkles />
              </EmptyState.Indicator>
              <Box textAlign="center">
                <EmptyState.Title fontSize="sm">Nothing to flag right now</EmptyState.Title>
                <EmptyState.Description fontSize="sm">
                  As reviews and bookings come in, tips to grow will show up here.
                </EmptyState.Description>
              </Box>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3">
            {insights.map((insight) => (
              <InsightItem key={insight.id} insight={insight} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
