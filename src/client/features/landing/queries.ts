// What the landing and marketing pages read, declared once for their routes and components.
import { trpcUtils } from "../../trpc";

export const siteQueries = {
  stats: () => trpcUtils.site.stats.queryOptions(),
  testimonials: () => trpcUtils.site.testimonials.queryOptions(),
};
