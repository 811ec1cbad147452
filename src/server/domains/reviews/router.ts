import * as shape from "../../../shared/schemas/reviews";
import {
  editRatingInput,
  eligibleAppointmentsInput,
  flagInput,
  openFlagsInput,
  replyInput,
  resolveFlagInput,
  reviewsPageInput,
  submitRatingInput,
} from "../../../shared/schemas/reviews";
import {
  adminProcedure,
  customerProcedure,
  publicProcedure,
  router,
  salespersonOrManagerOrAdminProcedure,
  salespersonProcedure,
} from "../../trpc/init";
import { answers } from "../../trpc/output";
import { flagReview, openFlags, replyToReview, resolveFlag } from "./moderation";
import { listReviews, myReviews } from "./reviews";
import { editRating, eligibleAppointments, submitRating } from "./submit";

export const reviewsRouter = router({
  submit: customerProcedure
    .input(submitRatingInput)
    .output(answers(shape.submittedReview))
    .mutation(({ ctx, input }) => submitRating(ctx, input)),
  eligibleAppointments: customerProcedure
    .input(eligibleAppointmentsInput)
    .output(answers(shape.eligibleAppointments))
    .query(({ ctx, input }) => eligibleAppointments(ctx, input.salespersonId)),
  edit: customerProcedure
    .input(editRatingInput)
    .output(answers(shape.editedReview))
    .mutation(({ ctx, input }) => editRating(ctx, input)),
  list: publicProcedure
    .input(reviewsPageInput)
    .output(answers(shape.reviewsPage))
    .query(({ ctx, input }) => listReviews(ctx.sql, input)),
  mine: customerProcedure.output(answers(shape.myReviews)).query(({ ctx }) => myReviews(ctx.sql, ctx.user)),
  reply: salespersonProcedure
    .input(replyInput)
    .output(answers(shape.reviewReply))
    .mutation(({ ctx, input }) => replyToReview(ctx, input.ratingId, input.body)),
  flag: salespersonOrManagerOrAdminProcedure
    .input(flagInput)
    .output(answers(shape.reviewFlag))
    .mutation(({ ctx, input }) => flagReview(ctx, input.ratingId, input.reason)),
  openFlags: adminProcedure
    .input(openFlagsInput)
    .output(answers(shape.openFlagsPage))
    .query(({ ctx, input }) => openFlags(ctx, input)),
  resolveFlag: adminProcedure
    .input(resolveFlagInput)
    .output(answers(shape.resolvedFlag))
    .mutation(({ ctx, input }) => resolveFlag(ctx, input.flagId, input.decision, input.note)),
});
