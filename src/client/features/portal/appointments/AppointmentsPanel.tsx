import { Stack } from "@chakra-ui/react";
import type { SalespersonDetail } from "../../../../shared/schemas/salespeople";
import { trpc } from "../../../trpc";
import { timesInLabel } from "../../../ui/format";
import { PanelHeader } from "../../../ui/PanelHeader";
import {
  AppointmentList,
  AwaitingOutcomeBadge,
  CheckInCodeCard,
  fullViews,
  NoBookingsNotice,
} from "../../appointments";
import { useDashboardRefresh } from "../useDashboardRefresh";

/** Appointments tab: upcoming and past visits; Complete, No-show and Cancel with the spec's dialogs. */
export function AppointmentsPanel({ salesperson }: { salesperson: SalespersonDetail }) {
  const list = trpc.appointments.forSalesperson.useQuery({ id: salesperson.id }, { select: fullViews });
  const refresh = useDashboardRefresh();
  return (
    <AppointmentList
      side="salesperson"
      query={list}
      afterChange={refresh.afterAppointmentChange}
      header={({ awaitingOutcome }) => (
        <Stack gap="3">
          <PanelHeader
            title="Appointments"
            description={`${timesInLabel(salesperson.timeZone)}. Bookings from the last 90 days and everything ahead.`}
          >
            <AwaitingOutcomeBadge count={awaitingOutcome} />
          </PanelHeader>
          <CheckInCodeCard salespersonId={salesperson.id} />
        </Stack>
      )}
      empty={
        <NoBookingsNotice
          title="No appointments yet"
          description="When buyers book a car viewing, test drive or financing discussion with you, it shows up here. A complete profile and photo help them choose you."
        />
      }
    />
  );
}
