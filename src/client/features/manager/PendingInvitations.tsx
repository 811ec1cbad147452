import { Button, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuMailX } from "react-icons/lu";
import type { TeamInvitation } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { ActionRow } from "../../ui/ActionRow";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { mediumDate } from "../../ui/format";
import { toastOutcome } from "../../ui/mutationToasts";
import { SectionCard } from "../../ui/SectionCard";
import { WaitingList } from "./WaitingList";

/**
 * Invitations sent to salespeople who already had a profile: they join only when they accept. Each holds a
 * place on the plan until it is answered, revoked or expires.
 */
export function PendingInvitations({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const invitations = trpc.manager.invitations.useQuery();
  return (
    <WaitingList query={invitations} height="16" failure="We couldn't load your invitations">
      {(waiting) => <InvitationList invitations={waiting} onChanged={onChanged} />}
    </WaitingList>
  );
}

function InvitationList({
  invitations,
  onChanged,
}: {
  invitations: TeamInvitation[];
  onChanged: () => Promise<unknown>;
}) {
  const revoke = trpc.manager.revokeInvitation.useMutation();
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);

  return (
    <SectionCard
      title={`Invitations waiting for an answer (${invitations.length})`}
      label="Pending invitations"
      description="These salespeople already have a KnowBefore profile. They join your team when they accept your invitation on their dashboard."
    >
      <Stack as="ul" listStyleType="none" gap="3">
        {invitations.map((invitation) => (
          <ActionRow
            key={invitation.id}
            actions={
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                flexShrink={0}
                onClick={() => setRevoking(invitation)}
                aria-label={`Revoke the invitation to ${invitation.name}`}
              >
                <LuMailX /> Revoke
              </Button>
            }
          >
            <Text fontWeight="medium">{invitation.name}</Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              {invitation.email}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Invited {mediumDate.format(new Date(invitation.createdAt))}, open until{" "}
              {mediumDate.format(new Date(invitation.expiresAt))}
            </Text>
          </ActionRow>
        ))}
      </Stack>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this invitation?"
        description={`${revoking?.name ?? "This salesperson"} will no longer be able to accept it. You can invite them again later.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking"
        isPending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(
            { id: revoking.id },
            toastOutcome(
              { title: "Invitation revoked", description: `${revoking.name} can no longer accept it.` },
              "Couldn't revoke the invitation",
              () => {
                setRevoking(null);
                return onChanged();
              },
            ),
          );
        }}
      />
    </SectionCard>
  );
}
