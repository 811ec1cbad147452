import { z } from "zod";
import { dealershipFields, websiteSchema } from "./admin";
import { ianaZone } from "./common";
import { dealershipHours } from "./dealershipHours";
import { locationPrecision, publicDealership } from "./salespeople";

/**
 * What a manager may change about their own dealership. The name is not among them: a dealership's name is
 * what customers and reviews know it by, so a rename goes through an administrator (docs/product/dealerships.md).
 */
export const updateDealershipDetailsInput = z.strictObject({
  address: dealershipFields.address,
  zipCode: dealershipFields.zipCode,
  phoneNumber: dealershipFields.phoneNumber,
  website: websiteSchema,
  timeZone: dealershipFields.timeZone,
  hours: dealershipHours.nullable().optional(),
});
export type UpdateDealershipDetailsInput = z.input<typeof updateDealershipDetailsInput>;

export const dealershipLogoUploadInput = z.strictObject({
  logoUrl: z
    .string({ error: "Please select a valid image file" })
    .trim()
    .min(1, "Please select a valid image file")
    .max(8_000_000),
});

export const dealershipDetails = publicDealership
  .extend({
    slug: z.string().describe("Where the dealership's public page is: /dealerships/{slug}"),
    timeZone: ianaZone(),
    latitude: z.number(),
    longitude: z.number(),
    locationPrecision,
    hours: dealershipHours
      .nullable()
      .describe("Opening hours by weekday; null until the manager states them"),
    updatedAt: z.date(),
  })
  .describe("The manager's own dealership, as they edit it");
export type DealershipDetails = z.output<typeof dealershipDetails>;
