import { Container, Stack, Text } from "@chakra-ui/react";
import { LuCheck, LuX } from "react-icons/lu";
import type { SalespersonInvitation } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { ActionRow } from "../../ui/ActionRow";
import { mediumDate } from "../../ui/format";
import { toastOutcome } from "../../ui/mutationToasts";
import { SectionCard } from "../../ui/SectionCard";

const PAYS: Record<SalespersonInvitation["paymentModel"], string> = {
  dealership: "the dealership pays for your listing",
  individual: "you keep paying for your own listing",
};

/**
 * Invitations from dealership managers to join their team. Nothing about the profile changes until its owner
 * accepts here; declining tells the manager.
 */
export function TeamInvitations() {
  const invitations = trpc.portal.invitations.useQuery();
  const utils = trpc.useUtils();
  const accept = trpc.portal.acceptInvitation.useMutation();
  const decline = trpc.portal.declineInvitation.useMutation();
  if (!invitations.data || invitations.data.length === 0) return null;

  const answered = () =>
    Promise.all([
      utils.portal.invitations.invalidate(),
      utils.portal.me.invalidate(),
      utils.auth.invalidate(),
    ]);
  /** Accepting and declining end alike: the invitation, the profile and the session change. */
  const answer = (success: { title: string; description: string }) =>
    toastOutcome(success, "Couldn't answer the invitation", answered);
  const busy = accept.isPending || decline.isPending;

  return (
    <Container maxW="7xl" pt={{ base: "5", md: "8" }}>
      <SectionCard
        title={`Invitations to join a dealership (${invitations.data.length})`}
        label="Invitations to join a dealership"
        description="Accepting moves your profile, reviews and history to that dealership's team. Nothing changes unless you accept."
        borderColor="blue.300"
      >
        <Stack as="ul" listStyleType="none" gap="3">
          {invitations.data.map((invitation) => {
            const { dealership } = invitation;
            return (
              <ActionRow
                key={invitation.id}
                answers={[
                  {
                    label: "Accept",
                    icon: <LuCheck />,
                    ariaLabel: `Accept the invitation from ${dealership.name}`,
                    palette: "green",
                    disabled: busy,
                    loading: accept.isPending && accept.variables?.id === invitation.id,
                    loadingText: "Joining",
                    onClick: () =>
                      accept.mutate(
                        { id: invitation.id },
                        answer({
                          title: `You joined ${dealership.name}`,
                          description: "Your profile now shows your new dealership.",
                        }),
                      ),
                  },
                  {
                    label: "Decline",
                    icon: <LuX />,
                    ariaLabel: `Decline the invitation from ${dealership.name}`,
                    disabled: busy,
                    loading: decline.isPending && decline.variables?.id === invitation.id,
                    loadingText: "Declining",
                    onClick: () =>
                      decline.mutate(
                        { id: invitation.id },
                        answer({
                          title: "Invitation declined",
                          description: `We let ${dealership.name} know.`,
                        }),
                      ),
                  },
                ]}
              >
                <Text fontWeight="medium">
                  {dealership.name}, {dealership.city}, {dealership.state}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  If you join, {PAYS[invitation.paymentModel]}. Open until{" "}
                  {mediumDate.format(new Date(invitation.expiresAt))}.
                </Text>
              </ActionRow>
            );
          })}
        </Stack>
      </SectionCard>
    </Container>
  );
}
