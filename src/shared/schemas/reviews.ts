import { z } from "zod";
import { CONTACT_METHODS, MISCONDUCT_CATEGORIES, REPORT_STATUSES, REVIEW_SORTS } from "../reviews";
import { idSchema, idWith, isoDate, line, text } from "./common";

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

export const reviewsPageInput = z.strictObject({
  salespersonId: id,
  sort: z.enum(REVIEW_SORTS).default("newest"),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
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
  note: text().max(1000).optional(),
});

export const contactSalespersonInput = z.strictObject({
  salespersonId: id,
  message: text({ error: "Please write a message" }).min(1, "Please write a message").max(4000),
  contactMethod: z.enum(CONTACT_METHODS, { error: "Choose how you want to be contacted" }),
});
export const replyMessageInput = z.strictObject({
  conversationId: id,
  body: text().min(1, "Please write a message").max(4000),
});
export const conversationInput = z.strictObject({ conversationId: id });

export const favoriteInput = z.strictObject({ salespersonId: id });

const categoryValues = MISCONDUCT_CATEGORIES.map((c) => c.value) as [string, ...string[]];
export const misconductReportInput = z.strictObject({
  salespersonId: id,
  category: z.enum(categoryValues, { error: "Choose a category" }),
  description: text().min(20, "Describe what happened in at least 20 characters").max(5000),
  incidentDate: z.preprocess((v) => (v === "" || v === null ? undefined : v), isoDate().optional()),
  /** Signed-in reporters may choose anonymity; signed-out reports are always anonymous. */
  anonymous: z.boolean().default(true),
});
export const trackingCodeInput = z.strictObject({ trackingCode: line().min(8).max(40) });
export const updateReportInput = z.strictObject({
  reportId: id,
  status: z.enum(REPORT_STATUSES).optional(),
  note: text().max(2000).optional(),
  resolution: text().max(2000).optional(),
});

export type ReviewView = {
  id: number;
  overallRating: number;
  helpfulnessRating: number;
  pressureLevelRating: number;
  communicationRating: number;
  comment: string | null;
  helpfulnessComment: string | null;
  pressureComment: string | null;
  communicationComment: string | null;
  visitDate: string | null;
  createdAt: Date;
  customerName: string;
  verifiedVisit: boolean;
  reply: { body: string; createdAt: Date } | null;
};
