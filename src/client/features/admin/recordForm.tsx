// The add-or-edit dialog of a console record (dealership, salesperson, user): its form state, refilled each
// time the dialog opens, and the save that says how it went, closes and refreshes the lists it touched.
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { trpc } from "../../trpc";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { capitalise } from "../../ui/StatusBadge";
import { showToast } from "../../ui/toaster";
import type { useDialogSubject } from "../../ui/useDialogSubject";

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
  list: RecordCache,
  utils: ReturnType<typeof trpc.useUtils>,
): Promise<void> {
  await list.invalidate();
  void utils.admin.overview.invalidate();
}

/** A record that lists and caches under one tRPC query: its refresh after a change. */
export type RecordCache = { invalidate: () => Promise<unknown> };

/** The add-or-edit dialog of a record tab: open for the record to edit, or for null to add one. */
export type RecordEditing<T> = ReturnType<typeof useDialogSubject<T | null>>;

/**
 * The add-or-edit form of a console record called `noun` ("dealership"): its fields, refilled from `fill` each
 * time the dialog opens; the `required` ones checked on submit; the save (adding when the subject is null)
 * with toasts that say it was added or updated; and the refresh of its list and the overview. Answers the
 * form and the props of its RecordFormDialog.
 */
export function useAddOrEditForm<T, F extends Record<string, string>, R extends { name: string }>({
  noun,
  editing: { subject, open, setOpen: onOpenChange },
  fill,
  required,
  save,
  pending,
  cache,
}: {
  noun: string;
  editing: RecordEditing<T>;
  fill: (subject: T | null) => F;
  required: readonly (keyof F)[];
  save: (form: F, subject: T | null) => Promise<R>;
  pending: boolean;
  cache: RecordCache;
}) {
  const utils = trpc.useUtils();
  const { form, set, tried, setTried } = useRecordForm<F>(open, () => fill(subject));
  const editing = subject !== null;
  const blank = (key: keyof F) => !form[key]?.trim();
  /** A required field left empty once Save was pressed. */
  const missing = (key: keyof F) => tried && blank(key);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (required.some(blank)) return;
    await saveRecord({
      save: () => save(form, subject),
      success: (saved) => ({
        title: `${capitalise(noun)} ${editing ? "Updated" : "Added"}`,
        description: `${saved.name} was saved.`,
      }),
      failTitle: editing ? "Update Failed" : `Failed to add ${noun}`,
      onClose: () => onOpenChange(false),
      refresh: () => refreshAfterChange(cache, utils),
    });
  };
  const words = editing
    ? { title: `Edit ${noun}`, confirmLabel: "Save changes" }
    : { title: `Add ${noun}`, confirmLabel: `Add ${noun}` };
  return { form, set, missing, dialog: { open, onOpenChange, ...words, pending, onSubmit } };
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
}: DialogControl & {
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
