// Inviting someone to a dealership's team or a dealer group in a role the inviter may give (owners any, managers
// staff): the e-mail, an optional name and the role; refusals the server explains are shown in the dialog.
import { Stack, Text } from "@chakra-ui/react";
import { type ComponentProps, type FormEvent, useState } from "react";
import { LuSend } from "react-icons/lu";
import type { z } from "zod";
import { INVITATION_TTL_DAYS } from "../../shared/schemas/invitations";
import { type DialogControl, FormDialog } from "./dialog";
import { showFailure } from "./failureToast";
import { InputField, SelectField } from "./form";
import { RefusalAlert } from "./RefusalAlert";
import { type Mutation, type RoleSet, roleOptions } from "./roles";
import { showToast } from "./toaster";
import { useFormDraft } from "./useFormDraft";

export type InviteTexts = {
  /** The dialog's title and its form's name. */
  title: string;
  subtitle: string;
  /** What the invitee joins, as the success toast says it ("your team"). */
  joins: string;
  /** The role's hint when the inviter may give one role only, and when more. */
  oneRoleHint: string;
  rolesHint: string;
};

export type InviteInput<R extends string> = { email: string; role: R; name?: string };

/** A form dialog whose action e-mails an invitation: "Send invitation", held back while `disabled`. */
export function SendInvitationDialog(
  props: Omit<ComponentProps<typeof FormDialog>, "confirmLabel" | "confirmIcon" | "pendingLabel">,
) {
  return (
    <FormDialog {...props} confirmLabel="Send invitation" confirmIcon={<LuSend />} pendingLabel="Sending" />
  );
}

export function InvitePersonDialog<R extends string>({
  open,
  onOpenChange,
  roles,
  roleSet,
  schema,
  invite,
  texts,
  onInvited,
}: DialogControl & {
  /** The roles the inviter may give, the last one chosen first. */
  roles: readonly R[];
  roleSet: RoleSet<R>;
  schema: z.ZodType<InviteInput<R>>;
  invite: Mutation<InviteInput<R>, { email: string; role: R }>;
  texts: InviteTexts;
  onInvited: () => Promise<unknown>;
}) {
  const form = useFormDraft<{ email: string; name: string; role: string }>({
    email: "",
    name: "",
    role: roles.at(-1) ?? roleSet.all.at(-1)!,
  });
  const [refused, setRefused] = useState<string | null>(null);
  const close = () => {
    onOpenChange(false);
    form.reset();
    setRefused(null);
    invite.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const input = form.check(schema, {
      email: form.draft.email,
      role: form.draft.role,
      ...(form.draft.name.trim() ? { name: form.draft.name.trim() } : {}),
    });
    if (!input) return;
    invite.mutate(input, {
      onSuccess: async (invited) => {
        showToast({
          title: "Invitation sent",
          description: `We e-mailed ${invited.email} an invitation to join ${texts.joins} as ${roleSet.labels[invited.role].toLowerCase()}. They join once they accept it.`,
          variant: "success",
        });
        close();
        await onInvited();
      },
      onError: (error) => {
        if (form.showServerErrors(error)) return;
        const message = roleSet.refusal(error);
        if (message) setRefused(message);
        else showFailure("Couldn't send the invitation", error);
      },
    });
  };
  return (
    <SendInvitationDialog
      open={open}
      onOpenChange={onOpenChange}
      onCancel={close}
      title={texts.title}
      subtitle={texts.subtitle}
      label={texts.title}
      onSubmit={submit}
      pending={invite.isPending}
      disabled={form.draft.email.trim() === ""}
    >
      <Stack gap="4">
        <InputField label="Email" required type="email" autoComplete="off" {...form.bind("email")} />
        <InputField label="Name" note="optional" autoComplete="off" {...form.bind("name")} />
        <SelectField
          label="Role"
          hint={roles.length === 1 ? texts.oneRoleHint : texts.rolesHint}
          options={roleOptions(roleSet, roles)}
          {...form.bind("role")}
        />
        <Text fontSize="xs" color="fg.muted">
          The invitation stays open for {INVITATION_TTL_DAYS} days; you can resend or revoke it until then.
        </Text>
        {refused ? <RefusalAlert message={refused} /> : null}
      </Stack>
    </SendInvitationDialog>
  );
}
