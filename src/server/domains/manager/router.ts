import * as shape from "../../../shared/schemas/manager";
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
import { answers } from "../../trpc/output";
import { listTeamInvitations, revokeInvitation } from "./invitations";
import { monthlyReport, monthlyReportFile } from "./monthlyReport";
import { managerOverview, teamPerformance } from "./overview";
import { addSalesperson, listTeam, pendingVerifications, rejectSalesperson, removeSalesperson } from "./team";

/** The dealership manager's dashboard: every procedure works on the caller's own dealership (ctx.dealershipId). */
export const managerRouter = router({
  overview: managerProcedure.output(answers(shape.managerOverview)).query(({ ctx }) => managerOverview(ctx)),
  team: managerProcedure
    .input(teamInput)
    .output(answers(shape.teamPage))
    .query(({ ctx, input }) => listTeam(ctx, input)),
  pendingVerifications: managerProcedure
    .output(answers(shape.teamMembers))
    .query(({ ctx }) => pendingVerifications(ctx)),
  addSalesperson: managerProcedure
    .input(addSalespersonInput)
    .output(answers(shape.addSalespersonResult))
    .mutation(({ ctx, input }) => addSalesperson(ctx, input)),
  /** Invitations sent to existing salespeople that they have not answered yet. */
  invitations: managerProcedure
    .output(answers(shape.teamInvitations))
    .query(({ ctx }) => listTeamInvitations(ctx)),
  revokeInvitation: managerProcedure
    .input(invitationIdInput)
    .output(answers(shape.revokedInvitation))
    .mutation(({ ctx, input }) => revokeInvitation(ctx, input.id)),
  removeSalesperson: managerProcedure
    .input(removeSalespersonInput)
    .output(answers(shape.leftTeam))
    .mutation(({ ctx, input }) => removeSalesperson(ctx, input.salespersonId)),
  /** Confirming a pending salesperson is `portal.verify`; rejecting makes them independent. */
  rejectSalesperson: managerProcedure
    .input(rejectSalespersonInput)
    .output(answers(shape.leftTeam))
    .mutation(({ ctx, input }) => rejectSalesperson(ctx, input.salespersonId, input.reason)),
  performance: managerProcedure
    .output(answers(shape.managerPerformance))
    .query(({ ctx }) => teamPerformance(ctx)),
  monthlyReport: managerProcedure
    .input(monthlyReportInput)
    .output(answers(shape.monthlyReport))
    .query(({ ctx, input }) => monthlyReport(ctx, input.month)),
  reportFile: managerProcedure
    .input(reportFileInput)
    .output(answers(shape.reportFile))
    .query(({ ctx, input }) => monthlyReportFile(ctx, input.month, input.format)),
});
