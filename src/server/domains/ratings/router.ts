import { z } from "zod";
import { idSchema } from "../../../shared/schemas/common";
import {
  contactSalespersonInput,
  conversationInput,
  editRatingInput,
  favoriteInput,
  flagInput,
  misconductReportInput,
  replyInput,
  replyMessageInput,
  resolveFlagInput,
  reviewsPageInput,
  submitRatingInput,
  trackingCodeInput,
  updateReportInput,
} from "../../../shared/schemas/reviews";
import { adminProcedure, authedProcedure, customerProcedure, publicProcedure, router } from "../../trpc/init";
import { favoriteIds, setFavorite } from "./favorites";
import { contactSalesperson, listConversations, readConversation, replyInConversation } from "./messages";
import { flagReview, openFlags, replyToReview, resolveFlag } from "./moderation";
import { createReport, listCases, reportStatus, updateCase } from "./reports";
import { listReviews, myReviews } from "./reviews";
import { editRating, eligibleAppointments, submitRating } from "./submit";

export const ratingsRouter = router({
  submit: customerProcedure.input(submitRatingInput).mutation(({ ctx, input }) => submitRating(ctx, input)),
  eligibleAppointments: customerProcedure
    .input(z.strictObject({ salespersonId: idSchema }))
    .query(({ ctx, input }) => eligibleAppointments(ctx, input.salespersonId)),
  edit: customerProcedure.input(editRatingInput).mutation(({ ctx, input }) => editRating(ctx, input)),
  list: publicProcedure.input(reviewsPageInput).query(({ ctx, input }) => listReviews(ctx.sql, input)),
  mine: customerProcedure.query(({ ctx }) => myReviews(ctx.sql, ctx.user)),
  reply: authedProcedure
    .input(replyInput)
    .mutation(({ ctx, input }) => replyToReview(ctx, input.ratingId, input.body)),
  flag: authedProcedure
    .input(flagInput)
    .mutation(({ ctx, input }) => flagReview(ctx, input.ratingId, input.reason)),
  openFlags: adminProcedure.query(({ ctx }) => openFlags(ctx)),
  resolveFlag: adminProcedure
    .input(resolveFlagInput)
    .mutation(({ ctx, input }) => resolveFlag(ctx, input.flagId, input.decision, input.note)),
});

export const messagesRouter = router({
  contact: authedProcedure
    .input(contactSalespersonInput)
    .mutation(({ ctx, input }) => contactSalesperson(ctx, input)),
  conversations: authedProcedure.query(({ ctx }) => listConversations(ctx)),
  conversation: authedProcedure
    .input(conversationInput)
    .query(({ ctx, input }) => readConversation(ctx, input.conversationId)),
  reply: authedProcedure
    .input(replyMessageInput)
    .mutation(({ ctx, input }) => replyInConversation(ctx, input.conversationId, input.body)),
});

export const favoritesRouter = router({
  ids: customerProcedure.query(({ ctx }) => favoriteIds(ctx.sql, ctx.user)),
  set: customerProcedure
    .input(favoriteInput.extend({ saved: z.boolean() }))
    .mutation(({ ctx, input }) => setFavorite(ctx.sql, ctx.user, input.salespersonId, input.saved)),
});

export const reportsRouter = router({
  create: publicProcedure.input(misconductReportInput).mutation(({ ctx, input }) => createReport(ctx, input)),
  status: publicProcedure
    .input(trackingCodeInput)
    .query(({ ctx, input }) => reportStatus(ctx, input.trackingCode)),
  cases: authedProcedure.query(({ ctx }) => listCases(ctx)),
  updateCase: authedProcedure.input(updateReportInput).mutation(({ ctx, input }) => updateCase(ctx, input)),
});
