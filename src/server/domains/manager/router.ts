import {
  addSalespersonInput,
  invitationIdInput,
  monthlyReportInput,
  rejectSalespersonInput,
  removeSalespersonInput,
  reportFileInput,
  teamInput,
} from "../../../shared/schemas/manager";
import { managerProcedure, router } from "../../trpc/init";
import { listTeamInvitations, revokeInvitation } from "./invitations";
import { monthlyReport, monthlyReportFile } from "./monthlyReport";
import { managerOverview, teamPerformance } from "./overview";
import { addSalesperson, listTeam, pendingVerifications, rejectSalesperson, removeSalesperson } from "./team";

/** The dealership manager's dashboard: every procedure works on the caller's own dealership (ctx.dealershipId). */
export const managerRouter = router({
  overview: managerProcedure.query(({ ctx }) => managerOverview(ctx)),
  team: managerProcedure.input(teamInput).query(({ ctx, input }) => listTeam(ctx, input)),
  pendingVerifications: managerProcedure.query(({ ctx }) => pendingVerifications(ctx)),
  addSalesperson: managerProcedure
    .input(addSalespersonInput)
    .mutation(({ ctx, input }) => addSalesperson(ctx, input)),
  /** Invitations sent to existing salespeople that they have not answered yet. */
  invitations: managerProcedure.query(({ ctx }) => listTeamInvitations(ctx)),
  revokeInvitation: managerProcedure
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => revokeInvitation(ctx, input.id)),
  removeSalesperson: managerProcedure
    .input(removeSalespersonInput)
    .mutation(({ ctx, input }) => removeSalesperson(ctx, input.salespersonId)),
  /** Confirming a pending salesperson is `portal.verify`; rejecting makes them independent. */
  rejectSalesperson: managerProcedure
    .input(rejectSalespersonInput)
    .mutation(({ ctx, input }) => rejectSalesperson(ctx, input.salespersonId, input.reason)),
  performance: managerProcedure.query(({ ctx }) => teamPerformance(ctx)),
  monthlyReport: managerProcedure
    .input(monthlyReportInput)
    .query(({ ctx, input }) => monthlyReport(ctx, input.month)),
  reportFile: managerProcedure
    .input(reportFileInput)
    .query(({ ctx, input }) => monthlyReportFile(ctx, input.month, input.format)),
});
