// Passkey ceremonies in the browser, for the Security page and the sign-in pages. @simplewebauthn/browser is
// imported only when a passkey is used, so pages without one (the landing page) never load it.

import type { WebAuthnErrorCode } from "@simplewebauthn/browser";
import type {
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeySignInInput,
} from "../../shared/schemas/security";
import { apiErrorCode, apiErrorMessage } from "../trpc";

/** A passkey's signed answer to a challenge, as the server reads it. */
export type PasskeyAnswer = PasskeySignInInput["response"];

const library = () => import("@simplewebauthn/browser");

/** Whether this browser can use passkeys at all (checked without loading the library). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** Asks the browser for a new passkey; answers what the server verifies. */
export async function createPasskey(options: PasskeyCreationOptions) {
  const { startRegistration } = await library();
  // The server's zod answer is the JSON the library expects; only its string unions are wider.
  return startRegistration({
    optionsJSON: options as Parameters<typeof startRegistration>[0]["optionsJSON"],
  });
}

/**
 * Asks the browser to sign a challenge with one of this site's passkeys. `autofill`: offer them in the e-mail
 * field's suggestions (conditional UI) instead of a dialog; answers null where the browser cannot.
 */
export async function getPasskey(
  options: PasskeyRequestOptions,
  autofill = false,
): Promise<PasskeyAnswer | null> {
  const { browserSupportsWebAuthnAutofill, startAuthentication } = await library();
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return null;
  const answer = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
    useBrowserAutofill: autofill,
  });
  // The library's extension results are a closed type; the server reads them as a record.
  return answer as PasskeyAnswer;
}

/** Ends a pending autofill request (leaving the page). */
export async function cancelPasskeyRequest() {
  const { WebAuthnAbortService } = await library();
  WebAuthnAbortService.cancelCeremony();
}

/** The words for a call the server never answered. */
export const NETWORK_ERROR = "Network error. Please try again.";

/**
 * What to tell the person when a passkey step failed: the server's refusal (else `refused`), a lost
 * connection, or the browser's part (null when they cancelled).
 */
export function passkeyProblem(failure: unknown, refused: string): string | null {
  if (apiErrorCode(failure) !== undefined) return apiErrorMessage(failure, refused);
  if (failure instanceof TypeError) return NETWORK_ERROR;
  return passkeyBrowserError(failure);
}

/** @simplewebauthn/browser's codes for a cancelled ceremony and an authenticator that already holds a passkey. */
const CEREMONY_ABORTED: WebAuthnErrorCode = "ERROR_CEREMONY_ABORTED";
const ALREADY_REGISTERED: WebAuthnErrorCode = "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED";

/**
 * What to tell the person when the browser's part failed: null when they cancelled (or a newer request took
 * over), which needs no message.
 */
export function passkeyBrowserError(error: unknown): string | null {
  const { name, code } = error as { name?: string; code?: string };
  if (code === CEREMONY_ABORTED || name === "AbortError") return null;
  if (name === "NotAllowedError") return "The passkey request was cancelled or timed out.";
  if (name === "InvalidStateError" || code === ALREADY_REGISTERED)
    return "This device already holds a passkey for your account.";
  if (name === "SecurityError")
    return "Passkeys are not available on this address. Open KnowBefore at its usual address and try again.";
  return "Your browser could not use a passkey. Try again, or sign in with an e-mailed link.";
}
