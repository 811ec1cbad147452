import { z } from "zod";
import * as common from "../../../shared/schemas/common";
import * as shape from "../../../shared/schemas/security";
import {
  addPasskeyInput,
  disableMfaInput,
  enableMfaInput,
  regenerateBackupCodesInput,
  removePasskeyInput,
  renamePasskeyInput,
  securityEventsInput,
  securitySettingsInput,
  sessionListInput,
  terminateSessionInput,
} from "../../../shared/schemas/security";
import { PAGE } from "../../rest/declaration";
import { admin, signedIn, signedInBeforeMfa, taggedRouter } from "../../trpc/procedures";
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  removePasskey,
  renamePasskey,
} from "./passkeys";
import { beginMfaSetup, disableMfa, enableMfa, mfaStatus, regenerateBackupCodes } from "./secondFactor";
import { listSecurityEvents, securityOverview, securitySettings, updateSecuritySettings } from "./service";
import { listSessions, terminateSession } from "./sessions";

/** Every signed-in user manages their own account's security; administrators also see everyone's events. */
export const securityRouter = taggedRouter("Security", {
  overview: signedIn.query(shape.securityOverview, securityOverview, {
    rest: { method: "GET", path: "/security/overview" },
  }),
  mfaStatus: signedInBeforeMfa.query(shape.mfaStatus, mfaStatus, {
    rest: { method: "GET", path: "/security/mfa-status" },
  }),
  setupMfa: signedInBeforeMfa.mutation(shape.mfaSetup, beginMfaSetup, {
    rest: {
      method: "POST",
      path: "/security/setup-mfa",
      description:
        "Starts a setup: a new secret, its otpauth URI and QR code; MFA is on only after enable-mfa.",
    },
  }),
  enableMfa: signedInBeforeMfa.mutation(
    enableMfaInput,
    shape.backupCodes,
    (ctx, input) => enableMfa(ctx, input.code),
    { rest: { method: "POST", path: "/security/enable-mfa", input: "body" } },
  ),
  disableMfa: signedIn.mutation(disableMfaInput, common.ok, (ctx, input) => disableMfa(ctx, input.code), {
    rest: { method: "POST", path: "/security/disable-mfa", input: "body" },
  }),
  regenerateBackupCodes: signedIn.mutation(
    regenerateBackupCodesInput,
    shape.backupCodes,
    (ctx, input) => regenerateBackupCodes(ctx, input.code),
    { rest: { method: "POST", path: "/security/backup-codes", input: "body" } },
  ),
  sessions: signedIn.query(
    sessionListInput,
    z.array(shape.sessionView),
    (ctx, input) => listSessions(ctx, input?.userId),
    { rest: { method: "GET", path: "/security/sessions", input: "query" } },
  ),
  terminateSession: signedIn.mutation(terminateSessionInput, shape.terminatedSessions, terminateSession, {
    rest: {
      method: "POST",
      path: "/security/terminate-session",
      input: "body",
      description:
        "`{ sessionId }` ends one session; `{ allOthers: true }` every other session of the caller.",
    },
  }),
  events: signedIn.query(securityEventsInput, shape.securityEventsPage, listSecurityEvents, {
    rest: { method: "GET", path: "/security/events", input: "query", ...PAGE },
  }),
  // Listing and adding passkeys, like setting up TOTP, stay open to an administrator held back by the
  // platform's MFA requirement: a passkey is one of the two ways to meet it.
  passkeys: signedInBeforeMfa.query(z.array(shape.passkeyView), listPasskeys, {
    rest: { method: "GET", path: "/security/passkeys" },
  }),
  /** Adding a passkey, step 1: the options for navigator.credentials.create() (a recent sign-in needed). */
  passkeyRegistrationOptions: signedInBeforeMfa.mutation(
    shape.passkeyCreationOptions,
    passkeyRegistrationOptions,
    { rest: { method: "POST", path: "/security/passkeys/options" } },
  ),
  /** Step 2: the browser's answer, verified against that challenge; the passkey is kept under its name. */
  addPasskey: signedInBeforeMfa.mutation(addPasskeyInput, shape.passkeyView, addPasskey, {
    rest: { method: "POST", path: "/security/passkeys", input: "body", status: 201 },
  }),
  renamePasskey: signedIn.mutation(renamePasskeyInput, shape.passkeyView, renamePasskey, {
    rest: { method: "PATCH", path: "/security/passkeys/:id", input: "body" },
  }),
  removePasskey: signedIn.mutation(removePasskeyInput, common.ok, removePasskey, {
    rest: { method: "DELETE", path: "/security/passkeys/:id" },
  }),
  settings: admin.query(shape.securitySettings, securitySettings, {
    rest: { method: "GET", path: "/security/settings" },
  }),
  updateSettings: admin.mutation(securitySettingsInput, shape.securitySettings, updateSecuritySettings, {
    rest: { method: "PUT", path: "/security/settings", input: "body" },
  }),
});
