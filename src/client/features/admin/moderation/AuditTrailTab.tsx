// The audit trail: every manager and admin change, newest first, filtered by action, entity, actor e-mail,
// dates and dealership, with each row's before and after, and the filtered rows as a CSV download.
// Administrators see everything; the same panel shows a manager their own dealership's rows.
import {
  Accordion,
  Badge,
  Button,
  Code,
  Flex,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { LuDownload, LuFilterX, LuHistory } from "react-icons/lu";
import {
  AUDIT_ENTITY_TYPES,
  type AuditEntityType,
  type AuditEntryView,
} from "../../../../shared/schemas/audit";
import { adminAuthHeaders } from "../../../adminSession";
import { trpc } from "../../../trpc";
import { DateRangeFields, FilterField, FilterSelect, useDebouncedSearch } from "../../../ui/filters";
import { PanelHeader } from "../../../ui/PanelHeader";
import { Notice, panelNotice, QueryState, SkeletonRows } from "../../../ui/QueryState";
import { capitalise } from "../../../ui/StatusBadge";
import { showToast } from "../../../ui/toaster";
import { ListPager } from "../consoleKit";
import { AuditDiff } from "./AuditDiff";
import { usePageFor } from "./usePageFor";

const PAGE_SIZE = 25;

const at = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
});

const ENTITY_LABELS: Record<(typeof AUDIT_ENTITY_TYPES)[number], string> = {
  user: "User",
  salesperson: "Salesperson",
  dealership: "Dealership",
  transfer: "Transfer",
  rating: "Review",
  misconduct: "Misconduct case",
  document: "Document",
  contact: "Contact message",
  subscription: "Subscription",
  crm_integration: "CRM integration",
  api_key: "API key",
  retention_policy: "Retention policy",
};

const ROLE_PALETTE: Record<string, string> = { admin: "red", manager: "purple", system: "gray" };

type Filters = { action: string; entityType: string; from: string; to: string; dealershipId: string };
const NO_FILTERS: Filters = { action: "", entityType: "", from: "", to: "", dealershipId: "" };

function entityLabel(row: AuditEntryView): string {
  const type = ENTITY_LABELS[row.entityType as keyof typeof ENTITY_LABELS] ?? capitalise(row.entityType);
  return `${type} ${/^\d+$/.test(row.entityId) ? `#${row.entityId}` : row.entityId}`;
}

function AuditRow({ row, showDealership }: { row: AuditEntryView; showDealership: boolean }) {
  const actor = row.actorEmail ?? (row.actorUserId ? "Deleted account" : "System");
  return (
    <Accordion.Item
      value={String(row.id)}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      bg="white"
    >
      <Accordion.ItemTrigger
        px="4"
        py="3"
        cursor="pointer"
        aria-label={`${row.action} on ${entityLabel(row)} by ${actor}`}
      >
        <Stack gap="1" flex="1" minW="0" textAlign="start">
          <HStack gap="2" wrap="wrap">
            <Code size="sm" colorPalette="blue">
              {row.action}
            </Code>
            <Text fontWeight="medium" fontSize="sm">
              {entityLabel(row)}
            </Text>
            {showDealership && row.dealershipName ? (
              <Text fontSize="sm" color="fg.muted">
                · {row.dealershipName}
              </Text>
            ) : null}
          </HStack>
          <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
            <Text>{at.format(new Date(row.createdAt))}</Text>
            <Text>·</Text>
            <Text wordBreak="break-all">{actor}</Text>
            <Badge size="xs" variant="subtle" colorPalette={ROLE_PALETTE[row.actorRole] ?? "gray"}>
              {capitalise(row.actorRole)}
            </Badge>
          </HStack>
          {row.reason ? (
            <Text fontSize="sm" truncate>
              Reason: {row.reason}
            </Text>
          ) : null}
        </Stack>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody px="4" pb="4">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" fontSize="sm">
              <Fact label="Actor">
                {row.actorName ? `${row.actorName} · ` : ""}
                {actor}
              </Fact>
              <Fact label="When">{at.format(new Date(row.createdAt))}</Fact>
              <Fact label="IP address">{row.ipAddress ?? "Not recorded"}</Fact>
              <Fact label="Dealership">
                {row.dealershipName ?? (row.dealershipId ? `#${row.dealershipId}` : "None")}
              </Fact>
            </SimpleGrid>
            {row.reason ? <Fact label="Reason">{row.reason}</Fact> : null}
            <Stack gap="2">
              <Text fontSize="sm" fontWeight="semibold" color="ink">
                Changes
              </Text>
              <AuditDiff before={row.before} after={row.after} />
            </Stack>
          </Stack>
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {children}
      </Text>
    </Stack>
  );
}

