// Marking a past visit completed or a no-show, after a confirmation: the outcome cannot be undone.
import { ErrorReason } from "../../../shared/errorCodes";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { apiErrorCause, trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { appointmentWhen } from "../../ui/format";
import { showToast } from "../../ui/toaster";
import type { Outcome } from "./AppointmentVisits";

const OUTCOME_TEXT: Record<Outcome, { title: string; confirm: string; done: string }> = {
  completed: {
    title: "Mark as completed?",
    confirm: "Mark completed",
    done: "marked as completed. The customer can now rate the visit.",
  },
  "no-show": {
    title: "Mark as no-show?",
    confirm: "Mark no-show",
    done: "marked as a no-show.",
  },
};

/** Refusals whose message says what happened (changed meanwhile, not started yet): shown as they are. */
const OUTCOME_REFUSALS = new Set<string>([ErrorReason.NOT_SCHEDULED, ErrorReason.VISIT_NOT_STARTED]);

/** Complete or No-show, after the spec's confirmation; the outcome can't be undone. */
export function OutcomeDialog({
  pending,
  open,
  onOpenChange,
  afterChange,
}: {
  pending: { appointment: AppointmentView; outcome: Outcome } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  afterChange: () => Promise<unknown>;
}) {
  const updateStatus = trpc.appointments.updateStatus.useMutation({
    onSuccess: async (updated) => {
      const text = OUTCOME_TEXT[updated.status as Outcome] ?? OUTCOME_TEXT.completed;
      showToast({
        title: "Appointment Updated",
        description: `${updated.customerName}'s ${updated.appointmentType} was ${text.done}`,
        variant: "success",
      });
      onOpenChange(false);
      await afterChange();
    },
    onError: (error) => {
      const explained = OUTCOME_REFUSALS.has(apiErrorCause(error) ?? "");
      showToast({
        title: "Update Failed",
        description: explained ? error.message : "Failed to update appointment",
        variant: "destructive",
      });
      if (explained) {
        onOpenChange(false);
        void afterChange();
      }
    },
  });
  const text = pending ? OUTCOME_TEXT[pending.outcome] : null;
  const when = pending
    ? appointmentWhen(pending.appointment.scheduledDateTime, pending.appointment.timeZone)
    : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text?.title ?? ""}
      description={
        pending && when
          ? `${pending.appointment.customerName}'s ${pending.appointment.appointmentType} on ${when.date} at ${when.time} ${when.zoneAbbr}. This can't be undone.`
          : ""
      }
      confirmLabel={text?.confirm ?? "Confirm"}
      pendingLabel="Saving..."
      palette={pending?.outcome === "no-show" ? "orange" : "green"}
      isPending={updateStatus.isPending}
      onConfirm={() => {
        if (pending) updateStatus.mutate({ id: pending.appointment.id, status: pending.outcome });
      }}
    />
  );
}
