// What the held-review and flagged-review queues share: the dialog that asks for the administrator's note
// before a decision on a review goes through, and the rating shown beside each review.
import { HStack, Text } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../../ui/dialog";
import { showFailure } from "../../../ui/failureToast";
import { TextareaField } from "../../../ui/form";
import { StarRow } from "../../../ui/Rating";
import { showToast } from "../../../ui/toaster";
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
 * Asks for the note that goes with a decision (required when `note.required`) and sends it, trimmed, with
 * `send`. Then says how it went: `copy.toast` with `done` and the dialog closes, or `failure.title` with the
 * server's reason and `failure.after` runs (e.g. to refresh a queue whose review was decided meanwhile).
 */
export function ReviewDecisionDialog({
  copy,
  icon,
  note,
  pending,
  send,
  done,
  failure,
  open,
  onOpenChange,
}: {
  copy: ReviewDecisionCopy;
  icon: ReactNode;
  note: { label: string; required?: boolean; hint: string };
  pending: boolean;
  send: (note: string) => Promise<unknown>;
  /** The success toast's description. */
  done: string;
  failure: { title: string; after: (error: unknown) => Promise<unknown> };
} & DialogControl) {
  const { text, setText, missing, setMissing } = useDialogText(open);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (note.required && !text.trim()) {
      setMissing(true);
      return;
    }
    try {
      await send(text.trim());
      showToast({ title: copy.toast, description: done, variant: "success" });
      onOpenChange(false);
    } catch (error) {
      showFailure(failure.title, error);
      await failure.after(error);
    }
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
