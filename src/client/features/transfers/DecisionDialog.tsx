import { Stack, Text } from "@chakra-ui/react";
import type { FormEvent } from "react";
import { TRANSFER_REASON_MAX } from "../../../shared/schemas/transfers";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { TextareaField } from "../../ui/form";
import type { useDialogSubject } from "../../ui/useDialogSubject";
import { useDialogText } from "../../ui/useDialogText";

/** What a decision dialog says for one answer (decline, accept, deny, approve). */
export type DecisionTexts = {
  title: string;
  subtitle: string;
  reasonLabel: string;
  reasonHint: string;
  /** Set when a reason is required: the message shown when it is missing. */
  requiredMessage?: string;
  confirmLabel: string;
  pendingLabel: string;
  palette: "green" | "red" | "blue";
};

/** The row a decision was chosen on, and the answer. */
export type TransferDecision<T, D extends string> = { transfer: T; decision: D };

/**
 * The decision dialog of a list of transfer requests, opened from a row with the answer chosen: what it says
 * comes from `texts`, who and where from `summary`, and `onDecide` sends the answer with its reason.
 */
export function TransferDecisionDialog<T extends { id: number }, D extends string>({
  dialog,
  texts,
  summary,
  pending,
  onDecide,
}: {
  dialog: ReturnType<typeof useDialogSubject<TransferDecision<T, D>>>;
  texts: Record<D, DecisionTexts>;
  summary: (transfer: T) => string;
  pending: boolean;
  onDecide: (answer: { id: number; decision: D; reason: string | null }) => void;
}) {
  const subject = dialog.subject;
  if (!subject) return null;
  return (
    <DecisionDialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      texts={texts[subject.decision]}
      summary={summary(subject.transfer)}
      pending={pending}
      onDecide={(reason) => onDecide({ id: subject.transfer.id, decision: subject.decision, reason })}
    />
  );
}

/**
 * A transfer decision that takes a reason: required to decline or deny (the salesperson reads it), optional
 * to accept or approve. Nothing is sent until the reason is there when it is required.
 */
function DecisionDialog({
  open,
  onOpenChange,
  texts,
  summary,
  pending,
  onDecide,
}: DialogControl & {
  texts: DecisionTexts;
  /** Who and where, shown above the reason. */
  summary: string;
  pending: boolean;
  onDecide: (reason: string | null) => void;
}) {
  const { title, subtitle, reasonLabel, reasonHint, requiredMessage, confirmLabel, pendingLabel, palette } =
    texts;
  const { text: reason, setText: setReason, missing, setMissing } = useDialogText(open);
  const error = missing ? requiredMessage : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    const isMissing = requiredMessage !== undefined && text === "";
    setMissing(isMissing);
    if (!isMissing) onDecide(text === "" ? null : text);
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
          <Text fontSize="sm" color="fg.muted" bg="bg.subtle" borderRadius="md" p="3">
            {summary}
          </Text>
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
              setMissing(false);
            }}
          />
        </Stack>
      </DialogForm>
    </DialogFrame>
  );
}
