// The salesperson's own working hours (docs/product/booking.md#opening-hours): per weekday either off or a
// window in half-hour steps, shown beside the dealership's hours they sit within. Buyers can book only where
// both allow; "Use the dealership's hours" clears the salesperson's own.

import { Box, Button, Fieldset, Flex, HStack, NativeSelect, Stack, Switch, Text } from "@chakra-ui/react";
import { fieldsetSlotRecipe, switchSlotRecipe } from "@chakra-ui/react/theme";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import {
  type DayHours,
  type DealershipHours,
  dayHours,
  describeDayHours,
  WEEKDAYS,
  type Weekday,
} from "../../../../shared/schemas/dealershipHours";
import { SLOT_MINUTES } from "../../../../shared/slots";
import { trpc } from "../../../trpc";
import { showFailure } from "../../../ui/failureToast";
import { SectionCard } from "../../../ui/SectionCard";
import { showToast } from "../../../ui/toaster";
import { portalQueries } from "../queries";

type DayDraft = { off: boolean; open: string; close: string };
type Draft = Record<Weekday, DayDraft>;

const pad = (n: number) => String(n).padStart(2, "0");

/** 00:00, 00:30, ... 23:30: the times a day can start or end at. */
const HALF_HOURS: readonly string[] = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => {
  const minutes = i * SLOT_MINUTES;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});

const dayName = (day: Weekday) => `${day[0]!.toUpperCase()}${day.slice(1)}`;

/** The form's starting point: the salesperson's own hours, else the dealership's, else 09:00–18:00. */
function draftOf(own: DealershipHours | null, dealership: DealershipHours | null): Draft {
  const base = own ?? dealership;
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const stated = base?.[day];
      return [
        day,
        stated ? { off: false, ...stated } : { off: base !== null, open: "09:00", close: "18:00" },
      ];
    }),
  ) as Draft;
}

function hoursOf(draft: Draft): DealershipHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const d = draft[day];
      return [day, d.off ? null : { open: d.open, close: d.close }];
    }),
  ) as DealershipHours;
}

/** The shared rule for one day (close after open), as its message, or null when the day is fine. */
function dayProblem(d: DayDraft): string | null {
  if (d.off) return null;
  const checked = dayHours.safeParse({ open: d.open, close: d.close });
  return checked.success ? null : (checked.error.issues[0]?.message ?? "Check these times");
}

/** Where a day's own window reaches outside the dealership's: buyers can book only the part inside. */
function outsideDealership(d: DayDraft, dealership: DayHours | undefined): string | null {
  if (d.off || dealership === undefined) return null;
  if (dealership === null) return "The dealership is closed this day, so buyers can't book it.";
  if (d.open < dealership.open || d.close > dealership.close)
    return `Buyers can book only within the dealership's ${describeDayHours(dealership)}.`;
  return null;
}

function TimeSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  // A time saved off the half-hour grid (through the API) stays choosable.
  const options = HALF_HOURS.includes(value) ? HALF_HOURS : [...HALF_HOURS, value].sort();
  return (
    <Stack gap="1" flex="1" minW="6.5rem" maxW={{ sm: "9rem" }}>
      <Text asChild fontSize="xs" color="fg.muted" fontWeight="medium">
        <label htmlFor={id}>{label}</label>
      </Text>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

function DayRow({
  day,
  draft,
  dealership,
  showErrors,
  onChange,
}: {
  day: Weekday;
  draft: DayDraft;
  /** The dealership's hours that day; undefined when the dealership states none. */
  dealership: DayHours | undefined;
  showErrors: boolean;
  onChange: (change: Partial<DayDraft>) => void;
}) {
  const name = dayName(day);
  const problem = showErrors ? dayProblem(draft) : null;
  const outside = outsideDealership(draft, dealership);
  return (
    <Fieldset.Root
      recipe={fieldsetSlotRecipe}
      invalid={problem !== null}
      borderTopWidth="1px"
      borderColor="border.muted"
      pt="3"
      data-testid={`working-hours-${day}`}
    >
      <Flex gap={{ base: "2", md: "4" }} align={{ base: "stretch", md: "center" }} wrap="wrap">
        <Stack gap="0.5" w={{ base: "full", md: "11rem" }} flexShrink={0}>
          <Fieldset.Legend fontWeight="semibold" color="ink" fontSize="sm">
            {name}
          </Fieldset.Legend>
          <Text fontSize="xs" color="fg.muted">
            {dealership === undefined ? "No dealership hours" : `Dealership: ${describeDayHours(dealership)}`}
          </Text>
        </Stack>
        <HStack gap="3" align="flex-end" flex="1" minW="0" wrap="wrap">
          <Switch.Root
            recipe={switchSlotRecipe}
            size="sm"
            colorPalette="blue"
            checked={draft.off}
            onCheckedChange={(e) => onChange({ off: e.checked })}
            pb="1.5"
            minW="4.5rem"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label fontSize="sm">Off</Switch.Label>
          </Switch.Root>
          {draft.off ? (
            <Text fontSize="sm" color="fg.muted" pb="1.5">
              Not working
            </Text>
          ) : (
            <HStack gap="2" flex="1" minW="0" align="flex-end">
              <TimeSelect label="From" value={draft.open} onChange={(open) => onChange({ open })} />
              <TimeSelect label="Until" value={draft.close} onChange={(close) => onChange({ close })} />
            </HStack>
          )}
        </HStack>
      </Flex>
      {problem ? (
        <Fieldset.ErrorText mt="1">{problem}</Fieldset.ErrorText>
      ) : outside ? (
        <Text fontSize="xs" color="orange.fg" mt="1">
          {outside}
        </Text>
      ) : null}
    </Fieldset.Root>
  );
}

/** The "Working hours" card of the Availability tab, for the salesperson (or their manager). */
export function WorkingHoursCard({ salespersonId }: { salespersonId: number }) {
  const { data: saved } = useSuspenseQuery(portalQueries.workingHours(salespersonId));
  const save = trpc.availability.setWorkingHours.useMutation();
  const [draft, setDraft] = useState(() => draftOf(saved.hours, saved.dealershipHours));
  const [showErrors, setShowErrors] = useState(false);
  const ownHours = saved.hours !== null;
  const setDay = (day: Weekday, change: Partial<DayDraft>) =>
    setDraft((d) => ({ ...d, [day]: { ...d[day], ...change } }));

  const store = async (hours: DealershipHours | null) => {
    try {
      const result = await save.mutateAsync({ id: salespersonId, hours });
      setDraft(draftOf(result.hours, result.dealershipHours));
      setShowErrors(false);
      showToast({
        title: hours ? "Working hours saved" : "Using the dealership's hours",
        description: hours
          ? "Buyers can book you only within these hours. Visits already booked stay booked."
          : "Buyers can book you whenever the dealership is open.",
        variant: "success",
      });
    } catch (error) {
      showFailure("Working hours not saved", error);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (WEEKDAYS.some((day) => dayProblem(draft[day]) !== null)) {
      setShowErrors(true);
      return;
    }
    void store(hoursOf(draft));
  };

  return (
    <SectionCard
      title="Working hours"
      description={
        ownHours
          ? "Your own hours by weekday. Buyers can book you only where these and the dealership's hours overlap."
          : saved.dealershipHours
            ? "You follow the dealership's opening hours. Set your own below if you work fewer hours."
            : "You haven't set working hours, so buyers can book any slot. Set your own below."
      }
    >
      <Stack as="form" onSubmit={submit} gap="3" aria-label="Working hours">
        <Box>
          {WEEKDAYS.map((day) => (
            <DayRow
              key={day}
              day={day}
              draft={draft[day]}
              dealership={saved.dealershipHours ? saved.dealershipHours[day] : undefined}
              showErrors={showErrors}
              onChange={(change) => setDay(day, change)}
            />
          ))}
        </Box>
        <Flex
          gap="3"
          justify="flex-end"
          direction={{ base: "column-reverse", sm: "row" }}
          borderTopWidth="1px"
          borderColor="border.muted"
          pt="4"
        >
          {ownHours ? (
            <Button
              type="button"
              variant="outline"
              disabled={save.isPending}
              onClick={() => void store(null)}
            >
              {saved.dealershipHours ? "Use the dealership's hours" : "Clear working hours"}
            </Button>
          ) : null}
          <Button type="submit" colorPalette="blue" loading={save.isPending} loadingText="Saving...">
            Save working hours
          </Button>
        </Flex>
      </Stack>
    </SectionCard>
  );
}
