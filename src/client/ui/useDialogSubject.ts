import { useState } from "react";

/**
 * What a dialog is about (the appointment to cancel, the review to flag) and whether it is open. The
 * subject stays set while the dialog closes, so its content doesn't vanish during the closing animation.
 */
export function useDialogSubject<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    subject,
    open,
    setOpen,
    show: (next: T) => {
      setSubject(next);
      setOpen(true);
    },
    /** What follows a confirmed change (a `toastOutcome`'s `after`): the dialog closes, then `after` runs. */
    closeThen: (after: () => unknown) => () => {
      setOpen(false);
      return after();
    },
  };
}
