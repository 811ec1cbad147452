// What the booking dialog shows around its form: who is booked, why someone cannot book, and the waitlist offer for a full day.
import { Alert, Button, Dialog, Stack, Text } from "@chakra-ui/react";
import { LuBellRing, LuCircleCheck } from "react-icons/lu";
import type { SessionUser } from "../../../shared/schemas/auth";
import { trpc } from "../../trpc";
import { DialogActions, DialogHeading, SignInActions } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { formatCalendarDate } from "../../ui/format";
import { showToast } from "../../ui/toaster";

/** Who is being booked. The zone is optional: the dialog looks it up when the caller doesn't know it. */
export type SchedulingTarget = {
  id: number;
  name: string;
  dealership?: string | null;
  timeZone?: string;
};

export function withWhom(salesperson: SchedulingTarget): string {
  return salesperson.dealership
    ? `with ${salesperson.name} · ${salesperson.dealership}`
    : `with ${salesperson.name}`;
}

export function SignInPrompt({
  salesperson,
  onClose,
}: {
  salesperson: SchedulingTarget;
  onClose: () => void;
}) {
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

export function CustomersOnly({
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

export function WaitlistOffer({ salesperson, date }: { salesperson: SchedulingTarget; date: string }) {
  const join = trpc.appointments.joinWaitlist.useMutation({
    onSuccess: () =>
      showToast({
        title: "You're on the waitlist",
        description: `We'll email you if a time with ${salesperson.name} opens up on ${formatCalendarDate(date)}.`,
        variant: "success",
      }),
    onError: (error) => showFailure("Couldn't join the waitlist", error),
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
