// A dealership's public page (/dealerships/{slug}, docs/product/dealerships.md#the-dealerships-page): where it
// is, when it is open, its listed team and what buyers wrote about them.
import { z } from "zod";
import { REVIEW_VERIFICATIONS } from "../purchases";
import { stars } from "./common";
import { dealershipHours } from "./dealershipHours";
import { locationPrecision, publicDealership } from "./salespeople";

/** How many of the team's latest reviews the page shows, and the most salespeople its team lists. */
export const DEALERSHIP_PAGE_REVIEWS = 5;
export const DEALERSHIP_PAGE_TEAM = 100;

/** A page address: lowercase letters, digits and hyphens, as the database gives them (drizzle/0058). */
export const dealershipSlug = z
  .string()
  .trim()
  .min(1, "Name the dealership's page")
  .max(120, "No dealership's page has an address that long")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "A dealership's page address is lowercase letters, digits and hyphens");

export const dealershipSlugInput = z.strictObject({ slug: dealershipSlug });

export const dealershipTeamMember = z
  .object({
    id: z.number().int(),
    name: z.string(),
    profileImageUrl: z.string().nullable(),
    averageRating: z.number().describe("Average overall rating of the salesperson's published reviews"),
    totalReviews: z.number().int(),
    specialties: z.array(z.string()),
  })
  .describe("A publicly listed salesperson of the dealership");
export type DealershipTeamMember = z.output<typeof dealershipTeamMember>;

export const dealershipPageReview = z
  .object({
    id: z.number().int(),
    salespersonId: z.number().int(),
    salespersonName: z.string(),
    overallRating: stars(),
    comment: z.string().nullable(),
    createdAt: z.date(),
    customerName: z.string().describe("The reviewer's first name and last initial, or 'Verified customer'"),
    verification: z.enum(REVIEW_VERIFICATIONS),
    reply: z
      .object({ body: z.string(), createdAt: z.date() })
      .nullable()
      .describe("The public reply to the review; null without one"),
  })
  .describe("A published review of one of the team");
export type DealershipPageReview = z.output<typeof dealershipPageReview>;

export const dealershipPage = publicDealership
  .extend({
    slug: z.string(),
    timeZone: z.string().describe("IANA zone: the hours are the dealership's wall-clock times in it"),
    latitude: z.number(),
    longitude: z.number(),
    locationPrecision,
    hours: dealershipHours
      .nullable()
      .describe("Opening hours by weekday; null when the manager has not stated them"),
    openNow: z
      .boolean()
      .nullable()
      .describe("Whether it is open at the time of the answer, in its own zone; null without stated hours"),
    rating: z
      .object({
        average: z
          .number()
          .nullable()
          .describe(
            "Average overall stars of the listed team's published reviews (each review counts once, so people with more reviews weigh more); null without any",
          ),
        reviewCount: z.number().int().describe("Published reviews of the listed team"),
      })
      .describe("The team's aggregate rating"),
    team: z
      .array(dealershipTeamMember)
      .describe("The publicly listed salespeople, best rated first (at most 100)"),
    recentReviews: z
      .array(dealershipPageReview)
      .describe("The team's latest published reviews, newest first (at most 5), with their replies"),
  })
  .describe("A dealership's public page");
export type DealershipPage = z.output<typeof dealershipPage>;
