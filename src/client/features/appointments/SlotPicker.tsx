import { Field, HStack, IconButton, Input, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { LuChevronLeft, LuChevronRight, LuGlobe } from "react-icons/lu";
import { type AppointmentType, knownType } from "../../../shared/bookingRules";
import type { DaySlots } from "../../../shared/schemas/appointments";
import { addDays, todayIn } from "../../../shared/time";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { appointmentWhen, timesInLabel } from "../../ui/format";
import { showToast } from "../../ui/toaster";
import { isSlotUnavailable } from "./format";
import { SlotGrid } from "./SlotGrid";

/** The salesperson's zone: known already (profile, card), or read from today's slots when it isn't. */
export function useSalespersonZone(salespersonId: number, knownZone: string | undefined, enabled = true) {
  const today = trpc.appointments.availableToday.useQuery(
    { id: salespersonId },
    { enabled: enabled && !knownZone },
  );
  return { timeZone: knownZone ?? today.data?.timeZone, isError: !knownZone && today.isError };
}

/**
 * One salesperson's slots on a local date within its opening hours, for a visit of `appointmentType` (its
 * length decides which times fit), as the server sees them right now.
 */
function useDaySlots(salespersonId: number, date: string, appointmentType?: AppointmentType, enabled = true) {
  return trpc.appointments.daySlots.useQuery(
    { id: salespersonId, date, ...(appointmentType ? { appointmentType } : {}) },
    { enabled: enabled && date.length === 10 },
  );
}

/** Whether a day has no open slot but some that could still free up (booked, blocked or a full day, not past). */
export function dayIsFull(day: DaySlots | undefined): boolean {
  if (!day) return false;
  return (
    !day.slots.some((s) => s.state === "available") &&
    day.slots.some((s) => s.state === "booked" || s.state === "blocked" || s.state === "full")
  );
}

export const MISSING_INFORMATION = {
  title: "Missing Information",
  description: "Please fill in all required fields.",
} as const;

/** A day, and perhaps a time on it, picked before the form opens (e.g. from 'Available Today' on a card). */
export type SlotHint = { date?: string; time?: string };

/**
 * The date and slot a booking or a move is heading for, in the salesperson's zone: never before today, and
 * a picked slot that has since been taken (refetch after a conflict, another tab) is dropped.
 */
export function useSlotChoice({
  salespersonId,
  timeZone,
  initial,
  appointmentType,
}: {
  salespersonId: number;
  timeZone: string;
  initial?: SlotHint;
  /** The kind of visit, once chosen: the grid then offers only the times a visit that long fits. */
  appointmentType?: string;
}) {
  const today = todayIn(timeZone);
  const [date, setDate] = useState(initial?.date && initial.date >= today ? initial.date : today);
  const [time, setTime] = useState<string | null>(initial?.time ?? null);
  const dateUsable = date.length === 10 && date >= today;
  const day = useDaySlots(
    salespersonId,
    date,
    appointmentType ? knownType(appointmentType) : undefined,
    dateUsable,
  );

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
      showFailure(failure.title, error, failure.fallback);
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
