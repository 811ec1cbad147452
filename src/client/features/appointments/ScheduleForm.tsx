// The booking form itself: a slot in the salesperson's zone, the visit type and the buyer's contact details.
import { Button, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuCalendarCheck } from "react-icons/lu";
import { lengthLabel } from "../../../shared/bookingRules";
import { APPOINTMENT_TYPES } from "../../../shared/constants";
import { bookAppointmentInput } from "../../../shared/schemas/appointments";
import type { SessionUser } from "../../../shared/schemas/auth";
import { addDays } from "../../../shared/time";
import { trpc } from "../../trpc";
import { closeWithSuccess, DialogForm, DialogHeading } from "../../ui/dialog";
import { InputField, SelectField, TextareaField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";
import { TextCodeStep, TextOptInChoice, useRequestTextCode, useTextingStatus } from "../texting";
import { type SchedulingTarget, WaitlistOffer, withWhom } from "./SchedulingNotices";
import {
  ChosenSlot,
  dayIsFull,
  MISSING_INFORMATION,
  SlotChoiceFields,
  type SlotHint,
  useSlotChoice,
} from "./SlotPicker";
import { useInvalidateAppointments } from "./useAppointmentCaches";

function draftFor(user: SessionUser) {
  return {
    appointmentType: "",
    customerName: [user.firstName, user.lastName].filter(Boolean).join(" "),
    customerPhone: user.phone ?? "",
    customerEmail: user.email,
    notes: "",
  };
}

export function ScheduleForm({
  salesperson,
  viewer,
  timeZone,
  initial,
  onClose,
}: {
  salesperson: SchedulingTarget;
  viewer: SessionUser;
  timeZone: string;
  initial?: SlotHint;
  onClose: () => void;
}) {
  const form = useFormDraft(() => draftFor(viewer));
  const { draft, bind } = form;
  const choice = useSlotChoice({
    salespersonId: salesperson.id,
    timeZone,
    initial,
    appointmentType: draft.appointmentType,
  });
  const { date, time, dateUsable, day } = choice;
  const [attempted, setAttempted] = useState(false);
  const invalidate = useInvalidateAppointments();
  const texting = useTextingStatus(viewer.role === "customer");
  const [wantsTexts, setWantsTexts] = useState(false);
  /** The number a code was texted to after booking: the dialog then asks for the code. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const requestTextCode = useRequestTextCode();

  const book = trpc.appointments.book.useMutation({
    onSuccess: async () => {
      if (wantsTexts && texting?.available && (await requestTextCode(draft.customerPhone.trim()))) {
        showToast({
          title: "Appointment Scheduled",
          description: `Your appointment with ${salesperson.name} has been scheduled successfully.`,
          variant: "success",
        });
        setCodeSentTo(draft.customerPhone.trim());
        await invalidate();
        return;
      }
      await closeWithSuccess(
        onClose,
        {
          title: "Appointment Scheduled",
          description: `Your appointment with ${salesperson.name} has been scheduled successfully.`,
        },
        invalidate,
      );
    },
    onError: (error) =>
      choice.bookingFailed(error, {
        title: "Scheduling Failed",
        fallback: "Unable to schedule appointment. Please try again.",
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const missing =
      !dateUsable ||
      !time ||
      !draft.appointmentType ||
      draft.customerName.trim() === "" ||
      draft.customerPhone.trim() === "";
    if (missing) {
      showToast({ ...MISSING_INFORMATION, variant: "destructive" });
      return;
    }
    // The server's own schema, checked here first so a typo is pointed at before the round trip.
    const booking = form.check(bookAppointmentInput, {
      salespersonId: salesperson.id,
      date,
      time,
      appointmentType: draft.appointmentType,
      customerName: draft.customerName.trim(),
      customerPhone: draft.customerPhone.trim(),
      customerEmail: draft.customerEmail.trim() || undefined,
      notes: draft.notes.trim() || undefined,
      scheduledDateTime: `${date}T${time}:00`,
    });
    if (booking) book.mutate(booking);
  };

  const fullDay = dayIsFull(day.data);
  const dayOver =
    !!day.data && !fullDay && !day.data.slots.some((s) => s.state === "available") && day.data.date === date;
  const requiredEmpty = (value: string) => attempted && value.trim() === "";

  if (codeSentTo) return <TextCodeStep phone={codeSentTo} onDone={onClose} />;

  return (
    <>
      <DialogHeading title="Schedule an appointment" subtitle={withWhom(salesperson)} />
      <DialogForm
        label={`Schedule an appointment with ${salesperson.name}`}
        onSubmit={submit}
        onCancel={onClose}
        submit={{
          confirmLabel: "Schedule Appointment",
          pendingLabel: "Scheduling...",
          pending: book.isPending,
        }}
        aside={<ChosenSlot choice={choice} icon={<LuCalendarCheck aria-hidden />} />}
      >
        <Stack gap="5">
          <SelectField
            label="Appointment type"
            required
            invalid={attempted && !draft.appointmentType}
            placeholder="Select a type"
            hint={
              draft.appointmentType && day.data
                ? `Takes ${lengthLabel(day.data.visitMinutes)}: the times below fit it.`
                : "Its length decides which times fit."
            }
            options={APPOINTMENT_TYPES.map((type) => ({ value: type, label: type }))}
            {...bind("appointmentType")}
          />
          <SlotChoiceFields choice={choice} />
          {attempted && !time && dateUsable ? (
            <Text fontSize="sm" color="fg.error" mt="-3">
              Choose a time.
            </Text>
          ) : null}
          {fullDay && dateUsable ? <WaitlistOffer salesperson={salesperson} date={date} /> : null}
          {dayOver ? (
            <HStack
              justify="space-between"
              gap="3"
              p="3"
              bg="bg.subtle"
              borderRadius="lg"
              fontSize="sm"
              flexWrap="wrap"
            >
              <Text color="fg.muted">
                {day.data?.slots.length === 0
                  ? "No open times on this day."
                  : "No more open times on this day."}
              </Text>
              <Button
                size="xs"
                variant="outline"
                bg="bg.panel"
                onClick={() => choice.changeDate(addDays(date, 1))}
              >
                Show the next day
              </Button>
            </HStack>
          ) : null}

          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <InputField
              label="Your name"
              required
              invalid={requiredEmpty(draft.customerName)}
              autoComplete="name"
              {...bind("customerName")}
            />
            <InputField
              label="Phone"
              required
              invalid={requiredEmpty(draft.customerPhone)}
              type="tel"
              autoComplete="tel"
              placeholder="(555) 123-4567"
              {...bind("customerPhone")}
            />
          </SimpleGrid>
          <TextOptInChoice
            status={texting}
            phone={draft.customerPhone}
            checked={wantsTexts}
            onChange={setWantsTexts}
          />

          <InputField
            label="Email"
            note="optional"
            hint="The calendar invite goes here."
            type="email"
            autoComplete="email"
            {...bind("customerEmail")}
          />

          <TextareaField
            label="Notes"
            note="optional"
            rows={3}
            placeholder="The car you're interested in, a trade-in, questions about financing…"
            {...bind("notes")}
          />
        </Stack>
      </DialogForm>
    </>
  );
}
