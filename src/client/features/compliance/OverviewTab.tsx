// Overview: administrators see the compliance score beside the checks it is computed from, the requests by
// state and the last cleanup; everyone else sees their own requests and how requests work.

import { Box, Button, Grid, Icon, List, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import {
  LuCircleCheck,
  LuCircleX,
  LuClock,
  LuFileCheck,
  LuFilePlus,
  LuHourglass,
  LuShieldCheck,
  LuTrash2,
  LuTriangleAlert,
} from "react-icons/lu";
import { GDPR_DEADLINE_DAYS, GDPR_REQUEST_TYPES } from "../../../shared/compliance";
import { PanelHeader } from "../../ui/PanelHeader";
import { SectionCard } from "../../ui/SectionCard";
import { StatGrid } from "../../ui/StatGrid";
import { StatTile } from "../../ui/StatTile";
import { DEADLINE_SENTENCE, formatDayAndTime, REQUEST_TYPE_EFFECTS, requestTypeName } from "./labels";
import { complianceQueries } from "./queries";

/** The tiles of one's own requests, by state. */
const REQUEST_STATS = [
  { status: "pending", label: "Pending", icon: LuHourglass, palette: "orange", help: "Waiting for us" },
  { status: "processing", label: "Processing", icon: LuClock, palette: "blue", help: "Being handled" },
  { status: "completed", label: "Completed", icon: LuCircleCheck, palette: "green", help: "Answered" },
  { status: "rejected", label: "Rejected", icon: LuCircleX, palette: "red", help: "With a reason" },
] as const;

/** What each kind of request does, and the deadline. */
function HowRequestsWork({ onNewRequest }: { onNewRequest?: () => void }) {
  return (
    <SectionCard
      title="How data requests work"
      description={`${DEADLINE_SENTENCE} You can have one open request of each kind at a time.`}
      actions={
        onNewRequest ? (
          <Button size="sm" colorPalette="blue" onClick={onNewRequest}>
            <LuFilePlus /> New request
          </Button>
        ) : undefined
      }
    >
      <Stack as="dl" gap="3">
        {GDPR_REQUEST_TYPES.map((type) => (
          <Box key={type}>
            <Text as="dt" fontWeight="semibold" color="ink" fontSize="sm">
              {requestTypeName(type)}
            </Text>
            <Text as="dd" fontSize="sm" color="fg.muted">
              {REQUEST_TYPE_EFFECTS[type]}
            </Text>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

function OwnOverview({ onNewRequest }: { onNewRequest: () => void }) {
  const { summary } = useSuspenseQuery(complianceQueries.ownLatest()).data;
  return (
    <Stack gap="5">
      <PanelHeader
        title="Your data"
        description="KnowBefore keeps your data only as long as it is needed. Ask for a copy, a correction or its deletion at any time."
      />
      <StatGrid
        stats={REQUEST_STATS.map(({ status, ...stat }) => ({ ...stat, value: summary[status] ?? 0 }))}
      />
      <HowRequestsWork onNewRequest={onNewRequest} />
    </Stack>
  );
}

function AdminOverview() {
  const { data } = useSuspenseQuery(complianceQueries.overview());
  const passed = data.checks.filter((c) => c.passed).length;
  const r = data.requests as Record<string, number | undefined>;
  return (
    <Stack gap="5">
      <PanelHeader
        title="Compliance overview"
        description="The score is the share of the checks below that pass right now."
      />
      <Stack gap="5">
        <Grid
          templateColumns={{ base: "1fr", lg: "minmax(0, 1fr) minmax(0, 2fr)" }}
          gap="5"
          alignItems="start"
        >
          <Stack gap="3">
            <StatTile
              stat={{
                label: "Compliance score",
                value: `${data.score}%`,
                icon: LuShieldCheck,
                palette: data.score === 100 ? "green" : data.score >= 60 ? "orange" : "red",
                help: `${passed} of ${data.checks.length} checks pass`,
              }}
              valueProps={{ fontSize: { base: "3xl", md: "4xl" } }}
            />
            <StatTile
              stat={{
                label: "Last cleanup",
                value: data.lastCleanup
                  ? `${data.lastCleanup.total.toLocaleString("en-US")} records`
                  : "Never",
                icon: LuTrash2,
                palette: "gray",
                help: data.lastCleanup
                  ? `${formatDayAndTime(data.lastCleanup.ranAt)} · ${data.lastCleanup.trigger === "manual" ? "run by hand" : "automatic"}`
                  : "No retention cleanup has run yet",
              }}
            />
          </Stack>
          <SectionCard title="Checks" description="What the score is computed from, with what each found.">
            <List.Root variant="plain" gap="3">
              {data.checks.map((check) => (
                <List.Item key={check.id} alignItems="flex-start" gap="3">
                  <Icon
                    boxSize="5"
                    mt="0.5"
                    color={check.passed ? "green.600" : "red.600"}
                    aria-label={check.passed ? "Passed" : "Failed"}
                    role="img"
                    flexShrink={0}
                  >
                    {check.passed ? <LuCircleCheck /> : <LuTriangleAlert />}
                  </Icon>
                  <Stack gap="0.5" minW="0">
                    <Text fontSize="sm" color="ink" fontWeight="medium">
                      {check.label}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                      {check.detail}
                    </Text>
                  </Stack>
                </List.Item>
              ))}
            </List.Root>
          </SectionCard>
        </Grid>
        <StatGrid
          stats={[
            { label: "Pending requests", value: r.pending ?? 0, icon: LuHourglass, palette: "orange" },
            { label: "Processing", value: r.processing ?? 0, icon: LuClock, palette: "blue" },
            {
              label: "Overdue",
              value: r.overdue ?? 0,
              icon: LuTriangleAlert,
              palette: (r.overdue ?? 0) > 0 ? "red" : "gray",
              help: `Open past ${GDPR_DEADLINE_DAYS} days`,
            },
            {
              label: "Completed",
              value: r.completedLast30Days ?? 0,
              icon: LuFileCheck,
              palette: "green",
              help: "In the last 30 days",
            },
          ]}
        />
      </Stack>
      <HowRequestsWork />
    </Stack>
  );
}

export function OverviewTab({ isAdmin, onNewRequest }: { isAdmin: boolean; onNewRequest: () => void }) {
  return isAdmin ? <AdminOverview /> : <OwnOverview onNewRequest={onNewRequest} />;
}
