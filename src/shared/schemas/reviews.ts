import { z } from "zod";
import { REVIEW_MODERATION_STATUSES, USER_ROLES } from "../constants";
import { REVIEW_SORTS } from "../reviews";
import { idSchema, idWith, isoDate, line, listPage, listPaging, pagingFields, stars, text } from "./common";
import { ratingListItem } from "./salespeople";

const id = idSchema;
const score = z.coerce
  .number({ error: "All rating categories are required to submit your review." })
  .int("Ratings are whole numbers from 1 to 5")
  .min(1, "All rating categories are required to submit your review.")
  .max(5, "Ratings are whole numbers from 1 to 5");
const comment = text()
  .max(2000, "Comments can be at most 2000 characters")
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const submitRatingInput = z.strictObject({
  /** The spec's client sends the user id; it must be the signed-in customer's own. */
  userId: line().max(64).optional(),
  salespersonId: id,
  appointmentId: idWith("You must select a completed appointment to leave a review."),
  overallRating: score,
  helpfulnessRating: score,
  pressureLevelRating: score,
  communicationRating: score,
  /**
   * Product knowledge: optional, so a request with the four original scores is still taken; a review without it
   * has none (null), and averages of product knowledge count only the reviews that have one.
   */
  knowledgeRating: z
    .preprocess((v) => (v === null ? undefined : v), score.optional())
    .describe("Product knowledge, 1 to 5; optional: a review without it has none, and no average counts it"),
  comment,
  helpfulnessComment: comment,
  pressureComment: comment,
  communicationComment: comment,
  visitDate: z
    .preprocess((v) => (v === "" ? null : v), isoDate().nullable().optional())
    .transform((v) => v ?? null),
});

export const editRatingInput = submitRatingInput
  .omit({ userId: true, salespersonId: true, appointmentId: true })
  .partial()
  .extend({ id });

export const eligibleAppointmentsInput = z.strictObject({ salespersonId: id });

export const REVIEWS_PAGE_SIZE = { default: 10, max: 50 } as const;

export const reviewsPageInput = z.strictObject({
  salespersonId: id,
  sort: z.enum(REVIEW_SORTS).default("newest"),
  ...pagingFields(REVIEWS_PAGE_SIZE),
});

export const replyInput = z.strictObject({
  ratingId: id,
  body: text().min(1, "Write a reply first").max(2000),
});
export const flagInput = z.strictObject({
  ratingId: id,
  reason: text().min(5, "Tell us why in a few words").max(1000),
});
export const resolveFlagInput = z.strictObject({
  flagId: id,
  decision: z.enum(["uphold", "remove"]),
  /** Why: kept on the flag and in the audit trail. */
  note: text().max(1000, "Please keep the reason under 1,000 characters").optional(),
});

/** The moderation queue: open flags, searched by review text, salesperson, reason or who flagged it. */
export const openFlagsInput = z.strictObject(listPaging).optional();
export type OpenFlagsInput = z.input<typeof openFlagsInput>;
export type OpenFlagsQuery = z.output<typeof openFlagsInput>;

export const reviewView = ratingListItem.extend({
  helpfulnessComment: z.string().nullable(),
  pressureComment: z.string().nullable(),
  communicationComment: z.string().nullable(),
  knowledgeRating: z
    .number()
    .int()
    .nullable()
    .describe("Product knowledge, 1 to 5; null on reviews written before it was asked"),
  visitDate: z.string().nullable().describe("YYYY-MM-DD of the visit, when the reviewer gave it"),
  verifiedVisit: z
    .boolean()
    .describe(
      "Written about a visit someone other than the buyer alone vouches for (checked in, confirmed by the salesperson, or an upheld dispute)",
    ),
  reply: z
    .object({ body: z.string(), createdAt: z.date() })
    .nullable()
    .describe("The salesperson's public reply"),
});
export type ReviewView = z.output<typeof reviewView>;

export const reviewsPage = z
  .object({
    items: z.array(reviewView),
    total: z.number().int().describe("Published reviews of the salesperson"),
    averages: z
      .object({
        overall: z.number().nullable(),
        helpfulness: z.number().nullable(),
        pressureLevel: z.number().nullable(),
        communication: z.number().nullable(),
        knowledge: z.number().nullable().describe("Over the reviews that have a knowledge score"),
      })
      .describe("Average stars over every published review, two decimals; null without reviews"),
  })
  .describe("A page of a salesperson's published reviews");

