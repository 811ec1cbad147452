// The sync log of one integration: every delivery attempt, newest first, filtered by outcome and paged. It
// refreshes every few seconds while the page is visible, so a new delivery shows up without a reload.
import { Badge, Button, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuScrollText, LuSend } from "react-icons/lu";
import type { CrmIntegration, SyncLog } from "../../../shared/schemas/crm";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { SelectField } from "../../ui/form";
import { Pager } from "../../ui/Pager";
import { InlineLoadError, Notice } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { capitalise } from "../../ui/StatusBadge";
import { showToast } from "../../ui/toaster";
import { deliveryStatusPalette, deliveryTime, eventLabel } from "./crmLabels";

const PAGE_SIZE = 10;

type StatusFilter = "" | "success" | "failure";

const FILTER_OPTIONS = [
  { value: "success", label: "Success" },
  { value: "failure", label: "Failure" },
];

function ResendButton({ log, onSent }: { log: SyncLog; onSent: () => Promise<unknown> }) {
  const resend = trpc.crm.resend.useMutation();
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="blue"
      loading={resend.isPending}
      loadingText="Sending"
      aria-label={`Send again: ${eventLabel(log.eventType)}, ${log.entityType} #${log.entityId}`}
      onClick={() =>
        resend.mutate(
          { logId: log.id },
          {
            onSuccess: async () => {
              showToast({
                title: "Delivery queued",
                description: "The event is being sent again. Its attempt appears here in a few seconds.",
                variant: "success",
              });
              await onSent();
            },
            onError: async (error) => {
              showFailure("Couldn't send again", error);
              await onSent();
            },
          },
        )
      }
    >
      <LuSend /> Send again
    </Button>
  );
}

function LogTable({
  items,
  integrationName,
  onChanged,
}: {
  items: SyncLog[];
  integrationName: string;
  onChanged: () => Promise<unknown>;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg">
      <Table.Root size="sm" minW="4xl">
        <Table.Caption srOnly>Sync log of {integrationName}</Table.Caption>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Entity</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Attempt</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Time (ms)</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Response</Table.ColumnHeader>
            <Table.ColumnHeader>Error details</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((log) => (
            <Table.Row key={log.id} data-testid="crm-sync-log">
              <Table.Cell whiteSpace="nowrap">
                <time dateTime={log.createdAt.toISOString()}>{deliveryTime(log.createdAt)}</time>
              </Table.Cell>
              <Table.Cell>{eventLabel(log.eventType)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {log.entityType} #{log.entityId}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={deliveryStatusPalette(log.status)} variant="subtle" borderRadius="full">
                  {capitalise(log.status)}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{log.attempt}</Table.Cell>
              <Table.Cell textAlign="end">{log.processingTime}</Table.Cell>
              <Table.Cell textAlign="end">{log.responseCode ?? "—"}</Table.Cell>
              <Table.Cell maxW="xs" fontSize="xs" color={log.errorDetails ? "fg.error" : "fg.muted"}>
                <Text lineClamp={3} overflowWrap="anywhere" title={log.errorDetails ?? undefined}>
                  {log.errorDetails ?? "—"}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">
                {log.status === "failure" ? <ResendButton log={log} onSent={onChanged} /> : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The selected integration's sync log. `onActivity` is called whenever the newest attempt or the count
 * changes, so the page can refresh the integration's status and last sync time along with it.
 */
export function SyncLogsSection({
  integration,
  onActivity,
}: {
  integration: CrmIntegration;
  onActivity: () => void;
}) {
  const [status, setStatus] = useState<StatusFilter>("");
  const [page, setPage] = useState(1);
  const logs = trpc.crm.logs.useQuery(
    { id: integration.id, status: status || undefined, page, pageSize: PAGE_SIZE },
    // New attempts arrive through the live stream (features/live), which refreshes the log.
    { placeholderData: (previous) => previous },
  );

  // A new attempt changes the integration's last sync time and maybe its status: refresh the list too.
  const newest = logs.data?.items[0]?.id;
  const total = logs.data?.total;
  useEffect(() => {
    if (newest !== undefined || total !== undefined) onActivity();
  }, [newest, total, onActivity]);

  const data = logs.data;
  return (
    <SectionCard
      title={`Sync log: ${integration.integrationName}`}
      label="Sync log"
      description="Every delivery attempt to this integration's webhook, newest first. Refreshes every 5 seconds."
    >
      <HStack gap="3" align="flex-end" wrap="wrap" justify="space-between">
        <SelectField
          label="Status"
          labelSize="sm"
          size="sm"
          emptyLabel="All attempts"
          options={FILTER_OPTIONS}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as StatusFilter);
            setPage(1);
          }}
          root={{ maxW: "56" }}
        />
        {data ? (
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {data.total === 1 ? "1 attempt" : `${data.total} attempts`}
          </Text>
        ) : null}
      </HStack>
      {logs.isPending ? (
        <Skeleton
          height="40"
          borderRadius="lg"
          role="status"
          aria-busy="true"
          aria-label="Loading sync log"
        />
      ) : logs.isError && !data ? (
        <InlineLoadError message="We couldn't load the sync log." onRetry={() => void logs.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <Notice
          icon={LuScrollText}
          size="sm"
          title={
            status ? `No ${status === "success" ? "successful" : "failed"} deliveries` : "No deliveries yet"
          }
          description={
            integration.webhookUrl
              ? "Deliveries appear here when buyers book, cancel or complete appointments, write reviews or send messages."
              : "This integration has no webhook URL, so no events are delivered to it."
          }
        />
      ) : (
        <Stack gap="2">
          <LogTable
            items={data.items}
            integrationName={integration.integrationName}
            onChanged={() => logs.refetch()}
          />
          {data.total > PAGE_SIZE ? (
            <Pager
              count={data.total}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
              labels={{
                previous: "Previous page of the sync log",
                next: "Next page of the sync log",
                page: (n) => `Sync log page ${n}`,
              }}
            />
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}
