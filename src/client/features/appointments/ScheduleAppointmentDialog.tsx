import { Alert, Button, Dialog, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useState } from "react";
import { LuBellRing, LuCalendarCheck, LuCircleCheck } from "react-icons/lu";
import { APPOINTMENT_TYPES } from "../../../shared/constants";
import { bookAppointmentInput } from "../../../shared/schemas/appointments";
import type { SessionUser } from "../../../shared/schemas/auth";
import { addDays } from "../../../shared/time";
import { apiErrorMessage, trpc } from "../../trpc";
import {
  closeWithSuccess,
  DialogActions,
  type DialogControl,
  DialogForm,
  DialogFrame,
  DialogHeading,
  DialogLoading,
  SignInActions,
} from "../../ui/dialog";
import { InputField, SelectField, TextareaField } from "../../ui/form";
import { formatCalendarDate } from "../../ui/format";
import { useSession } from "../../ui/session";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";
import {
  ChosenSlot,
  dayIsFull,
  MISSING_INFORMATION,
  SlotChoiceFields,
  useSalespersonZone,
  useSlotChoice,
} from "./SlotPicker";
import { useInvalidateAppointments } from "./useAppointmentCaches";

/** Who is being booked. The zone is optional: the dialog looks it up when the caller doesn't know it. */
export type SchedulingTarget = {
  id: number;
  name: string;
  dealership?: string | null;
  timeZone?: string;
};

type DialogProps = DialogControl & {
  salesperson: SchedulingTarget;
  /** A slot picked before opening (e.g. from 'Available Today' on a card). */
  initialDate?: string;
  initialTime?: string;
};

function withWhom(salesperson: SchedulingTarget): string {
  return salesperson.dealership
    ? `with ${salesperson.name} · ${salesperson.dealership}`
    : `with ${salesperson.name}`;
}

function SignInPrompt({ salesperson, onClose }: { salesperson: SchedulingTarget; onClose: () => void }) {
  return (
    <>
      <DialogHeading title="Sign in to book" subtitle={withWhom(salesperson)} />
      <Dialog.Body>
        <Stack gap="3" color="fg.muted">
          <Text>
            Sign in with a link sent to your email to see {salesperson.name}'s open times and book a visit.
            It's free for car buyers.
          </Text>
          <Text>
            You'll get a calendar invite by email, and you can cancel up to 2 hours before the start.
          </Text>
        </Stack>
      </Dialog.Body>
      <SignInActions onClose={onClose} plain />
    </>
  );
}

