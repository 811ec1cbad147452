// The console's invitation dialogs (a dealership's manager, a dealer group's owner): an e-mail and an optional
// name for whom it invites, cleared each time the dialog opens on a new subject.
import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { INVITATION_TTL_DAYS } from "../../../shared/schemas/invitations";
import { InputField } from "../../ui/form";
import { RecordFormDialog, saveRecord } from "./recordForm";

export type Invitee = { email: string; name?: string };

/**
 * Open while `subject` is set; once the e-mail is filled in, `invite` sends the invitation, then the dialog says
 * whom it went to (`sent`), closes and refreshes what lists the invitations (see `saveRecord`).
 */
export function InviteeDialog<T, R>({
  subject,
  onOpenChange,
  title,
  subtitle,
  pending,
  invite,
  sent,
  refresh,
}: {
  subject: T | null;
  onOpenChange: (open: boolean) => void;
  title: string;
  subtitle: string;
  pending: boolean;
  invite: (subject: T, invitee: Invitee) => Promise<R>;
  /** The success toast's description. */
  sent: (invitation: R, subject: T) => string;
  refresh: () => Promise<unknown>;
}) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (subject) {
      setEmail("");
      setName("");
      setTried(false);
    }
  }, [subject]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!subject || !email.trim()) return;
    const invitee = { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) };
    await saveRecord({
      save: () => invite(subject, invitee),
      success: (invitation) => ({ title: "Invitation sent", description: sent(invitation, subject) }),
      failTitle: "Couldn't send the invitation",
      onClose: () => onOpenChange(false),
      refresh,
    });
  };
  return (
    <RecordFormDialog
      open={subject !== null}
      onOpenChange={onOpenChange}
      title={title}
      subtitle={subtitle}
      confirmLabel="Send invitation"
      size="md"
      pending={pending}
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
