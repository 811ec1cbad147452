import { z } from "zod";
import { idSchema, line } from "./common";

export const CERTIFICATION_FIRST_YEAR = 1950;
/** The most certifications one salesperson profile holds (verified or not). */
export const CERTIFICATIONS_PER_PROFILE = 50;

/** The latest year a certification may carry: next year's (some are dated for the year they run into). */
export const latestCertificationYear = () => new Date().getUTCFullYear() + 1;

/** Who a verified certification's badge names when no dealership's manager verified it. */
export const PLATFORM_VERIFIER = "KnowBefore";

const emptyAsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

export const certificationFields = {
  name: line({ error: "Name is required" })
    .min(1, "Name is required")
    .max(120, "Name is at most 120 characters"),
  issuer: line({ error: "Issuer is required" })
    .min(1, "Issuer is required")
    .max(120, "Issuer is at most 120 characters"),
  year: z.coerce
    .number({ error: "Year must be a number" })
    .int("Year must be a whole number")
    .min(CERTIFICATION_FIRST_YEAR, `Year must be ${CERTIFICATION_FIRST_YEAR} or later`)
    .refine((year) => year <= latestCertificationYear(), "Year cannot be later than next year"),
  credentialId: z
    .preprocess(emptyAsNull, line().max(120, "Credential id is at most 120 characters").nullable())
    .optional()
    .transform((v) => v ?? null),
  credentialUrl: z
    .preprocess(
      emptyAsNull,
      line()
        .max(500, "Credential URL is at most 500 characters")
        .pipe(z.url({ protocol: /^https$/, error: "Credential URL must start with https://" }))
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
};

export const addCertificationInput = z.strictObject(certificationFields);
export type AddCertificationInput = z.input<typeof addCertificationInput>;

/** The whole certification again: an edit of a verified one clears its verification. */
export const updateCertificationInput = z.strictObject({ id: idSchema, ...certificationFields });
export type UpdateCertificationInput = z.input<typeof updateCertificationInput>;

export const certificationIdInput = z.strictObject({ id: idSchema });

export const rejectCertificationInput = z.strictObject({
  id: idSchema,
  reason: line().max(300, "Reason is at most 300 characters").optional(),
});

export const salespersonCertificationsInput = z.strictObject({ salespersonId: idSchema });

export const certification = z
  .object({
    id: z.number().int(),
    salespersonId: z.number().int(),
    name: z.string(),
    issuer: z.string(),
    year: z.number().int(),
    credentialId: z.string().nullable(),
    credentialUrl: z.string().nullable(),
    verifiedAt: z
      .date()
      .nullable()
      .describe("Null until the dealership's manager (or an administrator) verifies it"),
    createdAt: z.date(),
  })
  .describe("A certification as its salesperson and their manager see it");
export type Certification = z.output<typeof certification>;

export const certifications = z.array(certification);

/** An unverified certification in a manager's (or an administrator's) queue, with whose it is. */
export const pendingCertification = certification
  .extend({ salespersonName: z.string(), dealership: z.string().nullable() })
  .describe("A certification waiting for verification");
export type PendingCertification = z.output<typeof pendingCertification>;
export const pendingCertifications = z.array(pendingCertification);

/** A verified certification as the public profile shows it. */
export const verifiedCertification = z
  .object({
    id: z.number().int(),
    name: z.string(),
    issuer: z.string(),
    year: z.number().int(),
    credentialId: z.string().nullable(),
    credentialUrl: z.string().nullable(),
    verifiedBy: z
      .string()
      .describe("The dealership whose manager verified it, or KnowBefore when an administrator did"),
  })
  .describe("A verified certification on a public profile");
export type VerifiedCertification = z.output<typeof verifiedCertification>;

export const removedCertification = z.object({ removedCertification: z.string() });
