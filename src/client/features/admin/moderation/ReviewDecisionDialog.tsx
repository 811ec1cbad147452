// What the held-review and flagged-review queues share: the dialog that asks for the administrator's note
// before a decision on a review goes through, and the rating shown beside each review.
import { HStack, Text } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../../ui/dialog";
import { TextareaField } from "../../../ui/form";
import { StarRow } from "../../../ui/Rating";
import { useDialogText } from "../../../ui/useDialogText";

/** The words of one decision: the dialog's question and explanation, its button, and the success toast. */
export type ReviewDecisionCopy = {
  title: string;
  explain: string;
  confirm: string;
  pending: string;
  palette: "green" | "red";
  toast: string;
};

/**
 * Asks for the note that goes with a decision (required when `note.required`) and hands it, trimmed, to
 * `onDecide`, which says how it went and closes the dialog.
 */
export function ReviewDecisionDialog({
  copy,
  icon,
  note,
  pending,
  onDecide,
  open,
  onOpenChange,
}: {
  copy: ReviewDecisionCopy;
  icon: ReactNode;
  note: { label: string; required?: boolean; hint: string };
  pending: boolean;
  onDecide: (note: string) => Promise<void>;
} & DialogControl) {
  const { text, setText, missing, setMissing } = useDialogText(open);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (note.required && !text.trim()) {
      setMissing(true);
      return;
    }
    await onDecide(text.trim());
  };

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} layout="card" size="md" alert busy={pending}>
      <DialogHeading title={copy.title} subtitle={copy.explain} />
      <DialogForm
        label={copy.title}
        onSubmit={(e) => void submit(e)}
        onCancel={() => onOpenChange(false)}
        plain
        submit={{
          confirmLabel: copy.confirm,
          confirmIcon: icon,
          pendingLabel: copy.pending,
          pending,
          palette: copy.palette,
        }}
      >
        <TextareaField
          label={note.label}
          required={note.required}
          note={note.required ? undefined : "optional"}
          rows={3}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={missing ? "Please give a reason for your decision" : undefined}
          hint={note.hint}
        />
      </DialogForm>
    </DialogFrame>
  );
}

/** A review's overall rating as stars and "n/5", at the top right of its card. */
export function ReviewRating({ value }: { value: number }) {
  return (
    <HStack gap="2">
      <StarRow value={value} label={`Rated ${value} out of 5`} />
      <Text fontSize="sm" fontWeight="semibold">
        {value}/5
      </Text>
    </HStack>
  );
}
