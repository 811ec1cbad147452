import { Box, Button, Dialog, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuArrowRight } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { todayIn } from "../../../shared/time";
import { apiErrorMessage, trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";
import { AppointmentSummary } from "./AppointmentSummary";
import { appointmentWhen, isSlotUnavailable } from "./format";
import { ActionFooter, AppointmentDialogFrame } from "./ScheduleAppointmentDialog";
import { AppointmentDateField, SlotGrid, useDaySlots } from "./SlotPicker";
import { useInvalidateAppointments } from "./useAppointmentCaches";

function RescheduleForm({ appointment, onClose }: { appointment: AppointmentView; onClose: () => void }) {
  const timeZone = appointment.timeZone;
  const today = todayIn(timeZone);
  const currentDate = appointment.scheduledDateTime.slice(0, 10);
  const [date, setDate] = useState(currentDate.localeCompare(today) < 0 ? today : currentDate);
  const [time, setTime] = useState<string | null>(null);
  const dateUsable = date.length === 10 && date >= today;
  const day = useDaySlots(appointment.salespersonId, date, dateUsable);
  const invalidate = useInvalidateAppointments();

  useEffect(() => {
    if (!time || !day.data || day.data.date !== date) return;
    if (day.data.slots.find((s) => s.time === time)?.state !== "available") setTime(null);
  }, [day.data, date, time]);

  const reschedule = trpc.appointments.reschedule.useMutation({
    onSuccess: async ({ appointment: moved }) => {
      const when = appointmentWhen(moved.scheduledDateTime, moved.timeZone);
      showToast({
        title: "Appointment Rescheduled",
        description: `Your ${moved.appointmentType} with ${moved.salespersonName} is now on ${when.date} at ${when.time} ${when.zoneAbbr}.`,
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
        title: "Rescheduling Failed",
        description: apiErrorMessage(error, "Unable to reschedule appointment. Please try again."),
        variant: "destructive",
      });
    },
  });

  const selected = time ? day.data?.slots.find((s) => s.time === time) : undefined;
  const when = selected ? appointmentWhen(selected.startsAt, timeZone) : null;

  const submit = () => {
    if (!dateUsable || !time) {
      showToast({
        title: "Missing Information",
        description: "Please fill in all required fields.",
        variant: "destructive",
      });
      return;
    }
    reschedule.mutate({ id: appointment.id, date, time });
  };

  return (
    <>
      <Dialog.Header flexDirection="column" gap="1" pe="12">
        <Dialog.Title fontSize="lg" color="ink">
          Reschedule appointment
        </Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          Pick a new time. Your current time is released only when the new one is confirmed.
        </Dialog.Description>
      </Dialog.Header>
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
          <AppointmentDateField
            date={date}
            onChange={(next) => {
              setDate(next);
              setTime(null);
            }}
            timeZone={timeZone}
          />
          <SlotGrid
            label="New time"
            day={dateUsable && day.data?.date === date ? day.data : undefined}
            isLoading={dateUsable && day.isPending}
            isError={day.isError}
            onRetry={() => void day.refetch()}
            emptyMessage={dateUsable ? undefined : "Pick a date from today on to see open times."}
            value={time}
            onChange={setTime}
          />
        </Stack>
      </Dialog.Body>
      <ActionFooter>
        {when ? (
          <HStack gap="2" me="auto" fontSize="sm" color="fg.muted" hideBelow="sm" minW="0">
            <LuArrowRight aria-hidden />
            <Text truncate>
              {when.date} at {when.time} {when.zoneAbbr}
            </Text>
          </HStack>
        ) : null}
        <Button variant="ghost" onClick={onClose} disabled={reschedule.isPending}>
          Cancel
        </Button>
        <Button
          colorPalette="blue"
          loading={reschedule.isPending}
          loadingText="Rescheduling..."
          onClick={submit}
        >
          Confirm new time
        </Button>
      </ActionFooter>
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
    <AppointmentDialogFrame open={open} onOpenChange={onOpenChange}>
      {appointment ? <RescheduleForm appointment={appointment} onClose={() => onOpenChange(false)} /> : null}
    </AppointmentDialogFrame>
  );
}
