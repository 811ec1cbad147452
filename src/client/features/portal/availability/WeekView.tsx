import {
  Badge,
  Box,
  Button,
  chakra,
  Flex,
  HStack,
  Icon,
  IconButton,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { LuChevronLeft, LuChevronRight, LuRepeat, LuUserRound } from "react-icons/lu";
import type { AppointmentView } from "../../../../shared/schemas/appointments";
import { toZoned } from "../../../../shared/time";
import { clockTime, timesInLabel } from "../../../ui/format";
import { SectionCard } from "../../../ui/SectionCard";
import { appointmentStatusStyle } from "../../appointments";
import { type AvailabilityBlock, blockTypeStyle } from "./blocks";
import { blockOnDate, type DayOccurrence, dayHeading, weekDates, weekRangeLabel } from "./week";

type DayEntry =
  | { kind: "block"; key: string; start: number; block: AvailabilityBlock; occurrence: DayOccurrence }
  | { kind: "appointment"; key: string; start: number; appointment: AppointmentView };

function entriesFor(
  date: string,
  timeZone: string,
  blocks: AvailabilityBlock[],
  appointments: AppointmentView[],
): DayEntry[] {
  const entries: DayEntry[] = [];
  for (const block of blocks) {
    blockOnDate(block, date, timeZone).forEach((occurrence, i) => {
      entries.push({ kind: "block", key: `b${block.id}-${i}`, start: occurrence.start, block, occurrence });
    });
  }
  for (const appointment of appointments) {
    const at = new Date(appointment.scheduledDateTime);
    if (appointment.status !== "cancelled" && toZoned(at, timeZone).date === date) {
      entries.push({ kind: "appointment", key: `a${appointment.id}`, start: at.getTime(), appointment });
    }
  }
  return entries.sort((a, b) => a.start - b.start);
}

/** A day's entry: a small card with a coloured left edge (the block's type or the appointment's status). */
const CHIP = { px: "2", py: "1.5", borderRadius: "md", minW: "0" } as const;

function BlockChip({
  block,
  occurrence,
  timeZone,
  onEdit,
}: {
  block: AvailabilityBlock;
  occurrence: DayOccurrence;
  timeZone: string;
  onEdit: (block: AvailabilityBlock) => void;
}) {
  const style = blockTypeStyle(block.blockType);
  const allDay = occurrence.continuesFromBefore && occurrence.continuesAfter;
  const from = occurrence.continuesFromBefore ? "…" : clockTime(occurrence.start, timeZone);
  const to = occurrence.continuesAfter ? "…" : clockTime(occurrence.end, timeZone);
  return (
    <chakra.button
      type="button"
      onClick={() => onEdit(block)}
      aria-label={`Blocked: ${block.title}, ${allDay ? "all day" : `${from} to ${to}`}${block.isRecurring ? ", every week" : ""}. Edit`}
      {...CHIP}
      textAlign="start"
      w="full"
      bg={`${style.palette}.50`}
      borderLeftWidth="3px"
      borderColor={`${style.palette}.400`}
      _hover={{ bg: `${style.palette}.100` }}
      cursor="pointer"
    >
      <Text fontSize="xs" color={`${style.palette}.800`} fontWeight="semibold" lineClamp={2}>
        {block.title}
      </Text>
      <HStack gap="1" fontSize="2xs" color="fg.muted">
        <Text>{allDay ? "All day" : `${from} – ${to}`}</Text>
        {block.isRecurring ? (
          <Icon boxSize="2.5" aria-hidden>
            <LuRepeat />
          </Icon>
        ) : null}
      </HStack>
    </chakra.button>
  );
}

function AppointmentChip({ appointment, timeZone }: { appointment: AppointmentView; timeZone: string }) {
  const style = appointmentStatusStyle(appointment.status);
  return (
    <Box
      {...CHIP}
      bg="white"
      borderWidth="1px"
      borderColor={`${style.palette}.200`}
      borderLeftWidth="3px"
      borderLeftColor={`${style.palette}.500`}
    >
      <HStack gap="1" fontSize="xs" fontWeight="semibold" color="ink" minW="0">
        <Icon boxSize="3" color={`${style.palette}.600`} aria-hidden flexShrink={0}>
          <LuUserRound />
        </Icon>
        <Text truncate>{appointment.customerName}</Text>
      </HStack>
      <Text fontSize="2xs" color="fg.muted" lineClamp={2}>
        {clockTime(new Date(appointment.scheduledDateTime), timeZone)} · {appointment.appointmentType}
        {appointment.status === "scheduled" ? "" : ` · ${style.label}`}
      </Text>
    </Box>
  );
}

/**
 * Seven days in the salesperson's zone with their blocks and appointments; columns on wide screens, a list of
 * days on phones. Clicking a block edits it.
 */
export function WeekView({
  monday,
  today,
  timeZone,
  blocks,
  appointments,
  onWeekChange,
  onEditBlock,
  onBlockDay,
}: {
  monday: string;
  today: string;
  timeZone: string;
  blocks: AvailabilityBlock[];
  appointments: AppointmentView[];
  onWeekChange: (direction: -1 | 0 | 1) => void;
  onEditBlock: (block: AvailabilityBlock) => void;
  onBlockDay: (date: string) => void;
}) {
  const dates = weekDates(monday);
  const isCurrentWeek = dates.includes(today);
  return (
    <SectionCard
      title={<chakra.span aria-live="polite">{weekRangeLabel(monday)}</chakra.span>}
      label="Week view"
      description={timesInLabel(timeZone)}
      size="sm"
      headingSize="md"
      actions={
        <HStack gap="1">
          <IconButton aria-label="Previous week" variant="outline" size="sm" onClick={() => onWeekChange(-1)}>
            <LuChevronLeft />
          </IconButton>
          <Button variant="outline" size="sm" onClick={() => onWeekChange(0)} disabled={isCurrentWeek}>
            This week
          </Button>
          <IconButton aria-label="Next week" variant="outline" size="sm" onClick={() => onWeekChange(1)}>
            <LuChevronRight />
          </IconButton>
        </HStack>
      }
    >
      <SimpleGrid columns={{ base: 1, md: 7 }} gap={{ base: "2", md: "2" }}>
        {dates.map((date) => {
          const heading = dayHeading(date);
          const entries = entriesFor(date, timeZone, blocks, appointments);
          const isToday = date === today;
          const past = date < today;
          return (
            <Flex
              key={date}
              role="group"
              aria-label={heading.long}
              direction={{ base: "row", md: "column" }}
              gap="2"
              p="2"
              minH={{ md: "44" }}
              borderRadius="lg"
              borderWidth="1px"
              borderColor={isToday ? "blue.300" : "border.muted"}
              bg={isToday ? "blue.50/40" : past ? "gray.50" : "white"}
              minW="0"
            >
              <Flex
                direction={{ base: "column", md: "row" }}
                align={{ base: "center", md: "baseline" }}
                justify={{ md: "space-between" }}
                w={{ base: "12", md: "auto" }}
                flexShrink={0}
                gap={{ md: "1" }}
              >
                <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
                  {heading.weekday}
                </Text>
                <HStack gap="1">
                  {isToday ? (
                    <Badge colorPalette="blue" size="xs" hideBelow="md" variant="solid">
                      Today
                    </Badge>
                  ) : null}
                  <Text fontSize="lg" fontWeight="bold" color={isToday ? "blue.700" : "ink"} lineHeight="1.2">
                    {heading.day}
                  </Text>
                </HStack>
              </Flex>
              <Stack gap="1.5" flex="1" minW="0">
                {entries.length === 0 ? (
                  past ? (
                    <Text fontSize="xs" color="fg.subtle" py="1">
                      —
                    </Text>
                  ) : (
                    <Button
                      variant="ghost"
                      size="xs"
                      color="fg.muted"
                      justifyContent={{ base: "flex-start", md: "center" }}
                      onClick={() => onBlockDay(date)}
                      aria-label={`Block time on ${heading.long}`}
                    >
                      Open · block time
                    </Button>
                  )
                ) : (
                  entries.map((entry) =>
                    entry.kind === "block" ? (
                      <BlockChip
                        key={entry.key}
                        block={entry.block}
                        occurrence={entry.occurrence}
                        timeZone={timeZone}
                        onEdit={onEditBlock}
                      />
                    ) : (
                      <AppointmentChip key={entry.key} appointment={entry.appointment} timeZone={timeZone} />
                    ),
                  )
                )}
              </Stack>
            </Flex>
          );
        })}
      </SimpleGrid>
    </SectionCard>
  );
}
