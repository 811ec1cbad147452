import { Badge, Card, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { LuActivity } from "react-icons/lu";
import type { AdminOverview } from "../../../../shared/schemas/admin";
import { trpc } from "../../../trpc";
import { timeAgo } from "../../../ui/format";
import { PanelHeader } from "../../../ui/PanelHeader";
import { Notice, QueryState } from "../../../ui/QueryState";
import { SectionCard } from "../../../ui/SectionCard";
import { SkeletonTiles } from "../../../ui/SkeletonTiles";

const KIND_LABEL: Record<
  AdminOverview["recentActivity"][number]["kind"],
  { label: string; palette: string }
> = {
  user: { label: "Account", palette: "blue" },
  appointment: { label: "Booking", palette: "green" },
  review: { label: "Review", palette: "yellow" },
  misconduct: { label: "Report", palette: "red" },
  transfer: { label: "Transfer", palette: "purple" },
  audit: { label: "Admin", palette: "gray" },
};

function Stat({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card.Root layerStyle="sectionCard">
      <Card.Body p={{ base: "4", md: "5" }} gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize={{ base: "2xl", md: "3xl" }} fontWeight="bold" color="ink" lineHeight="1.1">
          {value.toLocaleString("en-US")}
        </Text>
        {hint ? (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** Overview: platform counts from the database and the latest activity. */
export function OverviewTab() {
  const overview = trpc.admin.overview.useQuery();
  return (
    <Stack gap="5">
      <PanelHeader
        title="Overview"
        description="Platform counts and the latest activity, straight from the database."
      />
      <QueryState
        query={overview}
        loading={<SkeletonTiles label="Loading overview" count={8} gap="4" columns={{ base: 2, md: 4 }} />}
        error={{
          title: "We couldn't load the overview",
          description: "Check your connection and try again.",
        }}
      >
        {(data) => (
          <Stack gap="5">
            <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: "3", md: "4" }}>
              <Stat
                label="Users"
                value={data.totalUsers}
                hint={`${data.usersByRole.customer.toLocaleString("en-US")} customers · ${data.usersByRole.manager} managers · ${data.usersByRole.admin} admins`}
              />
              <Stat
                label="Salespeople"
                value={data.salespeople}
                hint={`${data.usersByRole.salesperson} signed in`}
              />
              <Stat label="Dealerships" value={data.dealerships} />
              <Stat label="Appointments this month" value={data.appointmentsThisMonth} />
              <Stat label="Open review flags" value={data.openFlags} />
              <Stat label="Open misconduct cases" value={data.openMisconductCases} />
              <Stat label="Pending transfers" value={data.pendingTransfers} />
            </SimpleGrid>
            <SectionCard
              title="Recent activity"
              description="The newest sign-ups, bookings, reviews, reports, transfers and admin changes."
            >
              {data.recentActivity.length === 0 ? (
                <Notice
                  icon={LuActivity}
                  title="Nothing yet"
                  description="Activity shows here as it happens."
                />
              ) : (
                <Stack as="ul" gap="0" listStyleType="none">
                  {data.recentActivity.map((item, i) => (
                    <HStack
                      as="li"
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows of several tables have no shared id
                      key={i}
                      gap="3"
                      py="3"
                      borderTopWidth={i === 0 ? "0" : "1px"}
                      borderColor="border.muted"
                      align="flex-start"
                    >
                      <Badge
                        colorPalette={KIND_LABEL[item.kind].palette}
                        variant="subtle"
                        borderRadius="full"
                        flexShrink={0}
                        minW="20"
                        justifyContent="center"
                      >
                        {KIND_LABEL[item.kind].label}
                      </Badge>
                      <Stack gap="0" flex="1" minW="0">
                        <Text fontSize="sm" fontWeight="medium">
                          {item.title.charAt(0).toUpperCase() + item.title.slice(1)}
                        </Text>
                        <Text fontSize="sm" color="fg.muted" truncate>
                          {item.detail}
                        </Text>
                      </Stack>
                      <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                        {timeAgo(new Date(item.at))}
                      </Text>
                    </HStack>
                  ))}
                </Stack>
              )}
            </SectionCard>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
