// The salesperson's booking rules (docs/product/booking.md#booking-rules): how long each kind of visit takes,
// the notice they need, the gap they keep after visits and how many visits a day they take. The slot grids
// buyers see and the server's refusals follow them; visits already booked keep the length they were booked with.
import { Button, Fieldset, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { fieldsetSlotRecipe } from "@chakra-ui/react/theme";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  type BookingRules,
  BUFFER_MINUTES,
  DAILY_CAP_MAX,
  lengthLabel,
  NOTICE_HOURS,
  VISIT_LENGTHS,
} from "../../../../shared/bookingRules";
import { APPOINTMENT_TYPES } from "../../../../shared/constants";
import { trpc } from "../../../trpc";
import { showFailure } from "../../../ui/failureToast";
import { SelectField } from "../../../ui/form";
import { SectionCard } from "../../../ui/SectionCard";
import { showToast } from "../../../ui/toaster";
import { portalQueries } from "../queries";

const noticeLabel = (hours: number) =>
  hours === 0
    ? "None: any time still ahead"
    : hours % 24 === 0
      ? `${hours / 24} day${hours === 24 ? "" : "s"}`
      : `${hours} hour${hours === 1 ? "" : "s"}`;
const bufferLabel = (minutes: number) => (minutes === 0 ? "None" : lengthLabel(minutes));
const CAPS = Array.from({ length: DAILY_CAP_MAX }, (_, i) => i + 1);

/** The "Booking rules" card of the Availability tab, for the salesperson (or their manager). */
export function BookingRulesCard({ salespersonId }: { salespersonId: number }) {
  const { data: saved } = useSuspenseQuery(portalQueries.bookingRules(salespersonId));
  const [draft, setDraft] = useState<BookingRules>(saved.rules);
  const save = trpc.availability.setBookingRules.useMutation({
    onSuccess: (result, input) => {
      setDraft(result.rules);
      showToast({
        title: input.rules ? "Booking rules saved" : "Using the default rules",
        description:
          "Buyers see and can book only the times these rules allow. Booked visits stay as they are.",
        variant: "success",
      });
    },
    onError: (error) => showFailure("We couldn't save your booking rules", error),
  });
  const set = (change: Partial<BookingRules>) => setDraft((d) => ({ ...d, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: salespersonId, rules: draft });
  };

  return (
    <SectionCard
      title="Booking rules"
      description="How long each kind of visit takes, how much notice you need, the gap you keep between visits and how many visits a day you take."
    >
      <Stack as="form" gap="5" aria-label="Booking rules" onSubmit={submit}>
        <Fieldset.Root recipe={fieldsetSlotRecipe}>
          <Fieldset.Legend fontWeight="semibold" color="ink" fontSize="sm">
            Visit lengths
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" mt="2">
            {APPOINTMENT_TYPES.map((type) => (
              <SelectField
                key={type}
                label={type}
                value={String(draft.visitMinutes[type])}
                options={VISIT_LENGTHS.map((m) => ({ value: String(m), label: lengthLabel(m) }))}
                size="sm"
                onChange={(e) =>
                  set({
                    visitMinutes: {
                      ...draft.visitMinutes,
                      [type]: Number(e.currentTarget.value) as BookingRules["visitMinutes"][typeof type],
                    },
                  })
                }
              />
            ))}
          </SimpleGrid>
        </Fieldset.Root>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <SelectField
            label="Minimum notice"
            value={String(draft.minNoticeHours)}
            options={NOTICE_HOURS.map((h) => ({ value: String(h), label: noticeLabel(h) }))}
            size="sm"
            onChange={(e) =>
              set({ minNoticeHours: Number(e.currentTarget.value) as BookingRules["minNoticeHours"] })
            }
          />
          <SelectField
            label="Gap after each visit"
            value={String(draft.bufferMinutes)}
            options={BUFFER_MINUTES.map((m) => ({ value: String(m), label: bufferLabel(m) }))}
            size="sm"
            onChange={(e) =>
              set({ bufferMinutes: Number(e.currentTarget.value) as BookingRules["bufferMinutes"] })
            }
          />
          <SelectField
            label="Visits a day"
            value={draft.dailyCap === null ? "" : String(draft.dailyCap)}
            emptyLabel="No limit"
            options={CAPS.map((n) => ({ value: String(n), label: `At most ${n}` }))}
            size="sm"
            onChange={(e) => {
              const value = e.currentTarget.value;
              set({ dailyCap: value === "" ? null : Number(value) });
            }}
          />
        </SimpleGrid>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="blue" loading={save.isPending}>
            Save booking rules
          </Button>
          {saved.custom ? (
            <Button
              variant="ghost"
              disabled={save.isPending}
              onClick={() => save.mutate({ id: salespersonId, rules: null })}
            >
              Use the defaults
            </Button>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Until you save your own, every visit takes 30 minutes with no other limit.
            </Text>
          )}
        </HStack>
      </Stack>
    </SectionCard>
  );
}
