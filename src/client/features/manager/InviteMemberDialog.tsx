// Inviting someone to the dealership's own team in a role the inviter may give (owners any, managers staff).
import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuSend } from "react-icons/lu";
import { DEALERSHIP_ROLE_LABELS, type DealershipRole } from "../../../shared/constants";
import { INVITATION_TTL_DAYS } from "../../../shared/schemas/invitations";
import { inviteMemberInput } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { InputField, SelectField } from "../../ui/form";
import { RefusalAlert } from "../../ui/RefusalAlert";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";
import { refusal, roleOptions } from "./teamRoles";

export function InviteMemberDialog({
  open,
  onOpenChange,
  roles,
  onInvited,
}: DialogControl & { roles: readonly DealershipRole[]; onInvited: () => Promise<unknown> }) {
  const initial = { email: "", name: "", role: roles.at(-1) ?? "staff" };
  const form = useFormDraft(initial);
  const [refused, setRefused] = useState<string | null>(null);
  const invite = trpc.manager.inviteMember.useMutation();
  const close = () => {
    onOpenChange(false);
    form.reset();
    setRefused(null);
    invite.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const input = form.check(inviteMemberInput, {
      email: form.draft.email,
      role: form.draft.role,
      ...(form.draft.name.trim() ? { name: form.draft.name.trim() } : {}),
    });
    if (!input) return;
    invite.mutate(input, {
      onSuccess: async (invited) => {
        showToast({
          title: "Invitation sent",
          description: `We e-mailed ${invited.email} an invitation to join your team as ${DEALERSHIP_ROLE_LABELS[invited.role].toLowerCase()}. They join once they accept it.`,
          variant: "success",
        });
        close();
        await onInvited();
      },
      onError: (error) => {
        if (form.showServerErrors(error)) return;
        const message = refusal(error);
        if (message) setRefused(message);
        else showFailure("Couldn't send the invitation", error);
      },
    });
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      busy={invite.isPending}
    >
      <DialogHeading
        title="Invite a team member"
        subtitle="We e-mail them an invitation; they join your dealership's team in the role you choose when they accept it."
      />
      <DialogForm
        label="Invite a team member"
        onSubmit={submit}
        onCancel={close}
        submit={{
          confirmLabel: "Send invitation",
          confirmIcon: <LuSend />,
          pendingLabel: "Sending",
          pending: invite.isPending,
          disabled: form.draft.email.trim() === "" || invite.isPending,
        }}
      >
        <Stack gap="4">
          <InputField label="Email" required type="email" autoComplete="off" {...form.bind("email")} />
          <InputField label="Name" note="optional" autoComplete="off" {...form.bind("name")} />
          <SelectField
            label="Role"
            hint={
              roles.length === 1
                ? "Managers invite staff; the owners give the owner and manager roles."
                : "Owners: billing, the team, everything. Managers: the team, reviews, reports and CRM. Staff: bookings."
            }
            options={roleOptions(roles)}
            {...form.bind("role")}
          />
          <Text fontSize="xs" color="fg.muted">
            The invitation stays open for {INVITATION_TTL_DAYS} days; you can resend or revoke it until then.
          </Text>
          {refused ? <RefusalAlert message={refused} /> : null}
        </Stack>
      </DialogForm>
    </DialogFrame>
  );
}
