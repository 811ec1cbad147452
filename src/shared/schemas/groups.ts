// Inputs and answers of dealer groups (docs/product/dealer-groups.md): the caller's own group, the dealership of it
// they work on, and the group's report. Every procedure is scoped by the server to the caller's group; an input
// that names a dealership is checked against it.
import { z } from "zod";
import { GROUP_ROLES } from "../constants";
import { idSchema, percent } from "./common";
import { monthlyFigures, monthSchema } from "./manager";

export const groupRoleSchema = z
  .enum(GROUP_ROLES, { error: "Role must be group_owner, group_manager or group_staff" })
  .describe(
    "group_owner (the group's plan, people and every dealership as its owner), group_manager (every dealership as its manager, the report) or group_staff (every dealership's bookings)",
  );

export const groupDealership = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  state: z.string(),
  salespeople: z.number().int().describe("Salespeople on its team"),
  averageRating: z
    .number()
    .nullable()
    .describe("Average overall rating of its published reviews; null without"),
  totalReviews: z.number().int(),
  upcomingVisits: z.number().int().describe("Visits booked from now on"),
});
export type GroupDealership = z.output<typeof groupDealership>;

export const dealerGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    role: groupRoleSchema.describe("The caller's role in the group"),
    actingDealershipId: z
      .number()
      .int()
      .nullable()
      .describe("The dealership of the group the caller works on now (their dashboard's)"),
    dealerships: z.array(groupDealership),
  })
  .describe("The caller's dealer group and its dealerships");
export type DealerGroup = z.output<typeof dealerGroup>;

export const actAsInput = z.strictObject({ dealershipId: idSchema });
export const actingDealership = z.object({
  dealershipId: z.number().int(),
  name: z.string(),
});

export const groupReportInput = z.strictObject({ month: monthSchema });

const reportFigures = monthlyFigures.extend({
  conversionRate: percent().describe("Completed visits as a share of visits booked for the month (0-100)"),
});

export const groupReportDealership = z.object({
  dealership: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
  from: z.date().describe("The month's start in the dealership's time zone"),
  to: z.date().describe("The month's end in the dealership's time zone"),
  salespeople: z.number().int(),
  figures: reportFigures.describe("The same figures as the dealership's own monthly report's totals"),
});
export type GroupReportDealership = z.output<typeof groupReportDealership>;

export const groupReport = z
  .object({
    group: z.object({ id: z.number().int(), name: z.string() }),
    month: z.string(),
    generatedAt: z.date(),
    dealerships: z.array(groupReportDealership),
    totals: reportFigures.describe(
      "The dealerships' figures added up: counts summed, averages weighted by what they average",
    ),
  })
  .describe("A dealer group's month, its dealerships side by side");
export type GroupReport = z.output<typeof groupReport>;
