// Feedback insights (docs/product/analytics.md#feedback-insights) as one panel for two dashboards: a manager
// sees the team or one salesperson of it, a salesperson sees their own. The period and the pick stay on the
// panel; the server decides whose reviews the caller may read.

import { Button, Grid, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  LuBadgeCheck,
  LuMessageSquareReply,
  LuMessageSquareText,
  LuMessageSquareWarning,
  LuStar,
} from "react-icons/lu";
import {
  DEFAULT_FEEDBACK_PERIOD,
  FEEDBACK_PERIOD_MONTHS,
  FEEDBACK_PERIODS,
  type FeedbackPeriod,
} from "../../../shared/analytics";
import type { FeedbackComment, FeedbackInsights } from "../../../shared/schemas/analytics";
import { FilterField, FilterSelect } from "../../ui/filters";
import { mediumDate } from "../../ui/format";
import { ListOrNotice } from "../../ui/ListOrNotice";
import { PanelHeader } from "../../ui/PanelHeader";
import { SegmentChoice } from "../../ui/PeriodControl";
import { LoadError, Notice, panelNotice } from "../../ui/QueryState";
import { NOT_YET_RATED, OverallScore } from "../../ui/Rating";
import { SectionCard } from "../../ui/SectionCard";
import { SkeletonTiles } from "../../ui/SkeletonTiles";
import { StatGrid } from "../../ui/StatGrid";
import { count, percent, stars } from "../analytics";
import { CategoryTrendChart, StarDistributionChart } from "./FeedbackCharts";
import { ReplyForm, ReplyStatus } from "./FeedbackComment";
import { FeedbackFeed } from "./FeedbackFeed";
import { feedbackQueries } from "./queries";

type Team = FeedbackInsights["team"];

function Figures({ totals }: { totals: FeedbackInsights["totals"] }) {
  return (
    <StatGrid
      stats={[
        {
          label: "Reviews",
          value: count(totals.reviews),
          help: "Published in the period",
          icon: LuMessageSquareText,
          palette: "blue",
        },
        {
          label: "Average overall",
          value: totals.average == null ? NOT_YET_RATED : `${stars(totals.average)} ★`,
          help: "Out of 5",
          icon: LuStar,
          palette: "yellow",
        },
        {
          label: "Verified purchases",
          value: percent(totals.verifiedShare),
          help: `${count(totals.verifiedPurchases)} of ${count(totals.reviews)} reviews`,
          icon: LuBadgeCheck,
          palette: "green",
        },
        {
          label: "Unanswered",
          value: count(totals.unreplied),
          help: `${count(totals.replied)} replied`,
          icon: LuMessageSquareWarning,
          palette: "orange",
        },
      ]}
    />
  );
}

/** One of the latest comments; an unanswered one can be answered in place. */
function LatestComment({
  comment: c,
  showSalesperson,
}: {
  comment: FeedbackComment;
  showSalesperson: boolean;
}) {
  const [replying, setReplying] = useState(false);
  return (
    <Stack
      as="li"
      gap="1.5"
      py="3"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: "0", pt: "0" }}
      minW="0"
      aria-label={`Latest review by ${c.customerName}`}
    >
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <OverallScore value={c.overallRating} />
        <ReplyStatus replied={c.reply !== null} />
      </HStack>
      <Text fontSize="sm" lineClamp={3} overflowWrap="anywhere">
        {c.comment}
      </Text>
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {c.customerName}
          {showSalesperson ? ` about ${c.salespersonName}` : ""} · {mediumDate.format(new Date(c.createdAt))}
        </Text>
        {c.reply || replying ? null : (
          <Button size="2xs" variant="ghost" colorPalette="blue" onClick={() => setReplying(true)}>
            <LuMessageSquareReply /> Reply
          </Button>
        )}
      </HStack>
      {replying ? <ReplyForm comment={c} onDone={() => setReplying(false)} /> : null}
    </Stack>
  );
}

