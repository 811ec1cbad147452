// /bookings: a dealership's bookings across its salespeople, for everyone who works there. Staff land here
// (the leads' dashboard is not theirs); owners and managers may open it too. Each visit is the salesperson's
// card, naming the salesperson booked, with the outcome and cancel buttons the salesperson has.
import { Container } from "@chakra-ui/react";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { DEALERSHIP_BOOKINGS_SHOWN, DEALERSHIP_ROLE_LABELS } from "../../../shared/constants";
import { AccessDenied, ManagerOrAdminSignIn, SessionLoading } from "../../ui/AccessGate";
import { AppShell } from "../../ui/layout/AppShell";
import { PageHeader } from "../../ui/layout/PageHeader";
import { useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import {
  AppointmentList,
  AwaitingOutcomeBadge,
  NamesSalesperson,
  NoBookingsNotice,
  useInvalidateAppointments,
} from "../appointments";
import { DealershipSwitcher } from "../groups";
import { managerQueries } from "./queries";

function Bookings({ role }: { role: keyof typeof DEALERSHIP_ROLE_LABELS }) {
  useDocumentTitle("Bookings");
  const bookings = useSuspenseQuery(managerQueries.bookings());
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAppointments();
  const afterChange = () =>
    Promise.all([
      invalidate(),
      queryClient.invalidateQueries({ queryKey: managerQueries.bookings().queryKey }),
    ]);
  return (
    <>
      <PageHeader
        eyebrow={`Your dealership · ${DEALERSHIP_ROLE_LABELS[role]}`}
        title="Bookings"
        lead={`Visits booked with your dealership's salespeople, in the dealership's local time: the last 30 days and everything ahead (the ${DEALERSHIP_BOOKINGS_SHOWN} nearest to today, when there are more).`}
        actions={<DealershipSwitcher />}
      />
      <Container maxW="4xl" py={{ base: "5", md: "8" }}>
        <NamesSalesperson.Provider value>
          <AppointmentList
            side="salesperson"
            query={bookings}
            afterChange={afterChange}
            header={({ awaitingOutcome }) => (
              <AwaitingOutcomeBadge count={awaitingOutcome} alignSelf="flex-start" />
            )}
            empty={
              <NoBookingsNotice
                title="No bookings yet"
                description="When buyers book a visit with one of your dealership's salespeople, it shows up here."
              />
            }
          />
        </NamesSalesperson.Provider>
      </Container>
    </>
  );
}

/** /bookings: the signed-in member's dealership's bookings; anyone who works for no dealership is denied. */
export function BookingsPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <SessionLoading />;
  if (!user)
    return <ManagerOrAdminSignIn title="Sign in to see your dealership's bookings" pageTitle="Bookings" />;
  if (user.dealershipId === null || user.dealershipRole === null)
    return (
      <AccessDenied description="Bookings are for the people who work at a dealership. Ask your dealership's owner or manager to invite you to its team." />
    );
  return (
    <AppShell>
      <Bookings role={user.dealershipRole} />
    </AppShell>
  );
}
