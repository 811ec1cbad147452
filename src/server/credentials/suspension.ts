// What a suspended account is told wherever it tries to sign in (links, their redemption, the admin console):
// one clear sentence and a 403, never a link or a session (docs/product/admin.md#suspension).
import { appError } from "../appError";
import type { UserRow } from "../db/rows";

export const ACCOUNT_SUSPENDED_MESSAGE =
  "This account is suspended. Please contact KnowBefore support if you think this is a mistake.";

/** Suspended, as opposed to erased: an administrator stopped it and said why. */
export function isSuspended(user: Partial<Pick<UserRow, "suspension_reason">> | null | undefined): boolean {
  return Boolean(user?.suspension_reason);
}

export function accountSuspended() {
  return appError("FORBIDDEN", ACCOUNT_SUSPENDED_MESSAGE, "ACCOUNT_SUSPENDED");
}
