import {
  disableMfaInput,
  enableMfaInput,
  regenerateBackupCodesInput,
  securityEventsInput,
  securitySettingsInput,
  sessionListInput,
  terminateSessionInput,
} from "../../../shared/schemas/security";
import { adminProcedure, authedProcedure, router } from "../../trpc/init";
import {
  beginMfaSetup,
  disableMfa,
  enableMfa,
  listSecurityEvents,
  listSessions,
  mfaStatus,
  regenerateBackupCodes,
  securityOverview,
  securitySettings,
  terminateSession,
  updateSecuritySettings,
} from "./service";

/** What an administrator may reach before turning on the second factor the platform requires of them. */
const mfaSetupProcedure = authedProcedure.meta({ access: "authed", beforeMfa: true });

/** Every signed-in user manages their own account's security; administrators also see everyone's events. */
export const securityRouter = router({
  overview: authedProcedure.query(({ ctx }) => securityOverview(ctx)),
  mfaStatus: mfaSetupProcedure.query(({ ctx }) => mfaStatus(ctx)),
  setupMfa: mfaSetupProcedure.mutation(({ ctx }) => beginMfaSetup(ctx)),
  enableMfa: mfaSetupProcedure.input(enableMfaInput).mutation(({ ctx, input }) => enableMfa(ctx, input.code)),
  disableMfa: authedProcedure
    .input(disableMfaInput)
    .mutation(({ ctx, input }) => disableMfa(ctx, input.code)),
  regenerateBackupCodes: authedProcedure
    .input(regenerateBackupCodesInput)
    .mutation(({ ctx, input }) => regenerateBackupCodes(ctx, input.code)),
  sessions: authedProcedure
    .input(sessionListInput)
    .query(({ ctx, input }) => listSessions(ctx, input?.userId)),
  terminateSession: authedProcedure
    .input(terminateSessionInput)
    .mutation(({ ctx, input }) => terminateSession(ctx, input)),
  events: authedProcedure
    .input(securityEventsInput)
    .query(({ ctx, input }) => listSecurityEvents(ctx, input)),
  settings: adminProcedure.query(({ ctx }) => securitySettings(ctx)),
  updateSettings: adminProcedure
    .input(securitySettingsInput)
    .mutation(({ ctx, input }) => updateSecuritySettings(ctx, input)),
});
