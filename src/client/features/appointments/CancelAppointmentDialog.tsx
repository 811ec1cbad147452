import { Button, Dialog, Field, Stack, Text, Textarea } from "@chakra-ui/react";
import { useId, useState } from "react";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";
import { AppointmentSummary } from "./AppointmentSummary";
import { apiErrorCause } from "./format";
import { ActionFooter, AppointmentDialogFrame } from "./ScheduleAppointmentDialog";
import { useInvalidateAppointments } from "./useAppointmentCaches";

/** Reasons the server gives in words a customer can act on (the 2-hour window, an already-closed visit). */
const EXPLAINED_CAUSES = new Set(["CANCELLATION_WINDOW_PASSED", "NOT_SCHEDULED"]);

function CancelForm({ appointment, onClose }: { appointment: AppointmentView; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const invalidate = useInvalidateAppointments();
  const cancel = trpc.appointments.cancel.useMutation({
    onSuccess: async () => {
      showToast({
        title: "Appointment Cancelled",
        description: `Your ${appointment.appointmentType} with ${appointment.salespersonName} has been cancelled.`,
      });
      onClose();
      await invalidate();
    },
    onError: (error) => {
      const cause = apiErrorCause(error);
      showToast({
        title: "Cancellation Failed",
        description:
          cause && EXPLAINED_CAUSES.has(cause) && error.message
            ? error.message
            : "Failed to cancel appointment. Please try again.",
        variant: "destructive",
      });
      if (cause && EXPLAINED_CAUSES.has(cause)) void invalidate();
    },
  });

  return (
    <>
      <Dialog.Header flexDirection="column" gap="1" pe="12">
        <Dialog.Title fontSize="lg" color="ink">
          Cancel appointment?
        </Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          {appointment.salespersonName} will be told, and the time opens up for other buyers.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <AppointmentSummary appointment={appointment} />
          <Field.Root>
            <Field.Label htmlFor={reasonId}>
              Reason{" "}
              <Text as="span" color="fg.muted" fontWeight="normal">
                (optional)
              </Text>
            </Field.Label>
            <Textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              placeholder="Let the salesperson know why, if you like."
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <ActionFooter stack>
        <Button variant="ghost" onClick={onClose} disabled={cancel.isPending}>
          Keep appointment
        </Button>
        <Button
          colorPalette="red"
          loading={cancel.isPending}
          loadingText="Cancelling..."
          onClick={() =>
            cancel.mutate({
              id: appointment.id,
              cancelledBy: "customer",
              reason: reason.trim() || undefined,
            })
          }
        >
          Cancel appointment
        </Button>
      </ActionFooter>
    </>
  );
}

/** SPEC.md cancel-appointment dialog: an optional reason, then the appointment is cancelled. */
export function CancelAppointmentDialog({
  appointment,
  open,
  onOpenChange,
}: {
  appointment: AppointmentView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AppointmentDialogFrame open={open} onOpenChange={onOpenChange} compact>
      {appointment ? <CancelForm appointment={appointment} onClose={() => onOpenChange(false)} /> : null}
    </AppointmentDialogFrame>
  );
}
