// Security events, newest first: the caller's own, or (administrators) every account's with an e-mail filter.
// Filters for risk, type and dates, paging, and the stated rules that give each event its risk level.
import { Box, Flex, List, Table, Text } from "@chakra-ui/react";
import { LuShieldCheck } from "react-icons/lu";
import type { SecurityEventView } from "../../../shared/schemas/security";
import { RISK_LEVELS, RISK_RULES, type RiskLevel, SECURITY_EVENT_LABELS } from "../../../shared/security";
import { trpc } from "../../trpc";
import { PhoneCard, PhoneCardList } from "../../ui/CardList";
import { type FilterChoice, FilterChoices } from "../../ui/FilterChoice";
import { FilteredLog, useLogFilters } from "../../ui/FilteredLog";
import { DateRangeFields, FilterSearch } from "../../ui/filters";
import { SkeletonRows } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { formatDateTime, RISK_LABELS } from "./format";
import { RiskBadge } from "./RiskBadge";

const PAGE_SIZE = 20;

const EVENT_TYPE_OPTIONS = Object.entries(SECURITY_EVENT_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

const ADMIN_COLUMNS = ["Time", "Event", "Risk", "Account", "IP address", "Details"];
/** Everyone else sees only their own events, so without the account column. */
const OWN_COLUMNS = ADMIN_COLUMNS.filter((column) => column !== "Account");

function EventTable({ items, isAdmin }: { items: SecurityEventView[]; isAdmin: boolean }) {
  return (
    <Box hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden">
      <Table.Root size="sm" bg="white">
        <Table.Header>
          <Table.Row bg="gray.50">
            {(isAdmin ? ADMIN_COLUMNS : OWN_COLUMNS).map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((event) => (
            <Table.Row key={event.id}>
              <Table.Cell whiteSpace="nowrap" color="fg.muted">
                {formatDateTime(event.createdAt)}
              </Table.Cell>
              <Table.Cell fontWeight="medium" color="ink">
                {event.label}
              </Table.Cell>
              <Table.Cell>
                <RiskBadge level={event.riskLevel} />
              </Table.Cell>
              {isAdmin ? (
                <Table.Cell wordBreak="break-all" maxW="56">
                  {event.userEmail ?? (event.userId ? "Deleted account" : "No account")}
                </Table.Cell>
              ) : null}
              <Table.Cell whiteSpace="nowrap" fontFamily="mono" fontSize="xs">
                {event.ipAddress ?? "—"}
              </Table.Cell>
              <Table.Cell color="fg.muted" overflowWrap="anywhere" maxW="xs">
                {event.details ?? "—"}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Phones: one card per event instead of the table. */
function EventCards({ items, isAdmin }: { items: SecurityEventView[]; isAdmin: boolean }) {
  return (
    <PhoneCardList label="Security events" gap="2">
      {items.map((event) => (
        <PhoneCard key={event.id} gap="1.5" p="3.5">
          <Flex justify="space-between" align="flex-start" gap="3">
            <Text fontWeight="medium" color="ink" fontSize="sm">
              {event.label}
            </Text>
            <RiskBadge level={event.riskLevel} />
          </Flex>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(event.createdAt)} · {event.ipAddress ?? "no address"}
          </Text>
          {isAdmin ? (
            <Text fontSize="xs" color="fg" wordBreak="break-all">
              {event.userEmail ?? (event.userId ? "Deleted account" : "No account")}
            </Text>
          ) : null}
          {event.details ? (
            <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
              {event.details}
            </Text>
          ) : null}
        </PhoneCard>
      ))}
    </PhoneCardList>
  );
}

function RiskRules() {
  return (
    <SectionCard
      title="How risk is assessed"
      size="sm"
      description="Each event gets a level when it happens, by these rules."
    >
      <Flex gap="1.5" wrap="wrap">
        {RISK_LEVELS.map((level) => (
          <RiskBadge key={level} level={level} />
        ))}
      </Flex>
      <List.Root gap="2" ps="4" fontSize="sm" color="fg">
        {RISK_RULES.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List.Root>
    </SectionCard>
  );
}

const NO_FILTERS = { riskLevel: "", eventType: "", from: "", to: "" };

/** The two choice filters: each one's field, label, "all" choice and options. */
const SELECTS: FilterChoice<"riskLevel" | "eventType">[] = [
  {
    name: "riskLevel",
    label: "Risk level",
    all: "All levels",
    options: RISK_LEVELS.map((level) => ({ value: level, label: RISK_LABELS[level] })),
  },
  { name: "eventType", label: "Event type", all: "All events", options: EVENT_TYPE_OPTIONS },
];

export function EventsTab({ isAdmin }: { isAdmin: boolean }) {
  const log = useLogFilters(NO_FILTERS);
  const { filters, set } = log;
  const email = log.search.search;
  const events = trpc.security.events.useQuery(
    {
      riskLevel: (filters.riskLevel || undefined) as RiskLevel | undefined,
      eventType: filters.eventType || undefined,
      email: isAdmin && email ? email : undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      page: log.page,
      pageSize: PAGE_SIZE,
    },
    { placeholderData: (previous) => previous, enabled: !log.badRange },
  );

  return (
    <FilteredLog
      title="Security Events"
      description={
        isAdmin
          ? "Sign-ins, second-factor checks, refused requests and security changes across every account, newest first."
          : "Sign-ins, second-factor checks and security changes on your account, newest first."
      }
      filterLabel="Filter security events"
      fieldColumns={{ base: "repeat(2, minmax(0, 1fr))", lg: `repeat(${isAdmin ? 5 : 4}, minmax(0, 1fr))` }}
      fields={
        <>
          <FilterChoices choices={SELECTS} values={filters} set={set} />
          <DateRangeFields from={filters.from} to={filters.to} onFrom={set("from")} onTo={set("to")} />
          {isAdmin ? <FilterSearch label="Account email" search={log.search} span /> : null}
        </>
      }
      state={log}
      query={events}
      noun="event"
      countNote=" · dates in UTC"
      pageSize={PAGE_SIZE}
      keepDataOnError
      loading={<SkeletonRows label="Loading security events" h="12" />}
      error="We couldn't load security events"
      empty={{
        icon: LuShieldCheck,
        title: ["No security events yet", "No events match these filters"],
        description: ["Sign-ins and security changes appear here.", "Widen the dates or clear a filter."],
      }}
      aside={<RiskRules />}
    >
      {(data) => (
        <>
          <EventTable items={data.items} isAdmin={isAdmin} />
          <EventCards items={data.items} isAdmin={isAdmin} />
        </>
      )}
    </FilteredLog>
  );
}
