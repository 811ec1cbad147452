import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { TRANSFER_REASON_MAX } from "../../../shared/schemas/transfers";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { TextareaField } from "../../ui/form";

/**
 * A transfer decision that takes a reason: required to decline or deny (the salesperson reads it), optional
 * to accept or approve. Nothing is sent until the reason is there when it is required.
 */
export function DecisionDialog({
  open,
  onOpenChange,
  title,
  subtitle,
  summary,
  reasonLabel,
  reasonHint,
  requiredMessage,
  confirmLabel,
  pendingLabel,
  palette,
  pending,
  onDecide,
}: DialogControl & {
  title: string;
  subtitle?: ReactNode;
  /** Who and where, shown above the reason. */
  summary?: ReactNode;
  reasonLabel: string;
  reasonHint?: string;
  /** Set when a reason is required: the message shown when it is missing. */
  requiredMessage?: string;
  confirmLabel: string;
  pendingLabel: string;
  palette: "green" | "red" | "blue";
  pending: boolean;
  onDecide: (reason: string | null) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setReason("");
      setError(null);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (requiredMessage && text === "") {
      setError(requiredMessage);
      return;
    }
    setError(null);
    onDecide(text === "" ? null : text);
  };

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} layout="card" size="md" busy={pending}>
      <DialogHeading title={title} subtitle={subtitle} />
      <DialogForm
        label={title}
        onSubmit={submit}
        onCancel={() => onOpenChange(false)}
        plain
        submit={{ confirmLabel, pendingLabel, pending, palette }}
      >
        <Stack gap="4">
          {summary ? (
            <Text fontSize="sm" color="fg.muted" bg="bg.subtle" borderRadius="md" p="3">
              {summary}
            </Text>
          ) : null}
          <TextareaField
            label={reasonLabel}
            note={requiredMessage ? undefined : "optional"}
            required={!!requiredMessage}
            error={error}
            hint={reasonHint}
            rows={3}
            maxLength={TRANSFER_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(null);
            }}
          />
        </Stack>
      </DialogForm>
    </DialogFrame>
  );
}
