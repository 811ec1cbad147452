// One day's half-hour slots as a grid of buttons, with what each look means; used by every slot choice.
import { Box, type BoxProps, Button, HStack, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { type ReactNode, useId } from "react";
import { LuTriangleAlert } from "react-icons/lu";
import type { DaySlots } from "../../../shared/schemas/appointments";
import { SLOT_TIMES } from "../../../shared/slots";
import { formatCalendarDate } from "../../ui/format";

type SlotState = DaySlots["slots"][number]["state"];

const SR_SUFFIX: Record<Exclude<SlotState, "available">, string> = {
  booked: " (booked)",
  blocked: " (unavailable)",
  past: " (past)",
  "too-soon": " (too soon)",
  full: " (day full)",
};

const TITLE: Record<SlotState, string> = {
  available: "Available",
  booked: "Booked",
  blocked: "Not available",
  past: "Already passed",
  "too-soon": "Too soon: the salesperson needs more notice",
  full: "The salesperson's day is full",
};

/** The legend's swatches, in the order the grid's looks are explained. */
const LEGEND: { label: string; swatch: ReactNode }[] = [
  { label: "Open", swatch: <Swatch bg="bg.panel" borderColor="border.emphasized" /> },
  { label: "Selected", swatch: <Swatch bg="blue.solid" borderColor="blue.solid" /> },
  {
    label: "Booked",
    swatch: (
      <Text as="span" textDecoration="line-through" color="fg.muted">
        9:00
      </Text>
    ),
  },
  { label: "Unavailable", swatch: <Swatch bg="bg.muted" borderColor="bg.muted" /> },
];

function Swatch(props: BoxProps) {
  return <Box boxSize="3" borderRadius="sm" borderWidth="1px" flexShrink={0} {...props} />;
}

function SlotLegend() {
  return (
    <HStack gap="4" flexWrap="wrap" fontSize="xs" color="fg.muted" aria-hidden>
      {LEGEND.map(({ label, swatch }) => (
        <HStack key={label} gap="1.5">
          {swatch}
          <Text>{label}</Text>
        </HStack>
      ))}
    </HStack>
  );
}

/** Why a day lists no times: closed all day, or no visit fits its hours. */
function closedDayMessage(day: DaySlots): string {
  const date = formatCalendarDate(day.date, "long");
  if (day.closed === "dealership") return `The dealership is closed on ${date}. Please pick another day.`;
  if (day.closed === "salesperson")
    return `The salesperson is not working on ${date}. Please pick another day.`;
  return `No visit fits the opening hours on ${date}. Please pick another day.`;
}

/**
 * The half-hour slots of one day that lie within its opening hours, in 12-hour format (a closed day says so).
 * Open slots can be picked; Booked ones are struck through, and blocked or past ones greyed out, all disabled.
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
      {day && day.slots.length === 0 ? (
        <Text layerStyle="hint" borderRadius="lg" px="4" py="6" textAlign="center" role="status">
          {closedDayMessage(day)}
        </Text>
      ) : emptyMessage && !day ? (
        <Text layerStyle="hint" borderRadius="lg" px="4" py="6" textAlign="center">
          {emptyMessage}
        </Text>
      ) : isError && !day ? (
        <HStack layerStyle="tinted" colorPalette="red" gap="3" p="3" justify="space-between">
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
