// A form's draft and field errors: editing a field clears its error, the shared zod schema or the server
// fills them (first message per field), and the first invalid field takes the focus.
import { type ChangeEvent, useRef, useState } from "react";
import type { z } from "zod";

export type FieldErrors<K extends PropertyKey = string> = Partial<Record<K, string>>;

type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;

/** The first message for each field (by the first step of its path) of a list of zod issues. */
export function firstMessages(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The first message for each field of a failed call's `data.fieldErrors` (the server's schema answer). */
export function serverFieldErrors(error: unknown): FieldErrors {
  const data = (error as { data?: { fieldErrors?: Record<string, string[] | undefined> } } | null)?.data;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(data?.fieldErrors ?? {})) {
    if (messages?.[0]) errors[field] = messages[0];
  }
  return errors;
}

function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A form's draft without field errors (the server's refusal is a toast): `field(key)` wires a text field to the
 * draft, its value and its change.
 */
export function useDraft<D extends Record<string, unknown>>(initial: D | (() => D)) {
  const [draft, setDraft] = useState<D>(initial);
  const field = <K extends TextKey<D>>(key: K) => ({
    value: draft[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });
  return { draft, setDraft, field };
}

/** A form's draft and errors; `bind(key)` wires a text field, `formRef` lets errors take the focus. */
export function useFormDraft<D extends Record<string, unknown>>(initial: D | (() => D)) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof D & string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof D & string>(key: K, value: D[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** Shows `found` on the fields and focuses the first of them; true when there is nothing to show. */
  const show = (found: FieldErrors): boolean => {
    setErrors(found as FieldErrors<keyof D & string>);
    if (!hasErrors(found)) return true;
    const elements = Array.from(formRef.current?.elements ?? []) as HTMLInputElement[];
    elements.find((element) => element.name && found[element.name])?.focus();
    return false;
  };

  return {
    draft,
    errors,
    formRef,
    set,
    show,
    bind: <K extends TextKey<D>>(key: K) => ({
      name: key,
      value: draft[key] as string,
      error: errors[key],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(key, event.currentTarget.value as D[K]),
    }),
    /** Parses `input` (the draft by default); `adjust` may add errors. The output, or null on errors. */
    check: <T>(
      schema: z.ZodType<T>,
      input: unknown = draft,
      adjust?: (found: FieldErrors) => FieldErrors,
    ): T | null => {
      const parsed = schema.safeParse(input);
      const found = parsed.success ? {} : firstMessages(parsed.error.issues);
      const clear = show(adjust ? adjust(found) : found);
      return clear && parsed.success ? parsed.data : null;
    },
    /** Puts the field errors of a refused call on the fields; true when there were any. */
    showServerErrors: (error: unknown): boolean => {
      const found = serverFieldErrors(error);
      const known = Object.fromEntries(Object.entries(found).filter(([field]) => field in draft));
      return hasErrors(known) && !show(known);
    },
    /** Back to `next` (or the first draft), with no errors. */
    reset: (next?: D) => {
      setDraft(next ?? initial);
      setErrors({});
    },
  };
}
