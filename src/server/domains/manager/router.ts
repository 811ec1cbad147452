import { dealershipLogo } from "../../../shared/schemas/admin";
import {
  dealershipDetails as dealershipDetailsAnswer,
  dealershipLogoUploadInput,
  updateDealershipDetailsInput,
} from "../../../shared/schemas/dealershipDetails";
import { sentInvitations } from "../../../shared/schemas/invitations";
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
import { router } from "../../trpc/init";
import { manager } from "../../trpc/procedures";
import { listTeamInvitations } from "../invitations/lists";
import { revokeInvitation } from "../invitations/send";
import { dealershipDetails, updateDealershipDetails, uploadOwnDealershipLogo } from "./dealership";
import { monthlyReport, monthlyReportFile } from "./monthlyReport";
import { managerOverview, teamPerformance } from "./overview";
import { addSalesperson, listTeam, pendingVerifications, rejectSalesperson, removeSalesperson } from "./team";

/** The dealership manager's dashboard: every procedure works on the caller's own dealership (ctx.dealershipId). */
export const managerRouter = router({
  overview: manager.query(shape.managerOverview, managerOverview),
  team: manager.query(teamInput, shape.teamPage, listTeam),
  pendingVerifications: manager.query(shape.teamMembers, pendingVerifications),
  addSalesperson: manager.mutation(addSalespersonInput, shape.addSalespersonResult, addSalesperson),
  /** Invitations to the team not answered yet (expired ones too, to resend). */
  invitations: manager.query(sentInvitations, listTeamInvitations),
  revokeInvitation: manager.mutation(invitationIdInput, shape.revokedInvitation, (ctx, { id }) =>
    revokeInvitation(ctx, { dealershipId: ctx.dealershipId }, id),
  ),
  removeSalesperson: manager.mutation(removeSalespersonInput, shape.leftTeam, (ctx, input) =>
    removeSalesperson(ctx, input.salespersonId),
  ),
  /** Confirming a pending salesperson is `portal.verify`; rejecting makes them independent. */
  rejectSalesperson: manager.mutation(rejectSalespersonInput, shape.leftTeam, (ctx, input) =>
    rejectSalesperson(ctx, input.salespersonId, input.reason),
  ),
  performance: manager.query(shape.managerPerformance, teamPerformance),
  monthlyReport: manager.query(monthlyReportInput, shape.monthlyReport, (ctx, input) =>
    monthlyReport(ctx, input.month),
  ),
  reportFile: manager.query(reportFileInput, shape.reportFile, (ctx, input) =>
    monthlyReportFile(ctx, input.month, input.format),
  ),
  /** The manager's own dealership: address, ZIP code, phone, website, hours, time zone, logo. */
  dealership: manager.query(dealershipDetailsAnswer, dealershipDetails),
  updateDealership: manager.mutation(
    updateDealershipDetailsInput,
    dealershipDetailsAnswer,
    updateDealershipDetails,
  ),
  uploadDealershipLogo: manager.mutation(dealershipLogoUploadInput, dealershipLogo, uploadOwnDealershipLogo),
});
