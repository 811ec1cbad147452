import { z } from "zod";
import * as common from "../../../shared/schemas/common";
import * as shape from "../../../shared/schemas/security";
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
    rest: { method: "POST", path: "/security/setup-mfa" },
    description:
      "Starts a setup: a new secret, its otpauth URI and QR code; MFA is on only after enable-mfa.",
  }),
  enableMfa: signedInBeforeMfa.mutation(shape.enableMfaInput, shape.backupCodes, enableMfa, {
    rest: { method: "POST", path: "/security/enable-mfa" },
  }),
  disableMfa: signedIn.mutation(shape.disableMfaInput, common.ok, disableMfa, {
    rest: { method: "POST", path: "/security/disable-mfa" },
  }),
  regenerateBackupCodes: signedIn.mutation(
    shape.regenerateBackupCodesInput,
    shape.backupCodes,
    regenerateBackupCodes,
    { rest: { method: "POST", path: "/security/backup-codes" } },
  ),
  sessions: signedIn.query(
    shape.sessionListInput,
    z.array(shape.sessionView),
    (ctx, input) => listSessions(ctx, input?.userId),
    { rest: { method: "GET", path: "/security/sessions" } },
  ),
  terminateSession: signedIn.mutation(
    shape.terminateSessionInput,
    shape.terminatedSessions,
    terminateSession,
    {
      rest: { method: "POST", path: "/security/terminate-session" },
      description:
        "`{ sessionId }` ends one session; `{ allOthers: true }` every other session of the caller.",
    },
  ),
  events: signedIn.query(shape.securityEventsInput, shape.securityEventsPage, listSecurityEvents, {
    rest: { method: "GET", path: "/security/events", ...PAGE },
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
  addPasskey: signedInBeforeMfa.mutation(shape.addPasskeyInput, shape.passkeyView, addPasskey, {
    rest: { method: "POST", path: "/security/passkeys", status: 201 },
  }),
  renamePasskey: signedIn.mutation(shape.renamePasskeyInput, shape.passkeyView, renamePasskey, {
    rest: { method: "PATCH", path: "/security/passkeys/:id" },
  }),
  removePasskey: signedIn.mutation(shape.removePasskeyInput, common.ok, removePasskey, {
    rest: { method: "DELETE", path: "/security/passkeys/:id" },
  }),
  settings: admin.query(shape.securitySettings, securitySettings, {
    rest: { method: "GET", path: "/security/settings" },
  }),
  updateSettings: admin.mutation(
    shape.securitySettingsInput,
    shape.securitySettings,
    updateSecuritySettings,
    {
      rest: { method: "PUT", path: "/security/settings" },
    },
  ),
});
