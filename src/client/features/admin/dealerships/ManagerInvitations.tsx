// Administrators invite a dealership's manager (handing the dealership over when it has one) and see the
// manager invitations not answered yet, with resend and revoke (docs/product/invitations.md).
import type { AdminDealership } from "../../../../shared/schemas/admin";
import { trpc } from "../../../trpc";
import { SectionCard } from "../../../ui/SectionCard";
import { SentInvitationList } from "../../invitations";
import { WaitingList } from "../../manager";
import { InviteeDialog } from "../InviteeDialog";

export function InviteManagerDialog({
  dealership,
  onOpenChange,
}: {
  dealership: AdminDealership | null;
  onOpenChange: (open: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const invite = trpc.invitations.inviteManager.useMutation();
  return (
    <InviteeDialog
      subject={dealership}
      onOpenChange={onOpenChange}
      title="Invite a manager"
      subtitle={
        dealership?.managerEmail
          ? `${dealership.name} is managed by ${dealership.managerEmail}. When the invitee accepts, they take over and ${dealership.managerEmail} loses the manager role.`
          : `When the invitee accepts, they manage ${dealership?.name ?? "the dealership"}.`
      }
      pending={invite.isPending}
      invite={(dealership, invitee) => invite.mutateAsync({ dealershipId: dealership.id, ...invitee })}
      sent={(invitation) =>
        `We e-mailed ${invitation.email} an invitation to manage ${invitation.dealership.name}.`
      }
      refresh={() => utils.invitations.managerInvitations.invalidate()}
    />
  );
}

/** Manager invitations not answered yet, across every dealership; nothing when there are none. */
export function ManagerInvitations() {
  const utils = trpc.useUtils();
  const invitations = trpc.invitations.managerInvitations.useQuery();
  return (
    <WaitingList query={invitations} height="16" failure="We couldn't load the manager invitations">
      {(waiting) => (
        <SectionCard
          title={`Manager invitations waiting for an answer (${waiting.length})`}
          label="Pending manager invitations"
          description="Each invitee becomes the dealership's manager when they accept. Resending mails a new link and restarts the week."
        >
          <SentInvitationList
            invitations={waiting}
            showDealership
            onChanged={() =>
              Promise.all([
                utils.invitations.managerInvitations.invalidate(),
                utils.admin.dealerships.invalidate(),
              ])
            }
          />
        </SectionCard>
      )}
    </WaitingList>
  );
}
