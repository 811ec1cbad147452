// The audit trail: every manager and admin change, newest first, filtered by action, entity, actor e-mail,
// dates and dealership, with each row's before and after, and the filtered rows as a CSV download.
// Administrators see everything; the same panel shows a manager their own dealership's rows.
import { Badge, Code, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { LuHistory } from "react-icons/lu";
import {
  AUDIT_ENTITY_TYPES,
  type AuditEntityType,
  type AuditEntryView,
} from "../../../../shared/schemas/auditTrail";
import { trpc } from "../../../trpc";
import { filterParams } from "../../../ui/download";
import { ExpandableCard, ExpandableCards } from "../../../ui/ExpandableCards";
import { Fact } from "../../../ui/Fact";
import { type FilterChoice, FilterChoices } from "../../../ui/FilterChoice";
import { DownloadCsvButton, FilteredLog, useLogFilters } from "../../../ui/FilteredLog";
import { DateRangeFields, FilterSearch } from "../../../ui/filters";
import { SkeletonRows } from "../../../ui/QueryState";
import { capitalise } from "../../../ui/StatusBadge";
import { AuditDiff } from "./AuditDiff";

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
  group: "Dealer group",
  transfer: "Transfer",
  rating: "Review",
  misconduct: "Misconduct case",
  document: "Document",
  contact: "Contact message",
  subscription: "Subscription",
  crm_integration: "CRM integration",
  api_key: "API key",
  visit_dispute: "Visit dispute",
  retention_policy: "Retention policy",
  dealership_application: "Dealership application",
  purchase_claim: "Purchase claim",
};

const ROLE_PALETTE: Record<string, string> = { admin: "red", manager: "purple", system: "gray" };

function entityLabel(row: AuditEntryView): string {
  const type = ENTITY_LABELS[row.entityType as keyof typeof ENTITY_LABELS] ?? capitalise(row.entityType);
  return `${type} ${/^\d+$/.test(row.entityId) ? `#${row.entityId}` : row.entityId}`;
}

function AuditRow({ row, showDealership }: { row: AuditEntryView; showDealership: boolean }) {
  const actor = row.actorEmail ?? (row.actorUserId ? "Deleted account" : "System");
  return (
    <ExpandableCard
      value={String(row.id)}
      ariaLabel={`${row.action} on ${entityLabel(row)} by ${actor}`}
      summary={
        <>
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
        </>
      }
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" fontSize="sm">
          <Fact fontSize="md" color="fg" whiteSpace="pre-line" label="Actor">
            {row.actorName ? `${row.actorName} · ` : ""}
            {actor}
          </Fact>
          <Fact fontSize="md" color="fg" whiteSpace="pre-line" label="When">
            {at.format(new Date(row.createdAt))}
          </Fact>
          <Fact fontSize="md" color="fg" whiteSpace="pre-line" label="IP address">
            {row.ipAddress ?? "Not recorded"}
          </Fact>
          <Fact fontSize="md" color="fg" whiteSpace="pre-line" label="Dealership">
            {row.dealershipName ?? (row.dealershipId ? `#${row.dealershipId}` : "None")}
          </Fact>
        </SimpleGrid>
        {row.reason ? (
          <Fact fontSize="md" color="fg" whiteSpace="pre-line" label="Reason">
            {row.reason}
          </Fact>
        ) : null}
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="semibold" color="ink">
            Changes
          </Text>
          <AuditDiff before={row.before} after={row.after} />
        </Stack>
      </Stack>
    </ExpandableCard>
  );
}

const NO_FILTERS = { action: "", entityType: "", from: "", to: "", dealershipId: "" };

/**
 * Admin console tab: the audit trail. `scope="manager"` hides the dealership filter (a manager's rows are
 * their dealership's already; the server decides).
 */
export function AuditTrailTab({ scope = "admin" }: { scope?: "admin" | "manager"; label?: string }) {
  const log = useLogFilters(NO_FILTERS);
  const { filters, set } = log;
  const isAdmin = scope === "admin";
  const query = {
    action: filters.action || undefined,
    entityType: (filters.entityType || undefined) as AuditEntityType | undefined,
    actorEmail: log.search.search || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    dealershipId: isAdmin && filters.dealershipId ? Number(filters.dealershipId) : undefined,
  };
  const audit = trpc.auditTrail.list.useQuery(
    { ...query, page: log.page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, enabled: !log.badRange },
  );
  const dealerships = trpc.admin.dealerships.useQuery({ pageSize: 100 }, { enabled: isAdmin });

  const choices: FilterChoice<keyof typeof NO_FILTERS>[] = [
    {
      name: "action",
      label: "Action",
      all: "All actions",
      options: (audit.data?.actions ?? (filters.action ? [filters.action] : [])).map((a) => ({
        value: a,
        label: a,
      })),
    },
    {
      name: "entityType",
      label: "Entity type",
      all: "All entities",
      options: AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: ENTITY_LABELS[t] })),
    },
  ];
  const dealershipChoice: FilterChoice<"dealershipId">[] = [
    {
      name: "dealershipId",
      label: "Dealership",
      all: "All dealerships",
      options: (dealerships.data?.items ?? []).map((d) => ({ value: String(d.id), label: d.name })),
    },
  ];

  return (
    <FilteredLog
      title="Audit trail"
      description={
        isAdmin
          ? "Every change made by managers and administrators: who, what, when, from where, and what it changed. Rows can't be edited or deleted."
          : "Every change made to your dealership by you or an administrator. Rows can't be edited or deleted."
      }
      actions={
        <DownloadCsvButton
          path={`/api/admin/audit-log?${filterParams({ format: "csv", ...query })}`}
          fallbackName="audit-log.csv"
          disabled={log.badRange}
        />
      }
      filterLabel="Filter the audit trail"
      fieldColumns={{
        base: "minmax(0, 1fr)",
        sm: "repeat(2, minmax(0, 1fr))",
        lg: "repeat(3, minmax(0, 1fr))",
      }}
      fields={
        <>
          <FilterChoices choices={choices} values={filters} set={set} />
          <FilterSearch label="Actor email" search={log.search} />
          <DateRangeFields from={filters.from} to={filters.to} onFrom={set("from")} onTo={set("to")} />
          {isAdmin ? <FilterChoices choices={dealershipChoice} values={filters} set={set} /> : null}
        </>
      }
      state={log}
      query={audit}
      noun="change"
      countNote=" · dates in UTC"
      pageSize={PAGE_SIZE}
      loading={<SkeletonRows label="Loading the audit trail" h="16" />}
      error="We couldn't load the audit trail"
      empty={{
        icon: LuHistory,
        title: ["No changes recorded yet", "No changes match these filters"],
        description: [
          "Changes by managers and administrators appear here.",
          "Widen the dates or clear a filter.",
        ],
      }}
    >
      {(data) => (
        <ExpandableCards gap="2">
          {data.items.map((row) => (
            <AuditRow key={row.id} row={row} showDealership={isAdmin} />
          ))}
        </ExpandableCards>
      )}
    </FilteredLog>
  );
}
