import { Box, Dialog, Stack, Text } from "@chakra-ui/react";
import { LuArrowRight } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { trpc } from "../../trpc";
import { ConfirmActions, closeWithSuccess, DialogFrame, DialogHeading } from "../../ui/dialog";
import { appointmentWhen } from "../../ui/format";
import { showToast } from "../../ui/toaster";
import { AppointmentSummary } from "./AppointmentSummary";
import { ChosenSlot, MISSING_INFORMATION, SlotChoiceFields, useSlotChoice } from "./SlotPicker";
import { useInvalidateAppointments } from "./useAppointmentCaches";

function RescheduleForm({ appointment, onClose }: { appointment: AppointmentView; onClose: () => void }) {
  const choice = useSlotChoice({
    salespersonId: appointment.salespersonId,
    timeZone: appointment.timeZone,
    initial: { date: appointment.scheduledDateTime.slice(0, 10) },
    appointmentType: appointment.appointmentType,
  });
  const invalidate = useInvalidateAppointments();

  const reschedule = trpc.appointments.reschedule.useMutation({
    onSuccess: ({ appointment: moved }) => {
      const when = appointmentWhen(moved.scheduledDateTime, moved.timeZone);
      return closeWithSuccess(
        onClose,
        {
          title: "Appointment Rescheduled",
          description: `Your ${moved.appointmentType} with ${moved.salespersonName} is now on ${when.date} at ${when.time} ${when.zoneAbbr}.`,
        },
        invalidate,
      );
    },
    onError: (error) =>
      choice.bookingFailed(error, {
        title: "Rescheduling Failed",
        fallback: "Unable to reschedule appointment. Please try again.",
      }),
  });

  const submit = () => {
    if (!choice.dateUsable || !choice.time) {
      showToast({ ...MISSING_INFORMATION, variant: "destructive" });
      return;
    }
    reschedule.mutate({ id: appointment.id, date: choice.date, time: choice.time });
  };

  return (
    <>
      <DialogHeading
        title="Reschedule appointment"
        subtitle="Pick a new time. Your current time is released only when the new one is confirmed."
      />
      <Dialog.Body>
        <Stack gap="5">
          <Box p="4" borderWidth="1px" borderColor="border.muted" borderRadius="lg" bg="bg.subtle">
            <Text
              fontSize="xs"
              fontWeight="semibold"
              color="fg.muted"
              textTransform="uppercase"
              letterSpacing="0.05em"
              mb="2"
            >
              Currently booked
            </Text>
            <AppointmentSummary appointment={appointment} />
          </Box>
          <SlotChoiceFields choice={choice} label="New time" />
        </Stack>
      </Dialog.Body>
      <ConfirmActions
        onCancel={onClose}
        confirmLabel="Confirm new time"
        pendingLabel="Rescheduling..."
        pending={reschedule.isPending}
        onConfirm={submit}
      >
        <ChosenSlot choice={choice} icon={<LuArrowRight aria-hidden />} />
      </ConfirmActions>
    </>
  );
}

/** Moves a scheduled appointment to another slot with the same salesperson (cancel-and-book on the server). */
export function RescheduleAppointmentDialog({
  appointment,
  open,
  onOpenChange,
}: {
  appointment: AppointmentView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange}>
      {appointment ? <RescheduleForm appointment={appointment} onClose={() => onOpenChange(false)} /> : null}
    </DialogFrame>
  );
}
