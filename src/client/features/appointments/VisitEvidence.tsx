// What a visit rests on, under its card (docs/product/booking.md#evidence-of-a-visit): the buyer checks in with
// the code shown at the dealership's desk and, on a visit that closed by itself, may say "I went"; staff see
// today's check-in code to show, and until when they may still mark such a visit a no-show.
import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuBadgeCheck, LuDoorOpen, LuKeyRound, LuThumbsUp } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import {
  CHECK_IN_CODE_DIGITS,
  CHECK_IN_OPENS_MINUTES_BEFORE,
  checkInOpen,
  NO_SHOW_AFTER_AUTO_COMPLETE_HOURS,
  VISIT_EVIDENCE_LABELS,
} from "../../../shared/visits";
import { trpc } from "../../trpc";
import { closeWithSuccess, type DialogControl, FormDialog } from "../../ui/dialog";
import { InputField } from "../../ui/form";
import { shortDateTime } from "../../ui/format";
import { showToast } from "../../ui/toaster";
import { useInvalidateAppointments } from "./useAppointmentCaches";

/** The line naming what a completed visit rests on. */
function EvidenceLine({ appointment }: { appointment: AppointmentView }) {
  if (appointment.status === "scheduled" && appointment.checkedInAt) {
    return (
      <HStack gap="1.5" fontSize="sm" color="green.fg">
        <LuBadgeCheck aria-hidden />
        <Text>Checked in at {shortDateTime.format(new Date(appointment.checkedInAt))}</Text>
      </HStack>
    );
  }
  if (appointment.status !== "completed" || !appointment.visitEvidence) return null;
  return (
    <HStack gap="1.5" fontSize="sm" color="fg.muted">
      <LuBadgeCheck aria-hidden />
      <Text>{VISIT_EVIDENCE_LABELS[appointment.visitEvidence]}</Text>
    </HStack>
  );
}

function CheckInDialog({
  appointment,
  open,
  onOpenChange,
}: { appointment: AppointmentView } & DialogControl) {
  const [code, setCode] = useState("");
  const invalidate = useInvalidateAppointments();
  const checkIn = trpc.appointments.checkIn.useMutation({
    onSuccess: () =>
      closeWithSuccess(
        () => onOpenChange(false),
        { title: "Checked in", description: "Enjoy your visit." },
        invalidate,
      ),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Check in"
      subtitle={`Enter the ${CHECK_IN_CODE_DIGITS}-digit check-in code shown at ${appointment.dealership ?? appointment.salespersonName}'s desk today.`}
      label="Check in at the dealership"
      confirmLabel="Check in"
      pendingLabel="Checking in..."
      pending={checkIn.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        checkIn.mutate({ id: appointment.id, code });
      }}
    >
      <InputField
        label="Check-in code"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CHECK_IN_CODE_DIGITS}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        error={checkIn.error?.message}
        invalid={!!checkIn.error}
      />
    </FormDialog>
  );
}

/** The buyer's side: the evidence line, "Check in" around the start, "I went" on an unconfirmed visit. */
export function CustomerEvidence({ appointment }: { appointment: AppointmentView }) {
  const [checkingIn, setCheckingIn] = useState(false);
  const invalidate = useInvalidateAppointments();
  const confirm = trpc.appointments.confirmVisit.useMutation({
    onSuccess: async () => {
      showToast({
        title: "Thanks for confirming",
        description: "Your review of this visit says you confirmed it.",
        variant: "success",
      });
      await invalidate();
    },
    onError: (error) =>
      showToast({ title: "Not confirmed", description: error.message, variant: "destructive" }),
  });
  const canCheckIn =
    appointment.status === "scheduled" &&
    !appointment.checkedInAt &&
    checkInOpen(appointment.scheduledDateTime, appointment.durationMinutes);
  const unconfirmed = appointment.status === "completed" && appointment.visitEvidence === "auto";
  if (!canCheckIn && !unconfirmed && !appointment.visitEvidence && !appointment.checkedInAt) return null;
  return (
    <Stack gap="2">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <EvidenceLine appointment={appointment} />
        {canCheckIn ? (
          <Button size="sm" colorPalette="green" onClick={() => setCheckingIn(true)}>
            <LuDoorOpen /> Check in
          </Button>
        ) : null}
        {unconfirmed ? (
          <Button
            size="sm"
            variant="outline"
            loading={confirm.isPending}
            onClick={() => confirm.mutate({ id: appointment.id })}
          >
            <LuThumbsUp /> I went
          </Button>
        ) : null}
      </HStack>
      {canCheckIn ? (
        <Text fontSize="xs" color="fg.muted">
          Arrived? Check in with the code at the desk (from {CHECK_IN_OPENS_MINUTES_BEFORE} minutes before the
          start): your review then shows you were there.
        </Text>
      ) : null}
      {canCheckIn ? (
        <CheckInDialog appointment={appointment} open={checkingIn} onOpenChange={setCheckingIn} />
      ) : null}
    </Stack>
  );
}

/** The salesperson's side: the evidence line, and until when a visit that closed by itself may be a no-show. */
export function StaffEvidence({
  appointment,
  onNoShow,
}: {
  appointment: AppointmentView;
  onNoShow: (appointment: AppointmentView) => void;
}) {
  const until = appointment.noShowUntil;
  if (!appointment.visitEvidence && !appointment.checkedInAt) return null;
  return (
    <HStack justify="space-between" gap="2" wrap="wrap">
      <Stack gap="0.5">
        <EvidenceLine appointment={appointment} />
        {until ? (
          <Text fontSize="xs" color="fg.muted">
            Closed automatically with nobody confirming it. If the customer did not come, you can mark a
            no-show until {shortDateTime.format(new Date(until))} ({NO_SHOW_AFTER_AUTO_COMPLETE_HOURS} hours).
          </Text>
        ) : null}
      </Stack>
      {until ? (
        <Button size="sm" variant="outline" colorPalette="orange" onClick={() => onNoShow(appointment)}>
          No-show
        </Button>
      ) : null}
    </HStack>
  );
}

/** Today's check-in code, for staff to show at the desk; buyers enter it when they arrive. */
export function CheckInCodeCard({ salespersonId }: { salespersonId: number }) {
  const code = trpc.appointments.checkInCode.useQuery({ id: salespersonId });
  if (!code.data) return null;
  return (
    <Box layerStyle="panel" px="4" py="3" bg="bg.panel">
      <HStack gap="3" wrap="wrap">
        <LuKeyRound aria-hidden />
        <Text fontWeight="medium">Check-in code for today</Text>
        <Text
          as="output"
          aria-label="Check-in code for today"
          fontFamily="mono"
          fontSize="xl"
          letterSpacing="widest"
          color="ink"
        >
          {code.data.code}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Show it at {code.data.place}'s desk: buyers enter it on their appointment page when they arrive, and
          their review then says they checked in.
        </Text>
      </HStack>
    </Box>
  );
}
