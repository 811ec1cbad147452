// Invitations not answered yet, where they were sent from (a manager's team, the administrators' console):
// who, since when, until when, with resend (a new link, a new expiry) and revoke.
import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { LuMailX, LuSend } from "react-icons/lu";
import type { SentInvitation } from "../../../shared/schemas/invitations";
import { trpc } from "../../trpc";
import { ActionRow, type RowAnswer } from "../../ui/ActionRow";
import { mediumDate } from "../../ui/format";
import { toastOutcome } from "../../ui/mutationToasts";
import { RevokeInvitationDialog } from "../../ui/RevokeInvitationDialog";
import { useDialogSubject } from "../../ui/useDialogSubject";

/** Whom an invitation names: the profile's name when there is one, else its address. */
export function inviteeName(invitation: SentInvitation): string {
  return invitation.name ?? invitation.email;
}

/** A resend mutation: a team's or the console's (invitations.resend), or a dealer group's (groups.resendInvitation). */
type Resend = {
  isPending: boolean;
  variables?: { id: string } | undefined;
  mutate: (input: { id: string }, outcome: ReturnType<typeof toastOutcome>) => void;
};

/**
 * An invitation's answers where it is listed (the team's, a dealer group's, the console's): Resend (a new link, a new expiry), with
 * its toast, and Revoke, which `onRevoke` asks to confirm.
 */
function invitationAnswers({
  invitation,
  who,
  resend,
  onChanged,
  onRevoke,
}: {
  invitation: { id: string; email: string };
  who: string;
  resend: Resend;
  onChanged: () => Promise<unknown>;
  onRevoke: () => void;
}): RowAnswer[] {
  return [
    {
      label: "Resend",
      icon: <LuSend />,
      ariaLabel: `Resend the invitation to ${who}`,
      loading: resend.isPending && resend.variables?.id === invitation.id,
      loadingText: "Sending",
      onClick: () =>
        resend.mutate(
          { id: invitation.id },
          toastOutcome(
            {
              title: "Invitation sent again",
              description: `A new link is on its way to ${invitation.email}; the old one no longer works.`,
            },
            "Couldn't resend the invitation",
            onChanged,
          ),
        ),
    },
    {
      label: "Revoke",
      icon: <LuMailX />,
      ariaLabel: `Revoke the invitation to ${who}`,
      palette: "red",
      onClick: onRevoke,
    },
  ];
}

/**
 * A people card's answers to each waiting invitation (a team's, a dealer group's): Resend with `resend`, then
 * `onChanged`; Revoke through the card's own confirmation.
 */
export function resendAndRevoke(resend: Resend, onChanged: () => Promise<unknown>) {
  return (invitation: { id: string; email: string; name: string | null }, onRevoke: () => void) => ({
    answers: invitationAnswers({
      invitation,
      who: invitation.name ?? invitation.email,
      resend,
      onChanged,
      onRevoke,
    }),
  });
}

export function SentInvitationList({
  invitations,
  showDealership,
  onChanged,
}: {
  invitations: SentInvitation[];
  /** The administrators' list spans dealerships; a manager's is their own. */
  showDealership: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const resend = trpc.invitations.resend.useMutation();
  const revoke = trpc.invitations.revoke.useMutation();
  const revoking = useDialogSubject<SentInvitation>();

  return (
    <>
      <Stack as="ul" listStyleType="none" gap="3" aria-label="Pending invitations">
        {invitations.map((invitation) => {
          const who = inviteeName(invitation);
          return (
            <ActionRow
              key={invitation.id}
              answers={invitationAnswers({
                invitation,
                who,
                resend,
                onChanged,
                onRevoke: () => revoking.show(invitation),
              })}
            >
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {who}
                </Text>
                {invitation.expired ? (
                  <Badge colorPalette="orange">Expired</Badge>
                ) : invitation.name === null && invitation.role === "salesperson" ? (
                  <Badge colorPalette="blue">New to KnowBefore</Badge>
                ) : null}
              </HStack>
              {invitation.name !== null && (
                <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                  {invitation.email}
                </Text>
              )}
              {showDealership && (
                <Text fontSize="sm" color="fg.muted">
                  Manager of {invitation.dealership.name}, {invitation.dealership.city},{" "}
                  {invitation.dealership.state}
                </Text>
              )}
              <Text fontSize="xs" color="fg.muted">
                Sent {mediumDate.format(new Date(invitation.sentAt))}
                {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ""},{" "}
                {invitation.expired ? "expired" : "open until"}{" "}
                {mediumDate.format(new Date(invitation.expiresAt))}
              </Text>
            </ActionRow>
          );
        })}
      </Stack>
      <RevokeInvitationDialog revoking={revoking} revoke={revoke} onChanged={onChanged} />
    </>
  );
}
