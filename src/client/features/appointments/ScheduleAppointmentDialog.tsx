import {
  Alert,
  Button,
  Center,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { LuBellRing, LuCalendarCheck, LuCircleCheck, LuLogIn } from "react-icons/lu";
import { APPOINTMENT_TYPES } from "../../../shared/constants";
import { bookAppointmentInput } from "../../../shared/schemas/appointments";
import type { SessionUser } from "../../../shared/schemas/auth";
import { addDays, todayIn } from "../../../shared/time";
import { apiErrorMessage, trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";
import { useSession } from "../auth/session";
import { appointmentWhen, formatCalendarDate, isSlotUnavailable } from "./format";
import { AppointmentDateField, dayIsFull, SlotGrid, useDaySlots, useSalespersonZone } from "./SlotPicker";
import { useInvalidateAppointments } from "./useAppointmentCaches";

/** Who is being booked. The zone is optional: the dialog looks it up when the caller doesn't know it. */
export type SchedulingTarget = {
  id: number;
  name: string;
  dealership?: string | null;
  timeZone?: string;
};

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  salesperson: SchedulingTarget;
  /** A slot picked before opening (e.g. from 'Available Today' on a card). */
  initialDate?: string;
  initialTime?: string;
};

const FORM_ID = "schedule-appointment-form";
const MISSING = { title: "Missing Information", description: "Please fill in all required fields." };

/** A footer with the form's actions; on phones it stays in view while the long form scrolls. */
export function ActionFooter({ children, stack = false }: { children: ReactNode; stack?: boolean }) {
  return (
    <Dialog.Footer
      // Two long labels don't fit side by side on a phone: stack them, the main action on top.
      flexDirection={stack ? { base: "column-reverse", sm: "row" } : undefined}
      alignItems={stack ? { base: "stretch", sm: "center" } : undefined}
      borderTopWidth="1px"
      borderColor="border.muted"
      pt="4"
      gap="3"
      bg="bg.panel"
      position={{ mdDown: "sticky" }}
      bottom="0"
      zIndex="1"
    >
      {children}
    </Dialog.Footer>
  );
}

/**
 * Frame shared by the booking dialogs. Forms with a slot grid fill a phone's screen and open a roomy panel
 * from tablets up; a short confirmation ("compact") stays a centred card everywhere.
 */
export function AppointmentDialogFrame({
  open,
  onOpenChange,
  children,
  compact = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  compact?: boolean;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      // Full screen from the top on phones: a centred panel taller than the screen would clip its header.
      placement={compact ? "center" : { mdDown: "top", md: "center" }}
      size={compact ? "md" : { mdDown: "full", md: "lg" }}
      scrollBehavior={compact ? "inside" : { mdDown: "outside", md: "inside" }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={compact ? "4" : undefined}>
          <Dialog.Content borderRadius={compact ? "xl" : { md: "xl" }}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DialogHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Dialog.Header flexDirection="column" gap="1" pe="12">
      <Dialog.Title fontSize="lg" color="ink">
        {title}
      </Dialog.Title>
      {subtitle ? (
        <Dialog.Description color="fg.muted" fontSize="sm">
          {subtitle}
        </Dialog.Description>
      ) : null}
    </Dialog.Header>
  );
}

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
      <Dialog.Footer>
        <Button variant="ghost" onClick={onClose}>
          Not now
        </Button>
        <Button asChild colorPalette="blue">
          <Link to="/login">
            <LuLogIn /> Sign In
          </Link>
        </Button>
      </Dialog.Footer>
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
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </>
  );
}

function LoadingBody() {
  return (
    <Dialog.Body>
      <Center py="16" aria-busy="true" aria-label="Loading">
        <Spinner color="blue.solid" />
      </Center>
    </Dialog.Body>
  );
}

type Draft = {
  appointmentType: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  notes: string;
};

function draftFor(user: SessionUser): Draft {
  return {
    appointmentType: "",
    customerName: [user.firstName, user.lastName].filter(Boolean).join(" "),
    customerPhone: user.phone ?? "",
    customerEmail: user.email,
    notes: "",
  };
}

