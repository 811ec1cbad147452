import { z } from "zod";
import { ANALYTICS_PERIODS, type AnalyticsPeriod, DEFAULT_ANALYTICS_PERIOD } from "../analytics";
import { SALESPERSON_STATUSES, SELF_SERVICE_STATUSES, YEARS_OF_EXPERIENCE } from "../constants";
import { idSchema, line, text } from "./common";

const id = idSchema;

const nullableText = (max: number, kind: typeof line = line) =>
  kind()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** Profile fields a salesperson edits themself; aggregates, e-mail, dealership and verification are not here. */
export const updateSalespersonInput = z.strictObject({
  id,
  name: line().min(1, "Name is required").max(120).optional(),
  phoneNumber: nullableText(40),
  bio: nullableText(2000, text),
  specialties: z.array(line().min(1).max(60)).max(12, "Choose at most 12 specialties").optional(),
  yearsOfExperience: z.coerce
    .number({ error: "Years of experience must be a number" })
    .int("Years of experience must be a whole number")
    .min(YEARS_OF_EXPERIENCE.min, "Years of experience must be between 0 and 50")
    .max(YEARS_OF_EXPERIENCE.max, "Years of experience must be between 0 and 50")
    .optional(),
  status: z
    .enum(SELF_SERVICE_STATUSES, { error: "Status must be available, busy or unavailable" })
    .optional(),
});

export const updateStatusInput = z.strictObject({
  id,
  /** Salespeople choose available, busy or unavailable; administrators may also set offline. */
  status: z.enum(SALESPERSON_STATUSES, { error: "Status must be available, busy or unavailable" }),
});

export const overviewInput = z.strictObject({
  period: z.enum(ANALYTICS_PERIODS).default(DEFAULT_ANALYTICS_PERIOD),
  salespersonId: id.optional(),
});

export const insightsInput = z.strictObject({ salespersonId: id.optional() }).optional();

export const verifySalespersonInput = z.strictObject({
  salespersonId: id,
  verified: z.boolean().default(true),
});

export const dataUrlUploadInput = z.strictObject({
  profileImageUrl: z.string().min(1, "Please select an image file (JPG, PNG, etc.)").max(8_000_000),
});

export type SalespersonOverview = {
  period: AnalyticsPeriod;
  bucket: "day" | "week" | "month";
  appointmentsOverTime: {
    bucket: string;
    scheduled: number;
    completed: number;
    cancelled: number;
    noShow: number;
  }[];
  ratingsOverTime: {
    bucket: string;
    overall: number | null;
    helpfulness: number | null;
    pressureLevel: number | null;
    communication: number | null;
    count: number;
  }[];
  totals: {
    appointments: number;
    completed: number;
    noShow: number;
    cancelled: number;
    completionRate: number | null;
    noShowRate: number | null;
    reviews: number;
    reviewsInPeriod: number;
    averageRating: number;
    profileViews: number;
    upcoming: number;
    /** Average minutes from a buyer's message to the salesperson's next reply, in the period. */
    responseTimeMinutes: number | null;
    /** Conversations whose last message is the buyer's, waiting for an answer. */
    unansweredConversations: number;
  };
  profileViewsOverTime: { bucket: string; views: number }[];
};

export type GrowthInsight = {
  id: string;
  tone: "positive" | "suggestion" | "warning";
  title: string;
  detail: string;
};

// Answers of the salesperson's own profile --------------------------------------------------------------------

export const verifiedProfile = z.object({ id: z.number().int(), verifiedAt: z.date().nullable() });

export const profileStatus = z.object({ id: z.number().int(), status: z.enum(SALESPERSON_STATUSES) });

export const uploadedPhoto = z.object({ profileImageUrl: z.string(), thumbnailUrl: z.string() });

export const recordedView = z.object({
  recorded: z
    .boolean()
    .describe("False when not counted: the salesperson's own view, or this viewer's second view of the day"),
});
