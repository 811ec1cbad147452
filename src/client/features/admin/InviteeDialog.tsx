// The console's invitation dialogs (a dealership's manager, a dealer group's owner): an e-mail and an optional
// name for whom it invites, cleared each time the dialog opens on a new subject.
import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { INVITATION_TTL_DAYS } from "../../../shared/schemas/invitations";
import { InputField } from "../../ui/form";
import { RecordFormDialog } from "./recordForm";

export type Invitee = { email: string; name?: string };

/** Open while `subject` is set; `send` invites (see `saveRecord`) once the e-mail is filled in. */
export function InviteeDialog<T>({
  subject,
  onOpenChange,
  title,
  subtitle,
  pending,
  send,
}: {
  subject: T | null;
  onOpenChange: (open: boolean) => void;
  title: string;
  subtitle: string;
  pending: boolean;
  send: (subject: T, invitee: Invitee) => Promise<void>;
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
    await send(subject, { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) });
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