type FieldErrors = Partial<Record<"customerPhone" | "customerEmail" | "notes" | "customerName", string>>;

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
  const today = todayIn(timeZone);
  const [date, setDate] = useState(initialDate && initialDate >= today ? initialDate : today);
  const [time, setTime] = useState<string | null>(initialTime ?? null);
  const [draft, setDraft] = useState<Draft>(() => draftFor(viewer));
  const [attempted, setAttempted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const ids = { type: useId(), name: useId(), phone: useId(), email: useId(), notes: useId() };
  const dateUsable = date.length === 10 && date >= today;
  const day = useDaySlots(salesperson.id, date, dateUsable);
  const invalidate = useInvalidateAppointments();

  // A picked slot that has since been taken (refetch after a conflict, another tab) is dropped.
  useEffect(() => {
    if (!time || !day.data || day.data.date !== date) return;
    if (day.data.slots.find((s) => s.time === time)?.state !== "available") setTime(null);
  }, [day.data, date, time]);

  const book = trpc.appointments.book.useMutation({
    onSuccess: async () => {
      showToast({
        title: "Appointment Scheduled",
        description: `Your appointment with ${salesperson.name} has been scheduled successfully.`,
        variant: "success",
      });
      onClose();
      await invalidate();
    },
    onError: (error) => {
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
        title: "Scheduling Failed",
        description: apiErrorMessage(error, "Unable to schedule appointment. Please try again."),
        variant: "destructive",
      });
    },
  });

  const set = (key: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key in fieldErrors) setFieldErrors((e) => ({ ...e, [key]: undefined }));
  };

  const changeDate = (next: string) => {
    setDate(next);
    setTime(null);
  };

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
      showToast({ ...MISSING, variant: "destructive" });
      return;
    }
    const payload = {
      salespersonId: salesperson.id,
      date,
      time,
      appointmentType: draft.appointmentType,
      customerName: draft.customerName.trim(),
      customerPhone: draft.customerPhone.trim(),
      customerEmail: draft.customerEmail.trim() || undefined,
      notes: draft.notes.trim() || undefined,
      scheduledDateTime: `${date}T${time}:00`,
    };
    // The server's own schema, checked here first so a typo is pointed at before the round trip.
    const parsed = bookAppointmentInput.safeParse(payload);
    if (!parsed.success) {
      const flat = parsed.error.flatten().fieldErrors as Record<string, string[] | undefined>;
      setFieldErrors({
        customerName: flat.customerName?.[0],
        customerPhone: flat.customerPhone?.[0],
        customerEmail: flat.customerEmail?.[0],
        notes: flat.notes?.[0],
      });
      return;
    }
    setFieldErrors({});
    book.mutate(payload as Parameters<typeof book.mutate>[0]);
  };

  const selected = time ? day.data?.slots.find((s) => s.time === time && s.state === "available") : undefined;
  const when = selected ? appointmentWhen(selected.startsAt, timeZone) : null;
  const fullDay = dayIsFull(day.data);
  const dayOver =
    !!day.data && !fullDay && !day.data.slots.some((s) => s.state === "available") && day.data.date === date;
  const requiredEmpty = (value: string) => attempted && value.trim() === "";

  return (
    <>
      <DialogHeading title="Schedule an appointment" subtitle={withWhom(salesperson)} />
      <Dialog.Body>
        <form
          id={FORM_ID}
          onSubmit={submit}
          noValidate
          aria-label={`Schedule an appointment with ${salesperson.name}`}
        >
          <Stack gap="5">
            <AppointmentDateField date={date} onChange={changeDate} timeZone={timeZone} />
            <SlotGrid
              day={dateUsable && day.data?.date === date ? day.data : undefined}
              isLoading={dateUsable && day.isPending}
              isError={day.isError}
              onRetry={() => void day.refetch()}
              emptyMessage={dateUsable ? undefined : "Pick a date from today on to see open times."}
              value={time}
              onChange={setTime}
            />
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
                  onClick={() => changeDate(addDays(date, 1))}
                >
                  Show the next day
                </Button>
              </HStack>
            ) : null}

            <Field.Root required invalid={attempted && !draft.appointmentType}>
              <Field.Label htmlFor={ids.type}>
                Appointment type <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  id={ids.type}
                  value={draft.appointmentType}
                  onChange={(e) => set("appointmentType")(e.currentTarget.value)}
                >
                  <option value="" disabled>
                    Select a type
                  </option>
                  {APPOINTMENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>

            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root required invalid={requiredEmpty(draft.customerName) || !!fieldErrors.customerName}>
                <Field.Label htmlFor={ids.name}>
                  Your name <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  id={ids.name}
                  autoComplete="name"
                  value={draft.customerName}
                  onChange={(e) => set("customerName")(e.currentTarget.value)}
                />
                {fieldErrors.customerName ? (
                  <Field.ErrorText>{fieldErrors.customerName}</Field.ErrorText>
                ) : null}
              </Field.Root>
              <Field.Root
                required
                invalid={requiredEmpty(draft.customerPhone) || !!fieldErrors.customerPhone}
              >
                <Field.Label htmlFor={ids.phone}>
                  Phone <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  id={ids.phone}
                  type="tel"
                  autoComplete="tel"
                  placeholder="(555) 123-4567"
                  value={draft.customerPhone}
                  onChange={(e) => set("customerPhone")(e.currentTarget.value)}
                />
                {fieldErrors.customerPhone ? (
                  <Field.ErrorText>{fieldErrors.customerPhone}</Field.ErrorText>
                ) : null}
              </Field.Root>
            </SimpleGrid>

            <Field.Root invalid={!!fieldErrors.customerEmail}>
              <Field.Label htmlFor={ids.email}>
                Email{" "}
                <Text as="span" color="fg.muted" fontWeight="normal">
                  (optional)
                </Text>
              </Field.Label>
              <Input
                id={ids.email}
                type="email"
                autoComplete="email"
                value={draft.customerEmail}
                onChange={(e) => set("customerEmail")(e.currentTarget.value)}
              />
              {fieldErrors.customerEmail ? (
                <Field.ErrorText>{fieldErrors.customerEmail}</Field.ErrorText>
              ) : (
                <Field.HelperText>The calendar invite goes here.</Field.HelperText>
              )}
            </Field.Root>

            <Field.Root invalid={!!fieldErrors.notes}>
              <Field.Label htmlFor={ids.notes}>
                Notes{" "}
                <Text as="span" color="fg.muted" fontWeight="normal">
                  (optional)
                </Text>
              </Field.Label>
              <Textarea
                id={ids.notes}
                rows={3}
                placeholder="The car you're interested in, a trade-in, questions about financing…"
                value={draft.notes}
                onChange={(e) => set("notes")(e.currentTarget.value)}
              />
              {fieldErrors.notes ? <Field.ErrorText>{fieldErrors.notes}</Field.ErrorText> : null}
            </Field.Root>
          </Stack>
        </form>
      </Dialog.Body>
      <ActionFooter>
        {when ? (
          <HStack gap="2" me="auto" fontSize="sm" color="fg.muted" hideBelow="sm" minW="0">
            <LuCalendarCheck aria-hidden />
            <Text truncate>
              {when.date} at {when.time} {when.zoneAbbr}
            </Text>
          </HStack>
        ) : null}
        <Button variant="ghost" onClick={onClose} disabled={book.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          colorPalette="blue"
          loading={book.isPending}
          loadingText="Scheduling..."
        >
          Schedule Appointment
        </Button>
      </ActionFooter>
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
        <LoadingBody />
      )}
    </>
  );
}

/**
 * SPEC.md 'appointment scheduling' dialog: a day's half-hour slots in the salesperson's zone, the visit type
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
        <LoadingBody />
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
    <AppointmentDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      compact={!isLoading && user?.role !== "customer"}
    >
      {content}
    </AppointmentDialogFrame>
  );
}
