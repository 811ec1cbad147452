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
import { useId } from "react";
import { LuChevronLeft, LuChevronRight, LuGlobe, LuTriangleAlert } from "react-icons/lu";
import type { DaySlots } from "../../../shared/schemas/appointments";
import { SLOT_TIMES } from "../../../shared/slots";
import { addDays, todayIn } from "../../../shared/time";
import { trpc } from "../../trpc";
import { formatCalendarDate, timesInLabel } from "./format";

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
export function useDaySlots(salespersonId: number, date: string, enabled = true) {
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

/** Date field with previous/next-day steps, never before today in the salesperson's zone. */
export function AppointmentDateField({
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
export function SlotGrid({
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
