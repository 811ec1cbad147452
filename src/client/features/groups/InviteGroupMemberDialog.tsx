// Inviting someone to the dealer group in a group role the inviter may give (group owners any, managers staff).
import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuSend } from "react-icons/lu";
import { GROUP_ROLE_LABELS, type GroupRole } from "../../../shared/constants";
import { inviteGroupMemberInput } from "../../../shared/schemas/groupPeople";
import { INVITATION_TTL_DAYS } from "../../../shared/schemas/invitations";
import { trpc } from "../../trpc";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { InputField, SelectField } from "../../ui/form";
import { RefusalAlert } from "../../ui/RefusalAlert";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";
import { groupRefusal, groupRoleOptions } from "./groupRoles";

export function InviteGroupMemberDialog({
  open,
  onOpenChange,
  roles,
  onInvited,
}: DialogControl & { roles: readonly GroupRole[]; onInvited: () => Promise<unknown> }) {
  const initial = { email: "", name: "", role: roles.at(-1) ?? "group_staff" };
  const form = useFormDraft(initial);
  const [refused, setRefused] = useState<string | null>(null);
  const invite = trpc.groups.inviteMember.useMutation();
  const close = () => {
    onOpenChange(false);
    form.reset();
    setRefused(null);
    invite.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const input = form.check(inviteGroupMemberInput, {
      email: form.draft.email,
      role: form.draft.role,
      ...(form.draft.name.trim() ? { name: form.draft.name.trim() } : {}),
    });
    if (!input) return;
    invite.mutate(input, {
      onSuccess: async (invited) => {
        showToast({
          title: "Invitation sent",
          description: `We e-mailed ${invited.email} an invitation to join your dealer group as ${GROUP_ROLE_LABELS[invited.role].toLowerCase()}. They join once they accept it.`,
          variant: "success",
        });
        close();
        await onInvited();
      },
      onError: (error) => {
        if (form.showServerErrors(error)) return;
        const message = groupRefusal(error);
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
        title="Invite someone to the group"
        subtitle="We e-mail them an invitation; they join your dealer group in the role you choose when they accept it."
      />
      <DialogForm
        label="Invite someone to the group"
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
                ? "Group managers invite group staff; the group's owners give the other roles."
                : "Group owners: every dealership as its owner, and the group's people. Group managers: every dealership as its manager. Group staff: every dealership's bookings."
            }
            options={groupRoleOptions(roles)}
            {...form.bind("role")}
          />
          <Text fontSize="xs" color="fg.muted">
            The invitation stays open for {INVITATION_TTL_DAYS} days.
          </Text>
          {refused ? <RefusalAlert message={refused} /> : null}
        </Stack>
      </DialogForm>
    </DialogFrame>
  );
}
