// One list of appointments for both sides of a visit: the customer's /appointments and the salesperson
// dashboard's Appointments tab. Upcoming and past visits, each with what that side may do to it.
import { Badge, type BadgeProps, Card, Flex, Skeleton, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuCalendarX } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { Notice, panelNotice, QueryState } from "../../ui/QueryState";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { ClaimPurchaseDialog } from "../purchases";
import { AppointmentSection } from "./AppointmentSection";
import type { Actions, AppointmentSide, Outcome } from "./AppointmentVisits";
import { splitAppointments } from "./appointmentLists";
import { CancelAppointmentDialog } from "./CancelAppointmentDialog";
import { OutcomeDialog } from "./OutcomeDialog";
import { RescheduleAppointmentDialog } from "./RescheduleAppointmentDialog";
import { useInvalidateAppointments } from "./useAppointmentCaches";

const SECTION_KINDS = ["upcoming", "past"] as const;

/** Placeholder cards while appointments load. */
export function AppointmentListSkeleton() {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label="Loading appointments">
      {[0, 1, 2].map((i) => (
        <Card.Root key={i} borderRadius="xl" borderColor="border.muted">
          <Card.Body p="5">
            <Flex gap="4">
              <Skeleton boxSize="14" borderRadius="lg" />
              <Stack flex="1" gap="2">
                <Skeleton height="4" width="50%" />
                <Skeleton height="3.5" width="70%" />
                <Skeleton height="3.5" width="35%" />
              </Stack>
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/** On the salesperson's side: how many visits have passed and wait for Complete or No-show; nothing at none. */
export function AwaitingOutcomeBadge({ count, ...badge }: { count: number } & BadgeProps) {
  if (count <= 0) return null;
  return (
    <Badge colorPalette="purple" variant="subtle" size="lg" borderRadius="full" px="3" {...badge}>
      {count} awaiting an outcome
    </Badge>
  );
}

/** On the salesperson's side: the notice standing in for the list while no visit has been booked. */
export function NoBookingsNotice({ title, description }: { title: string; description: string }) {
  return (
    <Notice
      icon={LuCalendarX}
      title={title}
      description={description}
      descriptionMaxW="sm"
      {...panelNotice(false)}
      py="12"
    />
  );
}

/**
 * Upcoming and past appointments of one side, loaded by `query`, with Cancel on both sides, Reschedule for
 * the customer, and Complete / No-show for the salesperson. `header` opens the loaded list; `empty` stands
 * in for it when there is no appointment at all. `afterChange` refreshes what a change touches.
 */
export function AppointmentList({
  side,
  query,
  header,
  empty,
  afterChange,
}: {
  side: AppointmentSide;
  query: {
    data: AppointmentView[] | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  header?: (summary: { awaitingOutcome: number }) => ReactNode;
  empty: ReactNode;
  afterChange?: () => Promise<unknown>;
}) {
  const invalidate = useInvalidateAppointments();
  const refresh = afterChange ?? invalidate;
  const cancelling = useDialogSubject<AppointmentView>();
  const moving = useDialogSubject<AppointmentView>();
  const closing = useDialogSubject<{ appointment: AppointmentView; outcome: Outcome }>();
  const buying = useDialogSubject<AppointmentView>();
  const actions: Actions = {
    onCancel: cancelling.show,
    onReschedule: moving.show,
    onOutcome: (appointment, outcome) => closing.show({ appointment, outcome }),
    onClaimPurchase: side === "customer" ? buying.show : undefined,
  };

  return (
    <QueryState
      query={query}
      loading={<AppointmentListSkeleton />}
      error={{
        title: "We couldn't load your appointments",
        description: "Check your connection and try again.",
      }}
    >
      {(all) => {
        const { awaitingOutcome, ...sections } = splitAppointments(all);
        return (
          <Stack gap={side === "customer" ? "8" : "6"}>
            {header?.({ awaitingOutcome })}
            {all.length === 0
              ? empty
              : SECTION_KINDS.map((kind) => (
                  <AppointmentSection
                    key={kind}
                    side={side}
                    kind={kind}
                    appointments={sections[kind]}
                    actions={actions}
                  />
                ))}
            <CancelAppointmentDialog
              side={side}
              appointment={cancelling.subject}
              open={cancelling.open}
              onOpenChange={cancelling.setOpen}
              afterChange={refresh}
            />
            {side === "customer" && buying.subject ? (
              <ClaimPurchaseDialog
                open={buying.open}
                onOpenChange={buying.setOpen}
                salesperson={{
                  id: buying.subject.salespersonId,
                  name: buying.subject.salespersonName,
                  dealership: buying.subject.dealership,
                }}
              />
            ) : null}
            {side === "customer" ? (
              <RescheduleAppointmentDialog
                appointment={moving.subject}
                open={moving.open}
                onOpenChange={moving.setOpen}
              />
            ) : (
              <OutcomeDialog
                pending={closing.subject}
                open={closing.open}
                onOpenChange={closing.setOpen}
                afterChange={refresh}
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
