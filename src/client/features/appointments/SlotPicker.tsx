import {
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { LuChevronLeft, LuChevronRight, LuGlobe, LuTriangleAlert } from "react-icons/lu";
import type { DaySlots } from "../../../shared/schemas/appointments";
import { SLOT_TIMES } from "../../../shared/slots";
import { addDays, todayIn } from "../../../shared/time";
import { apiErrorMessage, trpc } from "../../trpc";
import { appointmentWhen, formatCalendarDate, timesInLabel } from "../../ui/format";
import { showToast } from "../../ui/toaster";
import { isSlotUnavailable } from "./format";

type SlotState = DaySlots["slots"][number]["state"];

/** The salesperson's zone: known already (profile, card), or read from today's slots when it isn't. */
export function useSalespersonZone(salespersonId: number, knownZone: string | undefined, enabled = true) {
  const today = trpc.appointments.availableToday.useQuery(
    { id: salespersonId },
    { enabled: enabled && !knownZone },
  );
  return { timeZone: knownZone ?? today.data?.timeZone, isError: !knownZone && today.isError };
}

/** One salesperson's 25 slots on a local date, as the server sees them right now. */
function useDaySlots(salespersonId: number, date: string, enabled = true) {
  return trpc.appointments.daySlots.useQuery(
    { id: salespersonId, date },
    { enabled: enabled && date.length === 10, staleTime: 15_000, refetchOnMount: "always" },
  );
}

/** Whether a day has no open slot but some that could still free up (booked or blocked ones, not past). */
export function dayIsFull(day: DaySlots | undefined): boolean {
  if (!day) return false;
  return (
    !day.slots.some((s) => s.state === "available") &&
    day.slots.some((s) => s.state === "booked" || s.state === "blocked")
  );
}

const SR_SUFFIX: Record<Exclude<SlotState, "available">, string> = {
  booked: " (booked)",
  blocked: " (unavailable)",
  past: " (past)",
};

const TITLE: Record<SlotState, string> = {
  available: "Available",
  booked: "Booked",
  blocked: "Not available",
  past: "Already passed",
};

export const MISSING_INFORMATION = {
  title: "Missing Information",
  description: "Please fill in all required fields.",
} as const;

/**
 * The date and slot a booking or a move is heading for, in the salesperson's zone: never before today, and
 * a picked slot that has since been taken (refetch after a conflict, another tab) is dropped.
 */
export function useSlotChoice({
  salespersonId,
  timeZone,
  initialDate,
  initialTime,
}: {
  salespersonId: number;
  timeZone: string;
  initialDate?: string;
  initialTime?: string;
}) {
  const today = todayIn(timeZone);
  const [date, setDate] = useState(initialDate && initialDate >= today ? initialDate : today);
  const [time, setTime] = useState<string | null>(initialTime ?? null);
  const dateUsable = date.length === 10 && date >= today;
  const day = useDaySlots(salespersonId, date, dateUsable);

  useEffect(() => {
    if (!time || !day.data || day.data.date !== date) return;
    if (day.data.slots.find((s) => s.time === time)?.state !== "available") setTime(null);
  }, [day.data, date, time]);

  const selected = time ? day.data?.slots.find((s) => s.time === time && s.state === "available") : undefined;
  return {
    timeZone,
    date,
    time,
    setTime,
    dateUsable,
    day,
    /** When the picked slot starts, as the dealership's clocks show it. */
    when: selected ? appointmentWhen(selected.startsAt, timeZone) : null,
    changeDate: (next: string) => {
      setDate(next);
      setTime(null);
    },
    /**
     * A failed booking or move: a slot someone else took reads as 'Time Slot Unavailable' and the day is
     * fetched again; anything else is told with `failure`.
     */
    bookingFailed: (error: unknown, failure: { title: string; fallback: string }) => {
      if (isSlotUnavailable(error)) {
        showToast({
          title: "Time Slot Unavailable",
          description: "This time slot is already booked. Please choose a different time.",
          variant: "destructive",
        });
        setTime(null);
        void day.refetch();
        return;
      }
      showToast({
        title: failure.title,
        description: apiErrorMessage(error, failure.fallback),
        variant: "destructive",
      });
    },
  };
}

type SlotChoice = ReturnType<typeof useSlotChoice>;

/** The date field and that day's slot grid, for a choice from `useSlotChoice`. */
export function SlotChoiceFields({ choice, label }: { choice: SlotChoice; label?: string }) {
  const { date, dateUsable, day } = choice;
  return (
    <>
      <AppointmentDateField date={date} onChange={choice.changeDate} timeZone={choice.timeZone} />
      <SlotGrid
        label={label}
        day={dateUsable && day.data?.date === date ? day.data : undefined}
        isLoading={dateUsable && day.isPending}
        isError={day.isError}
        onRetry={() => void day.refetch()}
        emptyMessage={dateUsable ? undefined : "Pick a date from today on to see open times."}
        value={choice.time}
        onChange={choice.setTime}
      />
    </>
  );
}

/** The picked slot beside a dialog's buttons (from small tablets up), e.g. "Thu, Jun 12, 2026 at 2:30 PM CDT". */
export function ChosenSlot({ choice, icon }: { choice: SlotChoice; icon: ReactNode }) {
  const { when } = choice;
  if (!when) return null;
  return (
    <HStack gap="2" me="auto" fontSize="sm" color="fg.muted" hideBelow="sm" minW="0">
      {icon}
      <Text truncate>
        {when.date} at {when.time} {when.zoneAbbr}
      </Text>
    </HStack>
  );
}

/** Date field with previous/next-day steps, never before today in the salesperson's zone. */
function AppointmentDateField({
  date,
  onChange,
  timeZone,
}: {
  date: string;
  onChange: (date: string) => void;
  timeZone: string;
}) {
  const id = useId();
  const today = todayIn(timeZone);
  const tooEarly = date.length === 10 && date < today;
  return (
    <Field.Root required invalid={tooEarly}>
      <Field.Label htmlFor={id}>
        Date <Field.RequiredIndicator />
      </Field.Label>
      <HStack gap="2" width="full">
        <IconButton
          aria-label="Previous day"
          variant="outline"
          size="md"
          disabled={!date || date <= today}
          onClick={() => onChange(addDays(date, -1))}
        >
          <LuChevronLeft />
        </IconButton>
        <Input
          id={id}
          type="date"
          min={today}
          value={date}
          onChange={(e) => onChange(e.currentTarget.value)}
          flex="1"
          minW="0"
        />
        <IconButton
          aria-label="Next day"
          variant="outline"
          size="md"
          disabled={!date}
          onClick={() => onChange(addDays(date < today ? today : date, 1))}
        >
          <LuChevronRight />
        </IconButton>
      </HStack>
      {tooEarly ? (
        <Field.ErrorText>Date cannot be earlier than today.</Field.ErrorText>
      ) : (
        <Field.HelperText display="flex" alignItems="center" gap="1.5">
          <LuGlobe aria-hidden />
          {timesInLabel(timeZone)}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}

function SlotLegend() {
  const swatch = (props: React.ComponentProps<typeof Box>) => (
    <Box boxSize="3" borderRadius="sm" borderWidth="1px" flexShrink={0} {...props} />
  );
  return (
    <HStack gap="4" flexWrap="wrap" fontSize="xs" color="fg.muted" aria-hidden>
      <HStack gap="1.5">
        {swatch({ bg: "bg.panel", borderColor: "border.emphasized" })}
        <Text>Open</Text>
      </HStack>
      <HStack gap="1.5">
        {swatch({ bg: "blue.solid", borderColor: "blue.solid" })}
        <Text>Selected</Text>
      </HStack>
      <HStack gap="1.5">
        <Text as="span" textDecoration="line-through" color="fg.muted">
          9:00
        </Text>
        <Text>Booked</Text>
      </HStack>
      <HStack gap="1.5">
        {swatch({ bg: "bg.muted", borderColor: "bg.muted" })}
        <Text>Unavailable</Text>
      </HStack>
    </HStack>
  );
}

/**
 * The 25 half-hour slots of one day in 12-hour format. Open slots can be picked; Booked ones are struck
 * through, and blocked or past ones greyed out, all disabled.
 */
function SlotGrid({
  day,
  isLoading,
  isError,
  onRetry,
  value,
  onChange,
  label = "Time",
  emptyMessage,
}: {
  /** Shown instead of the grid when there is no day to show (no valid date picked). */
  emptyMessage?: string;
  day: DaySlots | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  value: string | null;
  onChange: (time: string) => void;
  label?: string;
}) {
  const labelId = useId();
  const open = day?.slots.filter((s) => s.state === "available").length ?? 0;
  return (
    <Stack gap="2.5">
      <HStack justify="space-between" align="baseline" gap="3" flexWrap="wrap">
        <Text id={labelId} fontWeight="medium" textStyle="sm">
          {label}{" "}
          <Text as="span" color="fg.error" aria-hidden>
            *
          </Text>
        </Text>
        {day ? (
          <Text fontSize="xs" color="fg.muted" aria-live="polite">
            {formatCalendarDate(day.date, "short")} · {open === 0 ? "no open times" : `${open} open`}
          </Text>
        ) : null}
      </HStack>
      {emptyMessage && !day ? (
        <Text
          fontSize="sm"
          color="fg.muted"
          bg="bg.subtle"
          borderRadius="lg"
          px="4"
          py="6"
          textAlign="center"
        >
          {emptyMessage}
        </Text>
      ) : isError && !day ? (
        <HStack
          gap="3"
          p="3"
          borderWidth="1px"
          borderColor="red.muted"
          bg="red.subtle"
          borderRadius="lg"
          justify="space-between"
        >
          <HStack gap="2" color="red.fg" fontSize="sm">
            <LuTriangleAlert aria-hidden />
            <Text>We couldn't load the open times.</Text>
          </HStack>
          <Button size="xs" variant="outline" bg="bg.panel" onClick={onRetry}>
            Try again
          </Button>
        </HStack>
      ) : (
        <Box
          role="group"
          aria-labelledby={labelId}
          aria-busy={isLoading || undefined}
          display="grid"
          gridTemplateColumns={{ base: "repeat(4, minmax(0, 1fr))", sm: "repeat(5, minmax(0, 1fr))" }}
          gap="2"
        >
          {isLoading || !day
            ? SLOT_TIMES.map((time) => <Skeleton key={time} height="9" borderRadius="md" />)
            : day.slots.map((slot) => {
                const selected = slot.state === "available" && value === slot.time;
                const disabled = slot.state !== "available";
                return (
                  <Button
                    key={slot.time}
                    type="button"
                    size="sm"
                    px="1"
                    fontSize={{ base: "xs", sm: "sm" }}
                    fontVariantNumeric="tabular-nums"
                    variant={selected ? "solid" : "outline"}
                    colorPalette="blue"
                    bg={selected ? undefined : disabled ? "bg.muted" : "bg.panel"}
                    color={
                      selected
                        ? undefined
                        : slot.state === "booked"
                          ? "fg.muted"
                          : disabled
                            ? "fg.subtle"
                            : "fg"
                    }
                    borderColor={selected ? undefined : disabled ? "transparent" : "border.emphasized"}
                    textDecoration={slot.state === "booked" ? "line-through" : undefined}
                    _hover={
                      disabled || selected ? undefined : { bg: "blue.subtle", borderColor: "blue.focusRing" }
                    }
                    _disabled={{ opacity: 1, cursor: "not-allowed" }}
                    disabled={disabled}
                    aria-pressed={disabled ? undefined : selected}
                    title={TITLE[slot.state]}
                    data-slot-state={slot.state}
                    onClick={() => onChange(slot.time)}
                  >
                    {slot.label}
                    {slot.state === "available" ? null : (
                      <VisuallyHidden>{SR_SUFFIX[slot.state]}</VisuallyHidden>
                    )}
                  </Button>
                );
              })}
        </Box>
      )}
      <SlotLegend />
    </Stack>
  );
}