/** The filtered rows as a CSV file, fetched with the console's credentials and saved by the browser. */
async function downloadCsv(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams({ format: "csv" });
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "" && key !== "page" && key !== "pageSize")
      params.set(key, String(value));
  const res = await fetch(`/api/admin/audit-log?${params}`, {
    credentials: "include",
    headers: adminAuthHeaders(),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `${res.status}: ${res.statusText}`);
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "audit-log.csv";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Admin console tab: the audit trail. `scope="manager"` hides the dealership filter (a manager's rows are
 * their dealership's already; the server decides).
 */
export function AuditTrailTab({ scope = "admin" }: { scope?: "admin" | "manager"; label?: string }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const actorSearch = useDebouncedSearch();
  const [page, setPage] = usePageFor(`${JSON.stringify(filters)}|${actorSearch.search}`);
  const [downloading, setDownloading] = useState(false);
  const isAdmin = scope === "admin";
  const query = {
    action: filters.action || undefined,
    entityType: (filters.entityType || undefined) as AuditEntityType | undefined,
    actorEmail: actorSearch.search || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    dealershipId: isAdmin && filters.dealershipId ? Number(filters.dealershipId) : undefined,
  };
  const badRange = !!query.from && !!query.to && query.from > query.to;
  const audit = trpc.audit.list.useQuery(
    { ...query, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, refetchOnMount: "always", enabled: !badRange },
  );
  const dealerships = trpc.admin.dealerships.useQuery({ pageSize: 100 }, { enabled: isAdmin });
  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) || actorSearch.text !== "";

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCsv(query);
    } catch (error) {
      showToast({
        title: "Export failed",
        description: error instanceof Error ? error.message : "Please try again.",
        variant: "destructive",
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="5">
      <PanelHeader
        title="Audit trail"
        description={
          isAdmin
            ? "Every change made by managers and administrators: who, what, when, from where, and what it changed. Rows can't be edited or deleted."
            : "Every change made to your dealership by you or an administrator. Rows can't be edited or deleted."
        }
      >
        <Button
          variant="outline"
          size="sm"
          onClick={() => void download()}
          loading={downloading}
          loadingText="Preparing..."
          disabled={badRange}
        >
          <LuDownload /> Download CSV
        </Button>
      </PanelHeader>
      <Stack
        as="section"
        aria-label="Filter the audit trail"
        gap="3"
        p="4"
        bg="white"
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="xl"
      >
        <SimpleGrid columns={{ base: 1, sm: 2, lg: isAdmin ? 3 : 3 }} gap="3">
          <FilterField label="Action">
            {(id) => (
              <FilterSelect
                id={id}
                value={filters.action}
                onChange={set("action")}
                all="All actions"
                options={(audit.data?.actions ?? (filters.action ? [filters.action] : [])).map((a) => ({
                  value: a,
                  label: a,
                }))}
              />
            )}
          </FilterField>
          <FilterField label="Entity type">
            {(id) => (
              <FilterSelect
                id={id}
                value={filters.entityType}
                onChange={set("entityType")}
                all="All entities"
                options={AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: ENTITY_LABELS[t] }))}
              />
            )}
          </FilterField>
          <FilterField label="Actor email">
            {(id) => (
              <Input
                id={id}
                size="sm"
                bg="white"
                type="search"
                placeholder="name@example.com"
                value={actorSearch.text}
                onChange={(e) => actorSearch.setText(e.target.value)}
              />
            )}
          </FilterField>
          <DateRangeFields from={filters.from} to={filters.to} onFrom={set("from")} onTo={set("to")} />
          {isAdmin ? (
            <FilterField label="Dealership">
              {(id) => (
                <FilterSelect
                  id={id}
                  value={filters.dealershipId}
                  onChange={set("dealershipId")}
                  all="All dealerships"
                  options={(dealerships.data?.items ?? []).map((d) => ({
                    value: String(d.id),
                    label: d.name,
                  }))}
                />
              )}
            </FilterField>
          ) : null}
        </SimpleGrid>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text fontSize="sm" color={badRange ? "fg.error" : "fg.muted"} aria-live="polite">
            {badRange
              ? "The start date must be on or before the end date."
              : audit.data
                ? `${audit.data.total.toLocaleString("en-US")} change${audit.data.total === 1 ? "" : "s"} · dates in UTC`
                : ""}
          </Text>
          {filtered ? (
            <Button
              variant="ghost"
              size="xs"
              onClick={() => {
                setFilters(NO_FILTERS);
                actorSearch.setText("");
              }}
            >
              <LuFilterX /> Clear filters
            </Button>
          ) : null}
        </Flex>
      </Stack>
      {badRange ? null : (
        <QueryState
          query={audit}
          loading={<SkeletonRows label="Loading the audit trail" h="16" />}
          error={{ title: "We couldn't load the audit trail", titleAs: "h3" }}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <Notice
              icon={LuHistory}
              title={filtered ? "No changes match these filters" : "No changes recorded yet"}
              description={
                filtered
                  ? "Widen the dates or clear a filter."
                  : "Changes by managers and administrators appear here."
              }
              {...panelNotice()}
            />
          }
        >
          {(data) => (
            <Accordion.Root
              collapsible
              multiple
              variant="plain"
              display="flex"
              flexDirection="column"
              gap="2"
            >
              {data.items.map((row) => (
                <AuditRow key={row.id} row={row} showDealership={isAdmin} />
              ))}
            </Accordion.Root>
          )}
        </QueryState>
      )}
      {audit.data && !badRange ? (
        <ListPager
          total={audit.data.total}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noun="change"
        />
      ) : null}
    </Stack>
  );
}
