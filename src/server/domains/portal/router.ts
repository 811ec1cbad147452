import * as manager from "../../../shared/schemas/manager";
import { invitationIdInput } from "../../../shared/schemas/manager";
import * as shape from "../../../shared/schemas/portal";
import {
  dataUrlUploadInput,
  insightsInput,
  overviewInput,
  updateSalespersonInput,
  updateStatusInput,
  verifySalespersonInput,
} from "../../../shared/schemas/portal";
import * as salespeople from "../../../shared/schemas/salespeople";
import { salespersonIdInput } from "../../../shared/schemas/salespeople";
import {
  managerProcedure,
  publicProcedure,
  router,
  salespersonOrManagerOrAdminProcedure,
  salespersonProcedure,
} from "../../trpc/init";
import { answers } from "../../trpc/output";
import { acceptInvitation, declineInvitation, myInvitations } from "../manager/invitations";
import { getSalesperson } from "../salespeople/service";
import { salespersonOverview } from "./analytics";
import { growthInsights } from "./insights";
import { bytesFromDataUrl, processProfileImage, storeProfileImage } from "./photos";
import {
  dashboardSubject,
  recordProfileView,
  updateSalespersonProfile,
  updateSalespersonStatus,
  verifySalesperson,
} from "./profile";

export const portalRouter = router({
  /** The signed-in salesperson's own profile, as the dashboard shows it. */
  me: salespersonProcedure
    .output(answers(salespeople.salespersonDetail))
    .query(({ ctx }) => getSalesperson(ctx.sql, ctx.salespersonId)),
  overview: salespersonOrManagerOrAdminProcedure
    .input(overviewInput)
    .output(answers(shape.salespersonOverview))
    .query(async ({ ctx, input }) => {
      const id = await dashboardSubject(ctx, input.salespersonId);
      return salespersonOverview(ctx.sql, id, input.period);
    }),
  insights: salespersonOrManagerOrAdminProcedure
    .input(insightsInput)
    .output(answers(shape.growthInsights))
    .query(async ({ ctx, input }) =>
      growthInsights(ctx.sql, await dashboardSubject(ctx, input?.salespersonId)),
    ),
  update: salespersonOrManagerOrAdminProcedure
    .input(updateSalespersonInput)
    .output(answers(salespeople.salespersonDetail))
    .mutation(({ ctx, input }) => updateSalespersonProfile(ctx, input)),
  updateStatus: salespersonOrManagerOrAdminProcedure
    .input(updateStatusInput)
    .output(answers(shape.profileStatus))
    .mutation(({ ctx, input }) => updateSalespersonStatus(ctx, input)),
  uploadPhoto: salespersonProcedure
    .input(dataUrlUploadInput)
    .output(answers(shape.uploadedPhoto))
    .mutation(async ({ ctx, input }) => {
      const image = await processProfileImage(bytesFromDataUrl(input.profileImageUrl));
      const urls = await storeProfileImage(ctx.sql, ctx.salespersonId, image);
      ctx.browseCache.clear();
      return urls;
    }),
  recordView: publicProcedure
    .input(salespersonIdInput)
    .output(answers(shape.recordedView))
    .mutation(({ ctx, input }) => recordProfileView(ctx, input.id)),
  /** Open invitations to join a dealership, addressed to the signed-in salesperson's own profile. */
  invitations: salespersonProcedure
    .output(answers(manager.salespersonInvitations))
    .query(({ ctx }) => myInvitations(ctx)),
  acceptInvitation: salespersonProcedure
    .input(invitationIdInput)
    .output(answers(manager.invitationAnswer))
    .mutation(({ ctx, input }) => acceptInvitation(ctx, input.id)),
  declineInvitation: salespersonProcedure
    .input(invitationIdInput)
    .output(answers(manager.invitationAnswer))
    .mutation(({ ctx, input }) => declineInvitation(ctx, input.id)),
  verify: managerProcedure
    .input(verifySalespersonInput)
    .output(answers(shape.verifiedProfile))
    .mutation(({ ctx, input }) => verifySalesperson(ctx, input.salespersonId, input.verified)),
});
