import { Badge, Stack } from "@chakra-ui/react";
import { LuCalendarX } from "react-icons/lu";
import type { SalespersonDetail } from "../../../../shared/schemas/salespeople";
import { trpc } from "../../../trpc";
import { timesInLabel } from "../../../ui/format";
import { PanelHeader } from "../../../ui/PanelHeader";
import { Notice, panelNotice } from "../../../ui/QueryState";
import { AppointmentList, CheckInCodeCard, fullViews } from "../../appointments";
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
            {awaitingOutcome > 0 ? (
              <Badge colorPalette="purple" variant="subtle" size="lg" borderRadius="full" px="3">
                {awaitingOutcome} awaiting an outcome
              </Badge>
            ) : null}
          </PanelHeader>
          <CheckInCodeCard salespersonId={salesperson.id} />
        </Stack>
      )}
      empty={
        <Notice
          icon={LuCalendarX}
          title="No appointments yet"
          description="When buyers book a car viewing, test drive or financing discussion with you, it shows up here. A complete profile and photo help them choose you."
          descriptionMaxW="sm"
          {...panelNotice(false)}
          py="12"
        />
      }
    />
  );
}
