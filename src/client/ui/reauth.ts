// An administrator's re-authentication (docs/product/admin.md#re-authentication). When the server answers
// REAUTH_REQUIRED to the console's session, the dialog asks for the password, the admin code and the second
// factor, and the refused action runs once more after it passed. Others (and a cancelled dialog) get the
// refusal as it was. The dialog's code loads only when it is needed.
import { ErrorReason } from "../../shared/errorCodes";
import { readAdminSession } from "../adminSession";
import { apiErrorCause } from "../trpc";

/** A refusal of a REST call, with the machine code of its JSON answer. */
export class RefusedCall extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "RefusedCall";
  }
}

/** Whether the server refused for want of a recent proof of identity (tRPC or REST). */
export function needsReauthentication(error: unknown): boolean {
  return (
    apiErrorCause(error) === ErrorReason.REAUTH_REQUIRED ||
    (error instanceof RefusedCall && error.code === ErrorReason.REAUTH_REQUIRED)
  );
}

/** Only one dialog at a time: actions refused together wait for the same answer. */
let asking: Promise<boolean> | null = null;

function askToReauthenticate(): Promise<boolean> {
  asking ??= import("../features/admin/ReauthDialog")
    .then((m) => m.openReauthDialog())
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** Runs `action`; when an administrator's session is asked to re-authenticate, asks, then runs it once more. */
export async function withReauthentication<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!needsReauthentication(error) || !readAdminSession() || !(await askToReauthenticate())) throw error;
    return action();
  }
}
