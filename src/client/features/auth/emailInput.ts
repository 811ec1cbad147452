import { emailSchema } from "../../../shared/schemas/auth";

export type EmailCheck =
  | { kind: "empty" }
  | { kind: "invalid"; message: string }
  | { kind: "ok"; email: string };

/** Trims and lowercases what was typed, and says whether it is empty, malformed or usable. */
export function checkEmail(raw: string): EmailCheck {
  if (raw.trim().length === 0) return { kind: "empty" };
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      kind: "invalid",
      message: parsed.error.issues[0]?.message ?? "Please enter a valid email address",
    };
  }
  return { kind: "ok", email: parsed.data };
}
