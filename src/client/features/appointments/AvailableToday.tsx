import { Button, HStack, Icon, Skeleton, Stack, Text, Wrap } from "@chakra-ui/react";
import { LuClock } from "react-icons/lu";
import type { DaySlots, NextOpen } from "../../../shared/schemas/appointments";
import { availableToday } from "../../../shared/slots";

/** How an open time looks: a small green chip. */
const OPEN_TIME = {
  size: "2xs",
  variant: "subtle",
  colorPalette: "green",
  borderRadius: "full",
  px: "2.5",
  fontVariantNumeric: "tabular-nums",
} as const;

/** "Fri, Dec 5 · 10:00 AM", or "Today · 2:30 PM" when `today` (the salesperson's local date) is its date. */
export function nextOpenLabel(next: NonNullable<NextOpen>, today: string | undefined): string {
  const day =
    next.date === today
      ? "Today"
      : new Intl.DateTimeFormat("en-US", {
          weekday: "short",
          month: "short",
          day: "numeric",
          timeZone: "UTC",
        }).format(new Date(`${next.date}T12:00:00Z`));
  return `${day} · ${next.label}`;
}

/**
 * 'Available Today' on a salesperson card (docs/product/booking.md#available-today): the fixed slots still open today in the
 * salesperson's zone, at most four as small buttons and '+N more'. Picking one opens the dialog on it. With none
 * left today, the next open time (`next`, by the same rules as the booking grid) instead.
 */
export function AvailableToday({
  day,
  next,
  isLoading,
  salespersonName,
  onPick,
}: {
  day: DaySlots | undefined;
  /** The next open time; undefined while unknown. */
  next?: NextOpen | undefined;
  isLoading: boolean;
  salespersonName: string;
  onPick: (time?: string, date?: string) => void;
}) {
  const today = day
    ? availableToday(day.slots.map((s) => ({ ...s, startsAt: new Date(s.startsAt) })))
    : { shown: [], more: 0 };

  return (
    <Stack gap="2" as="section" aria-label={`Available today with ${salespersonName}`}>
      <HStack gap="1.5" color="fg.muted">
        <Icon boxSize="3.5">
          <LuClock />
        </Icon>
        <Text
          fontSize="xs"
          fontWeight="semibold"
          textTransform="uppercase"
          letterSpacing="0.05em"
          color="fg.muted"
        >
          Available Today
        </Text>
      </HStack>
      {isLoading && !day ? (
        <HStack gap="1.5" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="6" width="16" borderRadius="full" />
          ))}
        </HStack>
      ) : today.shown.length === 0 && next ? (
        <HStack gap="2" minH="6">
          <Text fontSize="sm" color="fg.muted">
            Next open
          </Text>
          <Button
            {...OPEN_TIME}
            aria-label={`Book the next open time, ${nextOpenLabel(next, day?.date)}, with ${salespersonName}`}
            onClick={() => onPick(next.time, next.date)}
          >
            {nextOpenLabel(next, day?.date)}
          </Button>
        </HStack>
      ) : today.shown.length === 0 ? (
        <Text fontSize="sm" color="fg.subtle" minH="6" lineHeight="6">
          {!day
            ? "Open times unavailable"
            : next === null
              ? "No open times in the next two weeks"
              : "No times left today"}
        </Text>
      ) : (
        <Wrap gap="1.5">
          {today.shown.map((slot) => (
            <Button
              key={slot.time}
              {...OPEN_TIME}
              aria-label={`Book ${slot.label} today with ${salespersonName}`}
              onClick={() => onPick(slot.time)}
            >
              {slot.label}
            </Button>
          ))}
          {today.more > 0 ? (
            <Button
              size="2xs"
              variant="outline"
              borderRadius="full"
              px="2.5"
              color="fg.muted"
              aria-label={`See ${today.more} more open times today with ${salespersonName}`}
              onClick={() => onPick()}
            >
              +{today.more} more
            </Button>
          ) : null}
        </Wrap>
      )}
    </Stack>
  );
}