export const submittedReview = z
  .object({
    id: z.number().int().describe("The new review's id"),
    averageRating: z.number().describe("The salesperson's new average"),
    totalReviews: z.number().int(),
    moderationStatus: z
      .enum(REVIEW_MODERATION_STATUSES)
      .describe("'held' when a gaming rule holds the review for an administrator before it is published"),
    heldReason: z.string().nullable().describe("Why the review is held"),
  })
  .describe("The review and the salesperson's averages after it");

/** A completed, unrated visit the customer may still review. */
export const eligibleAppointment = z.object({
  id: z.number().int(),
  appointmentType: z.string(),
  scheduledDateTime: z.date(),
  completedAt: z.date(),
  timeZone: z.string().describe("The salesperson's IANA time zone"),
});
export const eligibleAppointments = z.array(eligibleAppointment);

export const editedReview = z.object({ id: z.number().int() });

/** The customer's own reviews, including removed ones, with whether each can still be edited. */
export const myReview = reviewView.extend({
  salespersonId: z.number().int(),
  salespersonName: z.string(),
  removed: z.boolean().describe("Taken out of public view by moderation"),
  moderationStatus: z
    .enum(REVIEW_MODERATION_STATUSES)
    .describe("'held' while it waits for an administrator, 'rejected' when they declined to publish it"),
  editable: z.boolean().describe("Still inside the edit window and not removed"),
});
export const myReviews = z.array(myReview);

export const reviewReply = z.object({
  id: z.number().int(),
  ratingId: z.number().int(),
  body: z.string(),
  createdAt: z.date(),
});

export const reviewFlag = z.object({
  id: z.number().int(),
  ratingId: z.number().int(),
  status: z.literal("open"),
});

/** A flag waiting in the moderation queue, with the review it is about and who raised it. */
export const openFlag = z.object({
  id: z.number().int(),
  ratingId: z.number().int(),
  reason: z.string(),
  createdAt: z.date(),
  comment: z.string().nullable(),
  overallRating: stars(),
  salespersonId: z.number().int(),
  salespersonName: z.string(),
  dealershipName: z.string().nullable(),
  reviewedAt: z.date(),
  customerName: z.string(),
  flaggedByEmail: z.string().nullable(),
  flaggedByName: z.string().nullable(),
  flaggedByRole: z.enum(USER_ROLES).nullable(),
});
export type OpenFlag = z.output<typeof openFlag>;
export const openFlagsPage = listPage(openFlag);

export const resolvedFlag = z.object({
  flagId: z.number().int(),
  ratingId: z.number().int(),
  decision: z.enum(["uphold", "remove"]),
});

/** The queue of reviews the gaming rules held, searched by review text, reason or salesperson. */
export const heldReviewsInput = z.strictObject(listPaging).optional();
export type HeldReviewsQuery = z.output<typeof heldReviewsInput>;

/** A review waiting for an administrator, with why it was held. */
export const heldReview = z.object({
  id: z.number().int(),
  heldReason: z.string().nullable(),
  createdAt: z.date(),
  overallRating: stars(),
  comment: z.string().nullable(),
  helpfulnessComment: z.string().nullable(),
  pressureComment: z.string().nullable(),
  communicationComment: z.string().nullable(),
  salespersonId: z.number().int(),
  salespersonName: z.string(),
  dealershipName: z.string().nullable(),
  customerName: z.string(),
  accountCreatedAt: z.date().nullable().describe("When the reviewer's account was opened (null once erased)"),
});
export type HeldReview = z.output<typeof heldReview>;
export const heldReviewsPage = listPage(heldReview);

export const HELD_REVIEW_DECISIONS = ["publish", "reject"] as const;
export const decideHeldReviewInput = z.strictObject({
  ratingId: id,
  decision: z.enum(HELD_REVIEW_DECISIONS),
  /** Why: kept in the audit trail. */
  note: text().max(1000, "Please keep the reason under 1,000 characters").optional(),
});
export const decidedHeldReview = z.object({
  ratingId: z.number().int(),
  moderationStatus: z.enum(["published", "rejected"]),
});
