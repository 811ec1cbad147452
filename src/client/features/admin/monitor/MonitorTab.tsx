// The administrators' monitor: the last hour's sign-ins, bookings and server faults, the jobs waiting or
// running, and whether the database and the job queue can serve, refreshed every 15 seconds while the tab
// is open (docs/product/admin.md#monitor).
import { Badge, HStack, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { LuCalendarCheck, LuCircleAlert, LuListTodo, LuLogIn } from "react-icons/lu";
import { apiErrorMessage, trpc } from "../../../trpc";
import { FailureAlert } from "../../../ui/FailureAlert";
import { PanelHeader } from "../../../ui/PanelHeader";
import { SectionCard } from "../../../ui/SectionCard";
import { SkeletonTiles } from "../../../ui/SkeletonTiles";
import { StatGrid } from "../../../ui/StatGrid";

const REFRESH_MS = 15_000;
const clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit" });

function Readiness({ name, ready, detail }: { name: string; ready: boolean; detail: string }) {
  return (
    <HStack justify="space-between" gap="3" align="start">
      <Stack gap="0" minW="0">
        <Text fontWeight="medium">{name}</Text>
        <Text fontSize="sm" color="fg.muted">
          {detail}
        </Text>
      </Stack>
      <Badge colorPalette={ready ? "green" : "red"} variant="solid" borderRadius="full" flexShrink={0}>
        {ready ? "Ready" : "Not ready"}
      </Badge>
    </HStack>
  );
}

export function MonitorTab() {
  const monitor = trpc.admin.monitor.useQuery(undefined, {
    refetchInterval: REFRESH_MS,
  });
  const data = monitor.data;
  return (
    <Stack gap="5">
      <PanelHeader
        title="Monitor"
        description={
          data
            ? `The last hour, counted at ${clock.format(monitor.dataUpdatedAt)}; refreshed every 15 seconds.`
            : "The last hour across every instance; refreshed every 15 seconds."
        }
      />
      <FailureAlert
        message={
          monitor.error
            ? `Could not read the monitor: ${apiErrorMessage(monitor.error, "Please try again.")}`
            : null
        }
      />
      {data ? (
        <>
          <StatGrid
            stats={[
              { label: "Sign-ins", value: data.signIns, help: "last hour", icon: LuLogIn, palette: "blue" },
              {
                label: "Bookings",
                value: data.bookings,
                help: "last hour",
                icon: LuCalendarCheck,
                palette: "green",
              },
              {
                label: "Errors",
                value: data.errors,
                help: "answers ≥ 500, failed jobs",
                icon: LuCircleAlert,
                palette: data.errors > 0 ? "red" : "gray",
              },
              {
                label: "Queued jobs",
                value: data.queuedJobs,
                help: "waiting or running",
                icon: LuListTodo,
                palette: "purple",
              },
            ]}
          />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <SectionCard title="Readiness">
              <Stack gap="4">
                <Readiness name="Database" {...data.database} />
                <Readiness name="Job queue" {...data.jobQueue} />
                <HStack justify="space-between" gap="3" align="start">
                  <Stack gap="0" minW="0">
                    <Text fontWeight="medium">Text messages</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {data.texting.detail}
                    </Text>
                  </Stack>
                  <Badge
                    colorPalette={data.texting.configured ? "green" : "gray"}
                    variant="solid"
                    borderRadius="full"
                    flexShrink={0}
                  >
                    {data.texting.configured ? "Configured" : "Not configured"}
                  </Badge>
                </HStack>
              </Stack>
            </SectionCard>
            <SectionCard title="Jobs by queue">
              <Table.ScrollArea>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Queue</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Waiting</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Running</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.queues.map((q) => (
                      <Table.Row key={q.name}>
                        <Table.Cell>{q.name}</Table.Cell>
                        <Table.Cell textAlign="end">{q.waiting}</Table.Cell>
                        <Table.Cell textAlign="end">{q.active}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </SectionCard>
          </SimpleGrid>
        </>
      ) : monitor.isPending ? (
        <SkeletonTiles label="Loading the monitor" count={4} />
      ) : null}
    </Stack>
  );
}
