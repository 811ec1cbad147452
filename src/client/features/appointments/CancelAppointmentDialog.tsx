import { Dialog, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { ErrorReason } from "../../../shared/errorCodes";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { apiErrorCause, trpc } from "../../trpc";
import { ConfirmActions, DialogFrame, DialogHeading } from "../../ui/dialog";
import { TextareaField } from "../../ui/form";
import { appointmentWhen } from "../../ui/format";
import { showToast } from "../../ui/toaster";
import { AppointmentSummary } from "./AppointmentSummary";
import type { AppointmentSide } from "./AppointmentVisits";
import { useInvalidateAppointments } from "./useAppointmentCaches";

/** Refusals the server explains in words either side can act on (the 2-hour window, an already-closed visit). */
const EXPLAINED_CAUSES = new Set<string>([ErrorReason.CANCELLATION_WINDOW_PASSED, ErrorReason.NOT_SCHEDULED]);

/** What each side reads: the customer cancels a visit with a salesperson, the salesperson one with a buyer. */
const WORDS: Record<
  AppointmentSide,
  {
    title: string;
    subtitle: (a: AppointmentView) => string;
    reasonNote: string;
    placeholder: string;
    done: (a: AppointmentView) => string;
    failed: string;
  }
> = {
  customer: {
    title: "Cancel appointment?",
    subtitle: (a) => `${a.salespersonName} will be told, and the time opens up for other buyers.`,
    reasonNote: "optional",
    placeholder: "Let the salesperson know why, if you like.",
    done: (a) => `Your ${a.appointmentType} with ${a.salespersonName} has been cancelled.`,
    failed: "Failed to cancel appointment. Please try again.",
  },
  salesperson: {
    title: "Cancel this appointment?",
    subtitle: (a) => {
      const when = appointmentWhen(a.scheduledDateTime, a.timeZone);
      return `${a.customerName}'s ${a.appointmentType} on ${when.date} at ${when.time} ${when.zoneAbbr}. The customer gets an e-mail, and the time opens up again.`;
    },
    reasonNote: "optional, shared with the customer",
    placeholder: "For example: the vehicle you asked about has been sold.",
    done: (a) => `${a.customerName} has been told that the ${a.appointmentType} is off.`,
    failed: "Failed to cancel appointment",
  },
};

function CancelForm({
  side,
  appointment,
  afterChange,
  onClose,
}: {
  side: AppointmentSide;
  appointment: AppointmentView;
  afterChange: () => Promise<unknown>;
  onClose: () => void;
}) {
  const words = WORDS[side];
  const [reason, setReason] = useState("");
  const cancel = trpc.appointments.cancel.useMutation({
    onSuccess: async () => {
      showToast({ title: "Appointment Cancelled", description: words.done(appointment) });
      onClose();
      await afterChange();
    },
    onError: (error) => {
      const cause = apiErrorCause(error);
      const explained = cause !== undefined && EXPLAINED_CAUSES.has(cause);
      showToast({
        title: "Cancellation Failed",
        description: explained && error.message ? error.message : words.failed,
        variant: "destructive",
      });
      if (explained) void afterChange();
    },
  });

  return (
    <>
      <DialogHeading title={words.title} subtitle={words.subtitle(appointment)} />
      <Dialog.Body>
        <Stack gap="5">
          {side === "customer" ? <AppointmentSummary appointment={appointment} /> : null}
          <TextareaField
            label="Reason"
            note={words.reasonNote}
            rows={3}
            maxLength={500}
            placeholder={words.placeholder}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </Stack>
      </Dialog.Body>
      <ConfirmActions
        stack
        onCancel={onClose}
        cancelLabel="Keep appointment"
        confirmLabel="Cancel appointment"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        palette="red"
        onConfirm={() =>
          cancel.mutate({ id: appointment.id, cancelledBy: side, reason: reason.trim() || undefined })
        }
      />
    </>
  );
}

/**
 * The cancel dialog (docs/product/booking.md#cancellation), for either side: an optional reason, then the appointment is cancelled.
 * `afterChange` refreshes what the cancellation changes (every appointment list and slot grid by default).
 */
export function CancelAppointmentDialog({
  side,
  appointment,
  open,
  onOpenChange,
  afterChange,
}: {
  side: AppointmentSide;
  appointment: AppointmentView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  afterChange?: () => Promise<unknown>;
}) {
  const invalidate = useInvalidateAppointments();
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} layout="card" scrollInside>
      {appointment ? (
        <CancelForm
          side={side}
          appointment={appointment}
          afterChange={afterChange ?? invalidate}
          onClose={() => onOpenChange(false)}
        />
      ) : null}
    </DialogFrame>
  );
}
