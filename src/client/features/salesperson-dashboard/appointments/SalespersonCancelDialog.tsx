import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from "@chakra-ui/react";
import { useId, useState } from "react";
import type { AppointmentView } from "../../../../shared/schemas/appointments";
import { trpc } from "../../../trpc";
import { showToast } from "../../../ui/toaster";
import { apiErrorCause, appointmentWhen } from "../../appointments/format";
import { useDashboardRefresh } from "../useDashboardRefresh";

/** Refusals the server explains in words the salesperson can act on. */
const EXPLAINED_CAUSES = new Set(["CANCELLATION_WINDOW_PASSED", "NOT_SCHEDULED"]);

function CancelForm({ appointment, onClose }: { appointment: AppointmentView; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const refresh = useDashboardRefresh();
  const when = appointmentWhen(appointment.scheduledDateTime, appointment.timeZone);
  const cancel = trpc.appointments.cancel.useMutation({
    onSuccess: async () => {
      showToast({
        title: "Appointment Cancelled",
        description: `${appointment.customerName} has been told that the ${appointment.appointmentType} is off.`,
      });
      onClose();
      await refresh.afterAppointmentChange();
    },
    onError: (error) => {
      const cause = apiErrorCause(error);
      const explained = cause !== undefined && EXPLAINED_CAUSES.has(cause);
      showToast({
        title: "Cancellation Failed",
        description: explained && error.message ? error.message : "Failed to cancel appointment",
        variant: "destructive",
      });
      if (explained) void refresh.afterAppointmentChange();
    },
  });

  return (
    <>
      <Dialog.Header flexDirection="column" gap="1" pe="12">
        <Dialog.Title fontSize="lg" color="ink">
          Cancel this appointment?
        </Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          {appointment.customerName}'s {appointment.appointmentType} on {when.date} at {when.time}{" "}
          {when.zoneAbbr}. The customer gets an e-mail, and the time opens up again.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="2">
          <Field.Root>
            <Field.Label htmlFor={reasonId}>
              Reason{" "}
              <Text as="span" color="fg.muted" fontWeight="normal">
                (optional, shared with the customer)
              </Text>
            </Field.Label>
            <Textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              placeholder="For example: the vehicle you asked about has been sold."
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
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
              cancelledBy: "salesperson",
              reason: reason.trim() || undefined,
            })
          }
        >
          Cancel appointment
        </Button>
      </Dialog.Footer>
    </>
  );
}

/** SPEC.md's cancel dialog, salesperson side: an optional reason, then the appointment is cancelled. */
export function SalespersonCancelDialog({
  appointment,
  open,
  onOpenChange,
}: {
  appointment: AppointmentView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="center"
      size="md"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="xl">
            {appointment ? (
              <CancelForm appointment={appointment} onClose={() => onOpenChange(false)} />
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
