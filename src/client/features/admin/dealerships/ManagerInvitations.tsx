// Administrators invite a dealership's manager (handing the dealership over when it has one) and see the
// manager invitations not answered yet, with resend and revoke (docs/product/invitations.md).
import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import type { AdminDealership } from "../../../../shared/schemas/admin";
import { INVITATION_TTL_DAYS } from "../../../../shared/schemas/invitations";
import { trpc } from "../../../trpc";
import { InputField } from "../../../ui/form";
import { SectionCard } from "../../../ui/SectionCard";
import { SentInvitationList } from "../../invitations";
import { WaitingList } from "../../manager";
import { RecordFormDialog, saveRecord } from "../recordForm";

export function InviteManagerDialog({
  dealership,
  onOpenChange,
}: {
  dealership: AdminDealership | null;
  onOpenChange: (open: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const invite = trpc.invitations.inviteManager.useMutation();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (dealership) {
      setEmail("");
      setName("");
      setTried(false);
    }
  }, [dealership]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!dealership || !email.trim()) return;
    await saveRecord({
      save: () =>
        invite.mutateAsync({
          dealershipId: dealership.id,
          email: email.trim(),
          ...(name.trim() ? { name: name.trim() } : {}),
        }),
      success: (sent) => ({
        title: "Invitation sent",
        description: `We e-mailed ${sent.email} an invitation to manage ${sent.dealership.name}.`,
      }),
      failTitle: "Couldn't send the invitation",
      onClose: () => onOpenChange(false),
      refresh: () => utils.invitations.managerInvitations.invalidate(),
    });
  };

  return (
    <RecordFormDialog
      open={dealership !== null}
      onOpenChange={onOpenChange}
      title="Invite a manager"
      subtitle={
        dealership?.managerEmail
          ? `${dealership.name} is managed by ${dealership.managerEmail}. When the invitee accepts, they take over and ${dealership.managerEmail} loses the manager role.`
          : `When the invitee accepts, they manage ${dealership?.name ?? "the dealership"}.`
      }
      confirmLabel="Send invitation"
      size="md"
      pending={invite.isPending}
      onSubmit={submit}
    >
      <Stack gap="4">
        <InputField
          label="Email"
          required
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={tried && !email.trim() ? "Email is required" : undefined}
        />
        <InputField
          label="Name"
          note="optional, greets them in the e-mail"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Text fontSize="xs" color="fg.muted">
          The link works once, for this address only, for {INVITATION_TTL_DAYS} days.
        </Text>
      </Stack>
    </RecordFormDialog>
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
