import { z } from "zod";
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from "../analytics";
import { SALESPERSON_STATUSES, SELF_SERVICE_STATUSES, YEARS_OF_EXPERIENCE } from "../constants";
import { idSchema, line, percent, text } from "./common";

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
  /** Show the work e-mail on the public profile; only the salesperson themselves chooses it. */
  showEmail: z.boolean({ error: "showEmail must be true or false" }).optional(),
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

const nullableStars = () =>
  z.number().nullable().describe("Average stars, 1 to 5; null with no reviews in the bucket");

/** A salesperson's dashboard over one period, bucketed by day, week or month in their time zone. */
export const salespersonOverview = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  bucket: z.enum(["day", "week", "month"]),
  appointmentsOverTime: z.array(
    z.object({
      bucket: z.string().describe("Start of the bucket, YYYY-MM-DD"),
      scheduled: z.number().int(),
      completed: z.number().int(),
      cancelled: z.number().int(),
      noShow: z.number().int(),
    }),
  ),
  ratingsOverTime: z.array(
    z.object({
      bucket: z.string().describe("Start of the bucket, YYYY-MM-DD"),
      overall: nullableStars(),
      helpfulness: nullableStars(),
      pressureLevel: nullableStars(),
      communication: nullableStars(),
      count: z.number().int(),
    }),
  ),
  totals: z.object({
    appointments: z.number().int(),
    completed: z.number().int(),
    noShow: z.number().int(),
    cancelled: z.number().int(),
    completionRate: percent(),
    noShowRate: percent(),
    reviews: z.number().int(),
    reviewsInPeriod: z.number().int(),
    averageRating: z.number().describe("Average overall stars over every review; 0 with none"),
    profileViews: z.number().int(),
    upcoming: z.number().int(),
    responseTimeMinutes: z
      .number()
      .nullable()
      .describe("Average minutes from a buyer's message to the salesperson's next reply, in the period"),
    unansweredConversations: z
      .number()
      .int()
      .describe("Conversations whose last message is the buyer's, waiting for an answer"),
  }),
  profileViewsOverTime: z.array(z.object({ bucket: z.string(), views: z.number().int() })),
});
export type SalespersonOverview = z.output<typeof salespersonOverview>;

/** One piece of advice on the dashboard, computed from the salesperson's own figures against their peers'. */
export const growthInsight = z.object({
  id: z.string(),
  tone: z.enum(["positive", "suggestion", "warning"]),
  title: z.string(),
  detail: z.string(),
});
export type GrowthInsight = z.output<typeof growthInsight>;
export const growthInsights = z.array(growthInsight);

// Answers of the salesperson's own profile --------------------------------------------------------------------

export const verifiedProfile = z.object({ id: z.number().int(), verifiedAt: z.date().nullable() });

export const profileStatus = z.object({ id: z.number().int(), status: z.enum(SALESPERSON_STATUSES) });

export const uploadedPhoto = z.object({ profileImageUrl: z.string(), thumbnailUrl: z.string() });

export const recordedView = z.object({
  recorded: z
    .boolean()
    .describe("False when not counted: the salesperson's own view, or this viewer's second view of the day"),
});
