import * as shape from "../../../shared/schemas/reviews";
import { PAGE } from "../../rest/declaration";
import { admin, anyone, customer, staff, taggedRouter } from "../../trpc/procedures";
import { decideHeldReview, heldReviews } from "./heldReviews";
import { flagReview, openFlags, replyToReview, resolveFlag } from "./moderation";
import { listReviews, myReviews } from "./reviews";
import { editRating, eligibleAppointments, submitRating } from "./submit";

export const reviewsRouter = taggedRouter("Reviews", {
  submit: customer.mutation(shape.submitRatingInput, shape.submittedReview, submitRating, {
    rest: { route: "POST /ratings-submit", status: 201 },
  }),
  eligibleAppointments: customer.query(
    shape.eligibleAppointmentsInput,
    shape.eligibleAppointments,
    eligibleAppointments,
  ),
  edit: customer.mutation(shape.editRatingInput, shape.editedReview, editRating),
  list: anyone.query(shape.reviewsPageInput, shape.reviewsPage, (ctx, input) => listReviews(ctx.sql, input), {
    rest: { route: "GET /salespeople/:salespersonId/reviews", scope: "salespeople:read" },
  }),
  mine: customer.query(shape.myReviews, (ctx) => myReviews(ctx.sql, ctx.user)),
  reply: staff.mutation(shape.replyInput, shape.reviewReply, replyToReview),
  flag: staff.mutation(shape.flagInput, shape.reviewFlag, flagReview),
  openFlags: admin.query(shape.openFlagsInput, shape.openFlagsPage, openFlags),
  resolveFlag: admin.mutation(shape.resolveFlagInput, shape.resolvedFlag, resolveFlag),
  heldReviews: admin.query(shape.heldReviewsInput, shape.heldReviewsPage, heldReviews, {
    rest: { route: "GET /admin/held-reviews", ...PAGE },
    description:
      "Reviews the gaming rules held, for administrators: a page with X-Total-Count, then publish or reject one.",
  }),
  decideHeld: admin.mutation(shape.decideHeldReviewInput, shape.decidedHeldReview, decideHeldReview, {
    rest: "POST /admin/held-reviews/:ratingId/decision",
    description: 'Body `{ decision: "publish" | "reject", note? }`.',
  }),
});
