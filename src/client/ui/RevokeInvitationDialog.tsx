// Asking before an invitation is revoked (the team's, a dealer group's, the console's lists of invitations
// waiting): who will no longer be able to accept it, then a toast and the list refetched.
import { ConfirmDialog } from "./ConfirmDialog";
import { toastOutcome } from "./mutationToasts";
import type { Mutation } from "./roles";
import type { useDialogSubject } from "./useDialogSubject";

type Invitation = { id: string; email: string; name: string | null };

export function RevokeInvitationDialog<T extends Invitation>({
  revoking,
  revoke,
  revokedName = (invitation) => invitation.name ?? invitation.email,
  onChanged,
}: {
  revoking: ReturnType<typeof useDialogSubject<T>>;
  revoke: Pick<Mutation<{ id: string }>, "mutate" | "isPending">;
  /** Whom the toast names once it is revoked: the invitee's name, else their address. */
  revokedName?: (invitation: T) => string;
  onChanged: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      open={revoking.open}
      onOpenChange={revoking.setOpen}
      title="Revoke this invitation?"
      description={`${revoking.subject ? (revoking.subject.name ?? revoking.subject.email) : "The invitee"} will no longer be able to accept it. You can invite them again later.`}
      confirmLabel="Revoke"
      pendingLabel="Revoking"
      isPending={revoke.isPending}
      onConfirm={() => {
        const subject = revoking.subject;
        if (!subject) return;
        revoke.mutate(
          { id: subject.id },
          toastOutcome(
            { title: "Invitation revoked", description: `${revokedName(subject)} can no longer accept it.` },
            "Couldn't revoke the invitation",
            revoking.closeThen(onChanged),
          ),
        );
      }}
    />
  );
}
