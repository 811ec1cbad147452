import { Avatar, Badge, HStack, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { avatarSlotRecipe } from "@chakra-ui/react/theme";
import { useSuspenseQuery } from "@tanstack/react-query";
import { LuAward, LuChartNoAxesColumn, LuTrendingDown, LuTrophy } from "react-icons/lu";
import type { LeaderboardEntry, ManagerPerformance } from "../../../shared/schemas/manager";
import { PhoneCard } from "../../ui/CardList";
import { Fact } from "../../ui/Fact";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice } from "../../ui/QueryState";
import { NOT_YET_RATED, ratingText } from "../../ui/Rating";
import { SectionCard } from "../../ui/SectionCard";
import { percent } from "./format";
import { managerQueries } from "./queries";
import { type ManagerStat, StatTiles } from "./StatTile";

const BAND: Record<LeaderboardEntry["band"], { label: string; palette: string }> = {
  top: { label: "Top performer", palette: "green" },
  average: { label: "Average", palette: "yellow" },
  "needs-improvement": { label: "Needs improvement", palette: "red" },
  unrated: { label: NOT_YET_RATED, palette: "gray" },
};

function BandBadge({ band }: { band: LeaderboardEntry["band"] }) {
  return (
    <Badge colorPalette={BAND[band].palette} variant="subtle" borderRadius="full">
      {BAND[band].label}
    </Badge>
  );
}

function Incidents({ count }: { count: number }) {
  return count === 0 ? (
    <Text as="span" color="fg.muted">
      0
    </Text>
  ) : (
    <Badge colorPalette="red" variant="solid" borderRadius="full">
      {count} open
    </Badge>
  );
}

function Rank({ rank }: { rank: number }) {
  return (
    <Text
      as="span"
      fontWeight="semibold"
      color={rank <= 3 ? "blue.700" : "fg.muted"}
      minW="6"
      display="inline-block"
    >
      {rank}
    </Text>
  );
}

function Leaderboard({ entries }: { entries: LeaderboardEntry[] }) {
  return (
    <>
      <Table.ScrollArea hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="lg">
        <Table.Root size="sm">
          <Table.Caption srOnly>Leaderboard by average rating</Table.Caption>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader w="12">#</Table.ColumnHeader>
              <Table.ColumnHeader>Salesperson</Table.ColumnHeader>
              <Table.ColumnHeader>Average rating</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Reviews</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Completion rate</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">No-show rate</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Open incidents</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry, index) => (
              <Table.Row key={entry.id}>
                <Table.Cell>
                  <Rank rank={index + 1} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2.5" minW="0">
                    <Avatar.Root recipe={avatarSlotRecipe} size="xs" colorPalette="blue">
                      <Avatar.Fallback name={entry.name} />
                      {entry.profileImageUrl ? <Avatar.Image src={entry.profileImageUrl} alt="" /> : null}
                    </Avatar.Root>
                    <Text fontWeight="medium" color="ink" truncate>
                      {entry.name}
                    </Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    {entry.totalReviews === 0 ? null : (
                      <Text fontWeight="semibold">{ratingText(entry.averageRating, entry.totalReviews)}</Text>
                    )}
                    <BandBadge band={entry.band} />
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end">{entry.totalReviews}</Table.Cell>
                <Table.Cell textAlign="end">{percent(entry.completionRate)}</Table.Cell>
                <Table.Cell textAlign="end">{percent(entry.noShowRate)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Incidents count={entry.openIncidents} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack as="ol" listStyleType="none" gap="3" hideFrom="md" aria-label="Leaderboard by average rating">
        {entries.map((entry, index) => (
          <PhoneCard key={entry.id} p="3.5">
            <HStack justify="space-between" gap="2" align="flex-start">
              <HStack gap="2" minW="0">
                <Rank rank={index + 1} />
                <Text fontWeight="semibold" color="ink" truncate>
                  {entry.name}
                </Text>
              </HStack>
              <BandBadge band={entry.band} />
            </HStack>
            <SimpleGrid as="dl" columns={2} gap="2" mt="2.5">
              <Fact term label="Average rating" fontWeight="semibold">
                {entry.totalReviews === 0
                  ? NOT_YET_RATED
                  : `${ratingText(entry.averageRating, entry.totalReviews)} (${entry.totalReviews})`}
              </Fact>
              <Fact term label="Open incidents">
                <Incidents count={entry.openIncidents} />
              </Fact>
              <Fact term label="Completion rate">
                {percent(entry.completionRate)}
              </Fact>
              <Fact term label="No-show rate">
                {percent(entry.noShowRate)}
              </Fact>
            </SimpleGrid>
          </PhoneCard>
        ))}
      </Stack>
    </>
  );
}

/** The Performance tab (docs/product/dealerships.md#manager-dashboard): performers by rating band, and the team ranked by average rating. */
export function PerformancePanel() {
  const { data } = useSuspenseQuery(managerQueries.performance());
  return (
    <Stack gap="6">
      <PanelHeader
        title="Performance"
        description="How your team is rated by customers, and how their appointments turn out."
      />
      <PerformanceContent data={data} />
    </Stack>
  );
}

function PerformanceContent({ data }: { data: ManagerPerformance }) {
  const stats: ManagerStat[] = [
    {
      label: "Top performers",
      value: data.topPerformers,
      help: "Average rating 4.5 or higher",
      icon: LuTrophy,
      palette: "green",
    },
    {
      label: "Average performers",
      value: data.averagePerformers,
      help: "Average rating 3.5 to 4.49",
      icon: LuAward,
      palette: "yellow",
    },
    {
      label: "Needs improvement",
      value: data.needsImprovement,
      help: "Average rating below 3.5, with reviews",
      icon: LuTrendingDown,
      palette: "red",
    },
  ];
  return (
    <Stack gap="6">
      <StatTiles stats={stats} columns={{ base: 1, sm: 3 }} />
      {data.unrated > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {data.unrated} {data.unrated === 1 ? "salesperson has" : "salespeople have"} no reviews yet and
          {data.unrated === 1 ? " is" : " are"} not counted in a band.
        </Text>
      ) : null}
      <SectionCard
        title="Leaderboard"
        description="Your team sorted by average rating (then by number of reviews)."
      >
        {data.leaderboard.length === 0 ? (
          <Notice
            icon={LuChartNoAxesColumn}
            size="sm"
            title="No salespeople yet"
            description="Add salespeople to your team to see how they perform."
          />
        ) : (
          <Leaderboard entries={data.leaderboard} />
        )}
        <Text fontSize="xs" color="fg.muted">
          Completion rate: completed appointments out of all that are no longer scheduled (completed, no-show
          and cancelled). No-show rate: no-shows out of the same. Open incidents: misconduct reports about the
          salesperson that are open or being investigated.
        </Text>
      </SectionCard>
    </Stack>
  );
}
