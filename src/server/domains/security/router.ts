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
  overview: signedIn.query(shape.securityOverview, securityOverview, { rest: "GET /security/overview" }),
  mfaStatus: signedInBeforeMfa.query(shape.mfaStatus, mfaStatus, { rest: "GET /security/mfa-status" }),
  setupMfa: signedInBeforeMfa.mutation(shape.mfaSetup, beginMfaSetup, {
    rest: "POST /security/setup-mfa",
    description:
      "Starts a setup: a new secret, its otpauth URI and QR code; MFA is on only after enable-mfa.",
  }),
  enableMfa: signedInBeforeMfa.mutation(shape.enableMfaInput, shape.backupCodes, enableMfa, {
    rest: "POST /security/enable-mfa",
  }),
  disableMfa: signedIn.mutation(shape.disableMfaInput, common.ok, disableMfa, {
    rest: "POST /security/disable-mfa",
  }),
  regenerateBackupCodes: signedIn.mutation(
    shape.regenerateBackupCodesInput,
    shape.backupCodes,
    regenerateBackupCodes,
    { rest: "POST /security/backup-codes" },
  ),
  sessions: signedIn.query(
    shape.sessionListInput,
    z.array(shape.sessionView),
    (ctx, input) => listSessions(ctx, input?.userId),
    { rest: "GET /security/sessions" },
  ),
  terminateSession: signedIn.mutation(
    shape.terminateSessionInput,
    shape.terminatedSessions,
    terminateSession,
    {
      rest: "POST /security/terminate-session",
      description:
        "`{ sessionId }` ends one session; `{ allOthers: true }` every other session of the caller.",
    },
  ),
  events: signedIn.query(shape.securityEventsInput, shape.securityEventsPage, listSecurityEvents, {
    rest: { route: "GET /security/events", ...PAGE },
  }),
  // Listing and adding passkeys, like setting up TOTP, stay open to an administrator held back by the
  // platform's MFA requirement: a passkey is one of the two ways to meet it.
  passkeys: signedInBeforeMfa.query(z.array(shape.passkeyView), listPasskeys, {
    rest: "GET /security/passkeys",
  }),
  /** Adding a passkey, step 1: the options for navigator.credentials.create() (a recent sign-in needed). */
  passkeyRegistrationOptions: signedInBeforeMfa.mutation(
    shape.passkeyCreationOptions,
    passkeyRegistrationOptions,
    { rest: "POST /security/passkeys/options" },
  ),
  /** Step 2: the browser's answer, verified against that challenge; the passkey is kept under its name. */
  addPasskey: signedInBeforeMfa.mutation(shape.addPasskeyInput, shape.passkeyView, addPasskey, {
    rest: { route: "POST /security/passkeys", status: 201 },
  }),
  renamePasskey: signedIn.mutation(shape.renamePasskeyInput, shape.passkeyView, renamePasskey, {
    rest: "PATCH /security/passkeys/:id",
  }),
  removePasskey: signedIn.mutation(shape.removePasskeyInput, common.ok, removePasskey, {
    rest: "DELETE /security/passkeys/:id",
  }),
  settings: admin.query(shape.securitySettings, securitySettings, { rest: "GET /security/settings" }),
  updateSettings: admin.mutation(
    shape.securitySettingsInput,
    shape.securitySettings,
    updateSecuritySettings,
    { rest: "PUT /security/settings" },
  ),
});
