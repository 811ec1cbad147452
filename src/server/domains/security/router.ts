import { z } from "zod";
import * as common from "../../../shared/schemas/common";
import * as shape from "../../../shared/schemas/security";
import {
  disableMfaInput,
  enableMfaInput,
  regenerateBackupCodesInput,
  securityEventsInput,
  securitySettingsInput,
  sessionListInput,
  terminateSessionInput,
} from "../../../shared/schemas/security";
import { adminProcedure, router, signedInProcedure } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { beginMfaSetup, disableMfa, enableMfa, mfaStatus, regenerateBackupCodes } from "./secondFactor";
import { listSecurityEvents, securityOverview, securitySettings, updateSecuritySettings } from "./service";
import { listSessions, terminateSession } from "./sessions";

/** What an administrator may reach before turning on the second factor the platform requires of them. */
const mfaSetupProcedure = signedInProcedure.meta({ access: "authed", beforeMfa: true });

/** Every signed-in user manages their own account's security; administrators also see everyone's events. */
export const securityRouter = router({
  overview: signedInProcedure
    .output(answers(shape.securityOverview))
    .query(({ ctx }) => securityOverview(ctx)),
  mfaStatus: mfaSetupProcedure.output(answers(shape.mfaStatus)).query(({ ctx }) => mfaStatus(ctx)),
  setupMfa: mfaSetupProcedure.output(answers(shape.mfaSetup)).mutation(({ ctx }) => beginMfaSetup(ctx)),
  enableMfa: mfaSetupProcedure
    .input(enableMfaInput)
    .output(answers(shape.backupCodes))
    .mutation(({ ctx, input }) => enableMfa(ctx, input.code)),
  disableMfa: signedInProcedure
    .input(disableMfaInput)
    .output(answers(common.ok))
    .mutation(({ ctx, input }) => disableMfa(ctx, input.code)),
  regenerateBackupCodes: signedInProcedure
    .input(regenerateBackupCodesInput)
    .output(answers(shape.backupCodes))
    .mutation(({ ctx, input }) => regenerateBackupCodes(ctx, input.code)),
  sessions: signedInProcedure
    .input(sessionListInput)
    .output(answers(z.array(shape.sessionView)))
    .query(({ ctx, input }) => listSessions(ctx, input?.userId)),
  terminateSession: signedInProcedure
    .input(terminateSessionInput)
    .output(answers(shape.terminatedSessions))
    .mutation(({ ctx, input }) => terminateSession(ctx, input)),
  events: signedInProcedure
    .input(securityEventsInput)
    .output(answers(shape.securityEventsPage))
    .query(({ ctx, input }) => listSecurityEvents(ctx, input)),
  settings: adminProcedure.output(answers(shape.securitySettings)).query(({ ctx }) => securitySettings(ctx)),
  updateSettings: adminProcedure
    .input(securitySettingsInput)
    .output(answers(shape.securitySettings))
    .mutation(({ ctx, input }) => updateSecuritySettings(ctx, input)),
});
