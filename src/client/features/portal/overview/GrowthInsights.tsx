import { HStack, Icon, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import { LuLightbulb, LuSparkles, LuTrendingUp, LuTriangleAlert } from "react-icons/lu";
import type { GrowthInsight } from "../../../../shared/schemas/portal";
import { ListOrNotice } from "../../../ui/ListOrNotice";
import { SectionCard } from "../../../ui/SectionCard";

const TONES: Record<GrowthInsight["tone"], { icon: IconType; palette: string; label: string }> = {
  positive: { icon: LuTrendingUp, palette: "green", label: "Going well" },
  suggestion: { icon: LuLightbulb, palette: "blue", label: "Suggestion" },
  warning: { icon: LuTriangleAlert, palette: "orange", label: "Needs attention" },
};

const NOTHING_TO_FLAG = {
  icon: LuSparkles,
  title: "Nothing to flag right now",
  description: "As reviews and bookings come in, tips to grow will show up here.",
  py: "4",
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
    <SectionCard
      title="Growth insights"
      description="Suggestions from your reviews, bookings and profile."
      size="sm"
    >
      {isPending ? (
        <Stack gap="3">
          <Skeleton height="20" borderRadius="lg" />
          <Skeleton height="20" borderRadius="lg" />
        </Stack>
      ) : isError ? (
        <Text fontSize="sm" color="fg.muted">
          Insights are unavailable right now. They'll be back shortly.
        </Text>
      ) : (
        <ListOrNotice items={insights ?? []} empty={NOTHING_TO_FLAG} gap="3">
          {(insight) => <InsightItem key={insight.id} insight={insight} />}
        </ListOrNotice>
      )}
    </SectionCard>
  );
}
