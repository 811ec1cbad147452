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
import { router } from "../../trpc/init";
import { admin, signedIn, signedInBeforeMfa } from "../../trpc/procedures";
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
export const securityRouter = router({
  overview: signedIn.query(shape.securityOverview, securityOverview),
  mfaStatus: signedInBeforeMfa.query(shape.mfaStatus, mfaStatus),
  setupMfa: signedInBeforeMfa.mutation(shape.mfaSetup, beginMfaSetup),
  enableMfa: signedInBeforeMfa.mutation(enableMfaInput, shape.backupCodes, (ctx, input) =>
    enableMfa(ctx, input.code),
  ),
  disableMfa: signedIn.mutation(disableMfaInput, common.ok, (ctx, input) => disableMfa(ctx, input.code)),
  regenerateBackupCodes: signedIn.mutation(regenerateBackupCodesInput, shape.backupCodes, (ctx, input) =>
    regenerateBackupCodes(ctx, input.code),
  ),
  sessions: signedIn.query(sessionListInput, z.array(shape.sessionView), (ctx, input) =>
    listSessions(ctx, input?.userId),
  ),
  terminateSession: signedIn.mutation(terminateSessionInput, shape.terminatedSessions, terminateSession),
  events: signedIn.query(securityEventsInput, shape.securityEventsPage, listSecurityEvents),
  // Listing and adding passkeys, like setting up TOTP, stay open to an administrator held back by the
  // platform's MFA requirement: a passkey is one of the two ways to meet it.
  passkeys: signedInBeforeMfa.query(z.array(shape.passkeyView), listPasskeys),
  /** Adding a passkey, step 1: the options for navigator.credentials.create() (a recent sign-in needed). */
  passkeyRegistrationOptions: signedInBeforeMfa.mutation(
    shape.passkeyCreationOptions,
    passkeyRegistrationOptions,
  ),
  /** Step 2: the browser's answer, verified against that challenge; the passkey is kept under its name. */
  addPasskey: signedInBeforeMfa.mutation(addPasskeyInput, shape.passkeyView, addPasskey),
  renamePasskey: signedIn.mutation(renamePasskeyInput, shape.passkeyView, renamePasskey),
  removePasskey: signedIn.mutation(removePasskeyInput, common.ok, removePasskey),
  settings: admin.query(shape.securitySettings, securitySettings),
  updateSettings: admin.mutation(securitySettingsInput, shape.securitySettings, updateSecuritySettings),
});
