import { Container, Stack, Text } from "@chakra-ui/react";
import { LuCheck, LuX } from "react-icons/lu";
import type { SalespersonInvitation } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { ActionRow, type RowAnswer } from "../../ui/ActionRow";
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
  const accept = trpc.portal.acceptInvitation.useMutation();
  const decline = trpc.portal.declineInvitation.useMutation();
  if (!invitations.data || invitations.data.length === 0) return null;

  const busy = accept.isPending || decline.isPending;
  /**
   * Accepting and declining end alike (the invitation, the profile and the session change); they differ in
   * their mutation, their words and what the toast says.
   */
  const answer = (
    invitation: SalespersonInvitation,
    mutation: typeof accept | typeof decline,
    words: Pick<RowAnswer, "label" | "icon" | "palette" | "loadingText">,
    success: { title: string; description: string },
  ): RowAnswer => ({
    ...words,
    ariaLabel: `${words.label} the invitation from ${invitation.dealership.name}`,
    disabled: busy,
    loading: mutation.isPending && mutation.variables?.id === invitation.id,
    onClick: () =>
      mutation.mutate({ id: invitation.id }, toastOutcome(success, "Couldn't answer the invitation")),
  });

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
                  answer(
                    invitation,
                    accept,
                    { label: "Accept", icon: <LuCheck />, palette: "green", loadingText: "Joining" },
                    {
                      title: `You joined ${dealership.name}`,
                      description: "Your profile now shows your new dealership.",
                    },
                  ),
                  answer(
                    invitation,
                    decline,
                    { label: "Decline", icon: <LuX />, loadingText: "Declining" },
                    { title: "Invitation declined", description: `We let ${dealership.name} know.` },
                  ),
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