function LatestComments({
  latest,
  showSalesperson,
}: {
  latest: FeedbackInsights["latest"];
  showSalesperson: boolean;
}) {
  return (
    <SectionCard
      title="Latest comments"
      description="The newest written reviews and whether they were answered."
      size="sm"
      gap="3"
    >
      <ListOrNotice
        items={latest}
        gap="0"
        empty={{
          icon: LuMessageSquareText,
          title: "No written comments yet",
          description: "Comments appear here as buyers write them.",
          py: "6",
        }}
      >
        {(c) => <LatestComment key={c.id} comment={c} showSalesperson={showSalesperson} />}
      </ListOrNotice>
    </SectionCard>
  );
}

function Insights({ data, showSalesperson }: { data: FeedbackInsights; showSalesperson: boolean }) {
  return (
    <Stack gap="5">
      <Figures totals={data.totals} />
      <Grid
        templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" }}
        gap="5"
        alignItems="start"
      >
        <CategoryTrendChart monthly={data.monthly} />
        <Stack gap="5" minW="0">
          <StarDistributionChart distribution={data.distribution} />
          <LatestComments latest={data.latest} showSalesperson={showSalesperson} />
        </Stack>
      </Grid>
    </Stack>
  );
}

function InsightsLoading() {
  return (
    <Stack gap="5" role="status" aria-busy="true" aria-label="Loading feedback">
      <SkeletonTiles label="Loading figures" />
      <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="5">
        <Skeleton height="80" borderRadius="xl" />
        <Skeleton height="80" borderRadius="xl" />
      </Grid>
    </Stack>
  );
}

/** The Feedback tab: `who` decides whether the team and its picker show (a manager) or only one's own. */
export function FeedbackPanel({ who }: { who: "manager" | "salesperson" }) {
  const [period, setPeriod] = useState<FeedbackPeriod>(DEFAULT_FEEDBACK_PERIOD);
  const [salespersonId, setSalespersonId] = useState<number | undefined>(undefined);
  const insights = useQuery({
    ...feedbackQueries.insights(period, salespersonId),
    placeholderData: (previous) => previous,
  });
  // Every answer lists the whole team the caller may pick from, whoever it is about.
  const data = insights.data;
  const team: Team = data?.team ?? [];
  const manager = who === "manager";
  const picked = manager && salespersonId !== undefined;
  const whose = { period, salespersonId: manager ? salespersonId : undefined };

  return (
    <Stack gap="6">
      <PanelHeader
        title="Feedback"
        description={`What buyers wrote about ${!manager ? "you" : picked ? (team.find((s) => s.id === salespersonId)?.name ?? "this salesperson") : "your team"}: ratings over time, verified purchases and every comment.`}
      >
        <HStack gap="3" align="flex-end" flexWrap="wrap">
          {manager && team.length > 0 ? (
            <FilterField label="Salesperson">
              {(id) => (
                <FilterSelect
                  id={id}
                  value={salespersonId === undefined ? "" : String(salespersonId)}
                  onChange={(v) => setSalespersonId(v ? Number(v) : undefined)}
                  all="Whole team"
                  options={team.map((s) => ({ value: String(s.id), label: s.name }))}
                />
              )}
            </FilterField>
          ) : null}
          <SegmentChoice
            value={period}
            onChange={setPeriod}
            choices={FEEDBACK_PERIODS}
            labels={(p) => `${FEEDBACK_PERIOD_MONTHS[p]} months`}
            aria-label="Period"
          />
        </HStack>
      </PanelHeader>
      {insights.isPending ? (
        <InsightsLoading />
      ) : insights.isError && !data ? (
        <LoadError
          title="We couldn't load the feedback"
          description="Check your connection and try again."
          onRetry={() => void insights.refetch()}
        />
      ) : data && data.totals.reviews === 0 ? (
        <Notice
          icon={LuMessageSquareText}
          title={picked ? "No reviews of this salesperson in this period" : "No reviews in this period yet"}
          description="Buyers are invited to review after each visit; their ratings and comments appear here."
          {...panelNotice()}
        />
      ) : data ? (
        <Stack gap="8" opacity={insights.isPlaceholderData ? 0.6 : 1} aria-busy={insights.isFetching}>
          <Insights data={data} showSalesperson={manager && !picked} />
          <FeedbackFeed
            key={`${period}-${whose.salespersonId ?? "team"}`}
            whose={whose}
            showSalesperson={manager && !picked}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
