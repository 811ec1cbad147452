import * as shape from "../../../shared/schemas/reviews";
import {
  decideHeldReviewInput,
  editRatingInput,
  eligibleAppointmentsInput,
  flagInput,
  heldReviewsInput,
  openFlagsInput,
  replyInput,
  resolveFlagInput,
  reviewsPageInput,
  submitRatingInput,
} from "../../../shared/schemas/reviews";
import { PAGE } from "../../rest/declaration";
import { admin, anyone, customer, staff, taggedRouter } from "../../trpc/procedures";
import { decideHeldReview, heldReviews } from "./heldReviews";
import { flagReview, openFlags, replyToReview, resolveFlag } from "./moderation";
import { listReviews, myReviews } from "./reviews";
import { editRating, eligibleAppointments, submitRating } from "./submit";

export const reviewsRouter = taggedRouter("Reviews", {
  submit: customer.mutation(submitRatingInput, shape.submittedReview, submitRating, {
    rest: { method: "POST", path: "/ratings-submit", input: "body", status: 201 },
  }),
  eligibleAppointments: customer.query(eligibleAppointmentsInput, shape.eligibleAppointments, (ctx, input) =>
    eligibleAppointments(ctx, input.salespersonId),
  ),
  edit: customer.mutation(editRatingInput, shape.editedReview, editRating),
  list: anyone.query(reviewsPageInput, shape.reviewsPage, (ctx, input) => listReviews(ctx.sql, input), {
    rest: {
      method: "GET",
      path: "/salespeople/:salespersonId/reviews",
      scope: "salespeople:read",
      input: "query",
    },
  }),
  mine: customer.query(shape.myReviews, (ctx) => myReviews(ctx.sql, ctx.user)),
  reply: staff.mutation(replyInput, shape.reviewReply, (ctx, input) =>
    replyToReview(ctx, input.ratingId, input.body),
  ),
  flag: staff.mutation(flagInput, shape.reviewFlag, (ctx, input) =>
    flagReview(ctx, input.ratingId, input.reason),
  ),
  openFlags: admin.query(openFlagsInput, shape.openFlagsPage, openFlags),
  resolveFlag: admin.mutation(resolveFlagInput, shape.resolvedFlag, (ctx, input) =>
    resolveFlag(ctx, input.flagId, input.decision, input.note),
  ),
  heldReviews: admin.query(heldReviewsInput, shape.heldReviewsPage, heldReviews, {
    rest: {
      method: "GET",
      path: "/admin/held-reviews",
      input: "query",
      ...PAGE,
      description:
        "Reviews the gaming rules held, for administrators: a page with X-Total-Count, then publish or reject one.",
    },
  }),
  decideHeld: admin.mutation(decideHeldReviewInput, shape.decidedHeldReview, decideHeldReview, {
    rest: {
      method: "POST",
      path: "/admin/held-reviews/:ratingId/decision",
      input: "body",
      description: 'Body `{ decision: "publish" | "reject", note? }`.',
    },
  }),
});