function CustomersOnly({
  salesperson,
  viewer,
  onClose,
}: {
  salesperson: SchedulingTarget;
  viewer: SessionUser;
  onClose: () => void;
}) {
  return (
    <>
      <DialogHeading title="Booking is for customer accounts" subtitle={withWhom(salesperson)} />
      <Dialog.Body>
        <Text color="fg.muted">
          You're signed in with a {viewer.role} account. Only customer accounts can book appointments, so each
          visit is tied to the buyer who makes it. Sign in with a customer account to book {salesperson.name}.
        </Text>
      </Dialog.Body>
      <DialogActions plain>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}

function draftFor(user: SessionUser) {
  return {
    appointmentType: "",
    customerName: [user.firstName, user.lastName].filter(Boolean).join(" "),
    customerPhone: user.phone ?? "",
    customerEmail: user.email,
    notes: "",
  };
}

function WaitlistOffer({ salesperson, date }: { salesperson: SchedulingTarget; date: string }) {
  const join = trpc.appointments.joinWaitlist.useMutation({
    onSuccess: () =>
      showToast({
        title: "You're on the waitlist",
        description: `We'll email you if a time with ${salesperson.name} opens up on ${formatCalendarDate(date)}.`,
        variant: "success",
      }),
    onError: (error) =>
      showToast({
        title: "Couldn't join the waitlist",
        description: apiErrorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  const joined = join.isSuccess && join.variables?.date === date;
  return (
    <Alert.Root status={joined ? "success" : "warning"} borderRadius="lg">
      <Alert.Indicator>{joined ? <LuCircleCheck /> : <LuBellRing />}</Alert.Indicator>
      <Alert.Content gap="1">
        <Alert.Title>{joined ? "You're on the waitlist" : "This day is fully booked"}</Alert.Title>
        <Alert.Description>
          {joined
            ? "We'll email you as soon as a time opens up."
            : "Pick another day, or we can email you if a time opens up."}
        </Alert.Description>
        {joined ? null : (
          <Button
            size="sm"
            variant="outline"
            bg="bg.panel"
            alignSelf="flex-start"
            mt="2"
            loading={join.isPending}
            onClick={() => join.mutate({ salespersonId: salesperson.id, date })}
          >
            <LuBellRing /> Notify me if a time opens up
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

function ScheduleForm({
  salesperson,
  viewer,
  timeZone,
  initialDate,
  initialTime,
  onClose,
}: {
  salesperson: SchedulingTarget;
  viewer: SessionUser;
  timeZone: string;
  initialDate?: string;
  initialTime?: string;
  onClose: () => void;
}) {
  const choice = useSlotChoice({ salespersonId: salesperson.id, timeZone, initialDate, initialTime });
  const { date, time, dateUsable, day } = choice;
  const form = useFormDraft(() => draftFor(viewer));
  const { draft, bind } = form;
  const [attempted, setAttempted] = useState(false);
  const invalidate = useInvalidateAppointments();

  const book = trpc.appointments.book.useMutation({
    onSuccess: () =>
      closeWithSuccess(
        onClose,
        {
          title: "Appointment Scheduled",
          description: `Your appointment with ${salesperson.name} has been scheduled successfully.`,
        },
        invalidate,
      ),
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
              <Text color="fg.muted">No more open times on this day.</Text>
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

          <SelectField
            label="Appointment type"
            required
            invalid={attempted && !draft.appointmentType}
            placeholder="Select a type"
            options={APPOINTMENT_TYPES.map((type) => ({ value: type, label: type }))}
            {...bind("appointmentType")}
          />

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

function CustomerScheduling({
  salesperson,
  viewer,
  initialDate,
  initialTime,
  onClose,
}: {
  salesperson: SchedulingTarget;
  viewer: SessionUser;
  initialDate?: string;
  initialTime?: string;
  onClose: () => void;
}) {
  const zone = useSalespersonZone(salesperson.id, salesperson.timeZone);
  if (zone.timeZone) {
    return (
      <ScheduleForm
        salesperson={salesperson}
        viewer={viewer}
        timeZone={zone.timeZone}
        initialDate={initialDate}
        initialTime={initialTime}
        onClose={onClose}
      />
    );
  }
  return (
    <>
      <DialogHeading title="Schedule an appointment" subtitle={withWhom(salesperson)} />
      {zone.isError ? (
        <Dialog.Body>
          <Text color="fg.muted">We couldn't load this salesperson's calendar. Please try again.</Text>
        </Dialog.Body>
      ) : (
        <DialogLoading />
      )}
    </>
  );
}

/**
 * The scheduling dialog (docs/product/booking.md#booking-a-visit): a day's half-hour slots in the salesperson's zone, the visit type
 * and the buyer's contact details. Signed-out visitors are asked to sign in; other roles are told why not.
 */
export function ScheduleAppointmentDialog({
  open,
  onOpenChange,
  salesperson,
  initialDate,
  initialTime,
}: DialogProps) {
  const { user, isLoading } = useSession();
  const close = () => onOpenChange(false);
  let content: ReactNode;
  if (isLoading) {
    content = (
      <>
        <DialogHeading title="Schedule an appointment" subtitle={withWhom(salesperson)} />
        <DialogLoading />
      </>
    );
  } else if (!user) {
    content = <SignInPrompt salesperson={salesperson} onClose={close} />;
  } else if (user.role !== "customer") {
    content = <CustomersOnly salesperson={salesperson} viewer={user} onClose={close} />;
  } else {
    content = (
      <CustomerScheduling
        salesperson={salesperson}
        viewer={user}
        initialDate={initialDate}
        initialTime={initialTime}
        onClose={close}
      />
    );
  }
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      // A short explanation instead of the form stays a centred card.
      layout={!isLoading && user?.role !== "customer" ? "card" : "sheet"}
      scrollInside
    >
      {content}
    </DialogFrame>
  );
}
