import { DEALERSHIP_BOOKINGS_SHOWN } from "../../../shared/constants";
import * as admin from "../../../shared/schemas/admin";
import { appointmentList } from "../../../shared/schemas/appointments";
import {
  dealershipDetails as dealershipDetailsAnswer,
  dealershipLogoUploadInput,
  updateDealershipDetailsInput,
} from "../../../shared/schemas/dealershipDetails";
import { sentInvitations } from "../../../shared/schemas/invitations";
import * as shape from "../../../shared/schemas/manager";
import { download, UPLOAD_BODY_LIMIT } from "../../rest/declaration";
import { manager, staff, taggedRouter } from "../../trpc/procedures";
import { dealershipBookings } from "../appointments/service";
import { listTeamInvitations } from "../invitations/lists";
import { revokeInvitation } from "../invitations/send";
import { dealershipDetails, updateDealershipDetails, uploadOwnDealershipLogo } from "./dealership";
import { monthlyReport, monthlyReportFile } from "./monthlyReport";
import { managerOverview, teamPerformance } from "./overview";
import { addSalesperson, listTeam, pendingVerifications, rejectSalesperson, removeSalesperson } from "./team";
import { changeMemberRole, inviteMember, listMembers, removeMember } from "./teamMembers";

/**
 * The dealership manager's dashboard: every procedure works on the caller's own dealership (ctx.dealershipId);
 * `bookings` is every member's, staff's too (ctx.user.dealershipId).
 */
export const managerRouter = taggedRouter("Dealership managers", {
  overview: manager.query(shape.managerOverview, managerOverview, {
    rest: { route: "GET /manager/overview", scope: "analytics:read" },
  }),
  team: manager.query(shape.teamInput, shape.teamPage, listTeam, {
    rest: { route: "GET /manager/team", scope: "salespeople:read" },
  }),
  pendingVerifications: manager.query(shape.teamMembers, pendingVerifications),
  addSalesperson: manager.mutation(shape.addSalespersonInput, shape.addSalespersonResult, addSalesperson, {
    rest: { route: "POST /manager/add-salesperson", status: 201 },
  }),
  /** Invitations to the team not answered yet (expired ones too, to resend). */
  invitations: manager.query(sentInvitations, listTeamInvitations, { rest: "GET /manager/invitations" }),
  revokeInvitation: manager.mutation(
    shape.invitationIdInput,
    shape.revokedInvitation,
    (ctx, { id }) =>
      revokeInvitation(ctx, { dealershipId: ctx.dealershipId, role: ctx.user.dealershipRole }, id),
    { rest: "POST /manager/invitations/:id/revoke" },
  ),
  removeSalesperson: manager.mutation(shape.removeSalespersonInput, shape.leftTeam, removeSalesperson, {
    rest: "POST /manager/remove-salesperson",
  }),
  /** Confirming a pending salesperson is `portal.verify`; rejecting makes them independent. */
  rejectSalesperson: manager.mutation(shape.rejectSalespersonInput, shape.leftTeam, rejectSalesperson, {
    rest: "POST /manager/reject-salesperson",
  }),
  /** The dealership's own people: owners, managers and staff, and the team invitations waiting. */
  members: manager.query(shape.dealershipTeam, listMembers, { rest: "GET /manager/members" }),
  /** Owners invite any role; managers invite staff. */
  inviteMember: manager.mutation(shape.inviteMemberInput, shape.invitedMember, inviteMember, {
    rest: { route: "POST /manager/members/invitations", status: 201 },
  }),
  /** Owners only; never the last owner's role. */
  changeMemberRole: manager.mutation(shape.memberRoleInput, shape.dealershipMember, changeMemberRole, {
    rest: "PATCH /manager/members/:userId",
  }),
  /** Owners remove anyone, managers staff and themselves; never the last owner. */
  removeMember: manager.mutation(shape.memberRefInput, shape.removedMember, removeMember, {
    rest: "DELETE /manager/members/:userId",
  }),
  /** The dealership's bookings across its salespeople, for everyone who works there (staff included). */
  bookings: staff.query(appointmentList, dealershipBookings, {
    rest: "GET /manager/bookings",
    description: `The bookings of the caller's dealership across its salespeople: the last 30 days and everything ahead, with who booked; when more than ${DEALERSHIP_BOOKINGS_SHOWN}, the ${DEALERSHIP_BOOKINGS_SHOWN} nearest to now.`,
  }),
  performance: manager.query(shape.managerPerformance, teamPerformance, {
    rest: { route: "GET /manager/performance", scope: "analytics:read" },
  }),
  monthlyReport: manager.query(shape.monthlyReportInput, shape.monthlyReport, monthlyReport),
  reportFile: manager.query(shape.reportFileInput, shape.reportFile, monthlyReportFile, {
    rest: {
      route: "GET /manager/report",
      scope: "analytics:read",
      ...download("text/csv", "application/json"),
    },
    description: "The monthly report as a download: `?month=YYYY-MM&format=csv|json`.",
  }),
  /** The manager's own dealership: address, ZIP code, phone, website, hours, time zone, logo. */
  dealership: manager.query(dealershipDetailsAnswer, dealershipDetails, {
    rest: "GET /manager/dealership",
    description:
      "The manager's own dealership: address, ZIP code, phone, website, hours, time zone (PUT), and its logo.",
  }),
  updateDealership: manager.mutation(
    updateDealershipDetailsInput,
    dealershipDetailsAnswer,
    updateDealershipDetails,
    { rest: "PUT /manager/dealership" },
  ),
  uploadDealershipLogo: manager.mutation(
    dealershipLogoUploadInput,
    admin.dealershipLogo,
    uploadOwnDealershipLogo,
    {
      rest: {
        route: "POST /manager/dealership/logo",
        upload: "logoUrl",
        maxBody: UPLOAD_BODY_LIMIT,
      },
    },
  ),
});
