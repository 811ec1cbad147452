// The landing page's headline counts and the demo-data label of summed figures. Apart from site.ts, whose
// schemas the landing page loads: the client needs only these types, so their schemas stay off that page.
import { z } from "zod";

/**
 * On every answer whose figures sum rows the demo seed may have written (the landing page's counts, business
 * intelligence): the seeded rows among those counted, so the page can label the figures. Null when every row
 * counted is real (a production deployment).
 */
export const demoData = z
  .object({
    rows: z.number().int().positive().describe("How many seeded demo rows the figures count"),
    note: z.string().describe('Which, in words: "Demo data: includes 1,320 salespeople, …"'),
  })
  .nullable()
  .describe("Seeded demo rows among those counted: how many, and which in words; null when all are real");
export type DemoData = z.output<typeof demoData>;

/** Headline figures, each counted from rows at request time. */
export const siteStats = z.object({
  verifiedSalespeople: z.number().int().describe("Salespeople whose dealership has verified them"),
  averageRating: z
    .number()
    .nullable()
    .describe("Mean overall score over every rating; null when there are none"),
  ratingsCount: z.number().int(),
  dealershipPartners: z.number().int(),
  demoData,
});
export type SiteStats = z.output<typeof siteStats>;
