// The add-or-edit dialog of a console record (dealership, salesperson, user): its form state, refilled each
// time the dialog opens, and the save that says how it went, closes and refreshes the lists it touched.
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import type { trpc } from "../../trpc";
import { DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { showToast } from "../../ui/toaster";

/** The form's fields, refilled from `fill()` each time the dialog opens; `tried` turns on missing-field errors. */
export function useRecordForm<F extends Record<string, string>>(open: boolean, fill: () => F) {
  const [form, setForm] = useState<F>(fill);
  const [tried, setTried] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening only, from the subject it opened for
  useEffect(() => {
    if (!open) return;
    setTried(false);
    setForm(fill());
  }, [open]);
  const set = (key: keyof F) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  return { form, setForm, set, tried, setTried };
}

/**
 * Saves and reports: on success the toast, closing and the refresh; on failure the server's message (or
 * `fallback`) under `failTitle`, and `onError` for what the caller learns from the error.
 */
export async function saveRecord<R>({
  save,
  success,
  failTitle,
  fallback = "Please check the details and try again.",
  onClose,
  refresh,
  onError,
}: {
  save: () => Promise<R>;
  success: (saved: R) => { title: string; description: string };
  failTitle: string;
  fallback?: string;
  onClose: () => void;
  refresh: () => Promise<unknown>;
  onError?: (error: unknown) => void;
}): Promise<void> {
  try {
    const saved = await save();
    showToast({ ...success(saved), variant: "success" });
    onClose();
    await refresh();
  } catch (error) {
    onError?.(error);
    showFailure(failTitle, error, fallback);
  }
}

/** A record changed: refresh its list, then (without waiting) the overview's counts. */
export async function refreshAfterChange(
  list: { invalidate: () => Promise<unknown> },
  utils: ReturnType<typeof trpc.useUtils>,
): Promise<void> {
  await list.invalidate();
  void utils.admin.overview.invalidate();
}

/** The dialog frame of a record form: the heading names it, Save (or Add) submits it. */
export function RecordFormDialog({
  open,
  onOpenChange,
  title,
  subtitle,
  confirmLabel,
  size = "lg",
  pending,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The heading and the form's accessible name. */
  title: string;
  subtitle?: ReactNode;
  confirmLabel: string;
  size?: "md" | "lg";
  pending: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} busy={pending} size={size}>
      <DialogHeading title={title} subtitle={subtitle} />
      <DialogForm
        label={title}
        onSubmit={(e) => void onSubmit(e)}
        onCancel={() => onOpenChange(false)}
        submit={{ confirmLabel, pendingLabel: "Saving...", pending }}
      >
        {children}
      </DialogForm>
    </DialogFrame>
  );
}
