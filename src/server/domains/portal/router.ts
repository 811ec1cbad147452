import * as manager from "../../../shared/schemas/manager";
import * as shape from "../../../shared/schemas/portal";
import * as salespeople from "../../../shared/schemas/salespeople";
import { UPLOAD_BODY_LIMIT } from "../../rest/declaration";
import {
  anyone,
  manager as dealershipManager,
  salesperson,
  staff,
  taggedRouter,
} from "../../trpc/procedures";
import { acceptInvitation, declineInvitation, myInvitations } from "../invitations/portal";
import { getSalesperson } from "../salespeople/service";
import { salespersonOverview } from "./analytics";
import { growthInsights } from "./insights";
import { bytesFromDataUrl, processProfileImage, storeProfileImage } from "./photos";
import {
  dashboardSubject,
  updateSalespersonProfile,
  updateSalespersonStatus,
  verifySalesperson,
} from "./profile";
import { recordProfileView } from "./views";

export const portalRouter = taggedRouter("Salesperson portal", {
  /** The signed-in salesperson's own profile, as the dashboard shows it. */
  me: salesperson.query(salespeople.salespersonDetail, (ctx) => getSalesperson(ctx.sql, ctx.salespersonId)),
  overview: staff.query(shape.overviewInput, shape.salespersonOverview, async (ctx, input) => {
    const id = await dashboardSubject(ctx, input.salespersonId);
    return salespersonOverview(ctx.sql, id, input.period);
  }),
  insights: staff.query(shape.insightsInput, shape.growthInsights, async (ctx, input) =>
    growthInsights(ctx.sql, await dashboardSubject(ctx, input?.salespersonId)),
  ),
  update: staff.mutation(
    shape.updateSalespersonInput,
    salespeople.salespersonDetail,
    updateSalespersonProfile,
    { rest: "PATCH /salespeople/:id" },
  ),
  updateStatus: staff.mutation(shape.updateStatusInput, shape.profileStatus, updateSalespersonStatus, {
    rest: "PATCH /salespeople/:id/status",
  }),
  uploadPhoto: salesperson.mutation(
    shape.dataUrlUploadInput,
    shape.uploadedPhoto,
    async (ctx, input) => {
      const image = await processProfileImage(bytesFromDataUrl(input.profileImageUrl));
      const urls = await storeProfileImage(ctx.sql, ctx.salespersonId, image);
      ctx.browseCache.clear();
      return urls;
    },
    {
      rest: {
        route: "POST /profile-image-upload",
        upload: "profileImageUrl",
        maxBody: UPLOAD_BODY_LIMIT,
      },
    },
  ),
  /** Views feed salespeople's analytics: limited to 120 at once, then one every 2 seconds. */
  recordView: anyone.mutation(salespeople.salespersonIdInput, shape.recordedView, recordProfileView, {
    limit: {
      perAddress: { capacity: 120, refillSeconds: 2 },
      perAccount: { capacity: 120, refillSeconds: 2 },
    },
    rest: "POST /salespeople/:id/views",
  }),
  /** Open invitations to join a dealership, addressed to the signed-in salesperson's own profile. */
  invitations: salesperson.query(manager.salespersonInvitations, myInvitations, {
    rest: "GET /salesperson/invitations",
    description: "The signed-in salesperson's open invitations to join a dealership, and their answers.",
  }),
  acceptInvitation: salesperson.mutation(
    manager.invitationIdInput,
    manager.invitationAnswer,
    acceptInvitation,
    { rest: "POST /salesperson/invitations/:id/accept" },
  ),
  declineInvitation: salesperson.mutation(
    manager.invitationIdInput,
    manager.invitationAnswer,
    declineInvitation,
    { rest: "POST /salesperson/invitations/:id/decline" },
  ),
  verify: dealershipManager.mutation(shape.verifySalespersonInput, shape.verifiedProfile, verifySalesperson, {
    rest: "POST /manager/verify-salesperson",
  }),
});
