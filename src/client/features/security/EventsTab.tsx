// Security events, newest first: the caller's own, or (administrators) every account's with an e-mail filter.
// Filters for risk, type and dates, paging, and the stated rules that give each event its risk level.
import { Box, Button, Flex, Grid, Input, List, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuFilterX, LuShieldCheck } from "react-icons/lu";
import type { SecurityEventView } from "../../../shared/schemas/security";
import { RISK_LEVELS, RISK_RULES, type RiskLevel, SECURITY_EVENT_LABELS } from "../../../shared/security";
import { trpc } from "../../trpc";
import { PhoneCard, PhoneCardList } from "../../ui/CardList";
import { DateRangeFields, FilterField, FilterSelect, useDebouncedSearch } from "../../ui/filters";
import { Pager } from "../../ui/Pager";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice, panelNotice, QueryState, SkeletonRows } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { formatDateTime, RISK_LABELS } from "./format";
import { RiskBadge } from "./RiskBadge";

const PAGE_SIZE = 20;

type Filters = { riskLevel: string; eventType: string; from: string; to: string };
const NO_FILTERS: Filters = { riskLevel: "", eventType: "", from: "", to: "" };

const EVENT_TYPE_OPTIONS = Object.entries(SECURITY_EVENT_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

function EventTable({ items, isAdmin }: { items: SecurityEventView[]; isAdmin: boolean }) {
  return (
    <Box hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden">
      <Table.Root size="sm" bg="white">
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Risk</Table.ColumnHeader>
            {isAdmin ? <Table.ColumnHeader>Account</Table.ColumnHeader> : null}
            <Table.ColumnHeader>IP address</Table.ColumnHeader>
            <Table.ColumnHeader>Details</Table.ColumnHeader>
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

export function EventsTab({ isAdmin }: { isAdmin: boolean }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const { text: emailText, setText: setEmailText, search: email } = useDebouncedSearch();
  const filterKey = `${JSON.stringify(filters)}|${email}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const badRange = !!filters.from && !!filters.to && filters.from > filters.to;
  const events = trpc.security.events.useQuery(
    {
      riskLevel: (filters.riskLevel || undefined) as RiskLevel | undefined,
      eventType: filters.eventType || undefined,
      email: isAdmin && email ? email : undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      page,
      pageSize: PAGE_SIZE,
    },
    { placeholderData: (previous) => previous, refetchOnMount: "always", enabled: !badRange },
  );
  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) || emailText !== "";
  const total = events.data?.total;

  return (
    <Stack gap="5">
      <PanelHeader
        title="Security Events"
        description={
          isAdmin
            ? "Sign-ins, second-factor checks, refused requests and security changes across every account, newest first."
            : "Sign-ins, second-factor checks and security changes on your account, newest first."
        }
      />
      <Grid
        templateColumns={{ base: "minmax(0, 1fr)", xl: "minmax(0, 1fr) 20rem" }}
        gap="5"
        alignItems="start"
      >
        <Stack gap="4" minW="0">
          <Stack
            as="section"
            aria-label="Filter security events"
            gap="3"
            p="4"
            bg="white"
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="xl"
          >
            <SimpleGrid columns={{ base: 2, lg: isAdmin ? 5 : 4 }} gap="3">
              <FilterField label="Risk level">
                {(id) => (
                  <FilterSelect
                    id={id}
                    value={filters.riskLevel}
                    onChange={set("riskLevel")}
                    all="All levels"
                    options={RISK_LEVELS.map((level) => ({ value: level, label: RISK_LABELS[level] }))}
                  />
                )}
              </FilterField>
              <FilterField label="Event type">
                {(id) => (
                  <FilterSelect
                    id={id}
                    value={filters.eventType}
                    onChange={set("eventType")}
                    all="All events"
                    options={EVENT_TYPE_OPTIONS}
                  />
                )}
              </FilterField>
              <DateRangeFields from={filters.from} to={filters.to} onFrom={set("from")} onTo={set("to")} />
              {isAdmin ? (
                <FilterField label="Account email" span>
                  {(id) => (
                    <Input
                      id={id}
                      size="sm"
                      bg="white"
                      type="search"
                      placeholder="name@example.com"
                      value={emailText}
                      onChange={(e) => setEmailText(e.target.value)}
                    />
                  )}
                </FilterField>
              ) : null}
            </SimpleGrid>
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Text fontSize="sm" color={badRange ? "fg.error" : "fg.muted"} aria-live="polite">
                {badRange
                  ? "The start date must be on or before the end date."
                  : total !== undefined
                    ? `${total.toLocaleString("en-US")} event${total === 1 ? "" : "s"} · dates in UTC`
                    : ""}
              </Text>
              {filtered ? (
                <Button
                  variant="ghost"
                  size="xs"
                  onClick={() => {
                    setFilters(NO_FILTERS);
                    setEmailText("");
                  }}
                >
                  <LuFilterX /> Clear filters
                </Button>
              ) : null}
            </Flex>
          </Stack>
          {badRange ? null : (
            <QueryState
              query={events}
              keepDataOnError
              loading={<SkeletonRows label="Loading security events" h="12" />}
              error={{ title: "We couldn't load security events", titleAs: "h3" }}
              isEmpty={(data) => data.items.length === 0}
              empty={
                <Notice
                  icon={LuShieldCheck}
                  title={filtered ? "No events match these filters" : "No security events yet"}
                  description={
                    filtered
                      ? "Widen the dates or clear a filter."
                      : "Sign-ins and security changes appear here."
                  }
                  {...panelNotice()}
                />
              }
            >
              {(data) => (
                <Stack gap="2" opacity={events.isPlaceholderData ? 0.6 : 1} aria-busy={events.isFetching}>
                  <EventTable items={data.items} isAdmin={isAdmin} />
                  <EventCards items={data.items} isAdmin={isAdmin} />
                </Stack>
              )}
            </QueryState>
          )}
          {events.data && !badRange && events.data.total > PAGE_SIZE ? (
            <Pager
              count={events.data.total}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={(next) => setPaging({ key: filterKey, page: next })}
              siblingCount={1}
              labels={{
                previous: "Previous page of events",
                next: "Next page of events",
                page: (n) => `Page ${n} of events`,
              }}
            />
          ) : null}
        </Stack>
        <RiskRules />
      </Grid>
    </Stack>
  );
}
