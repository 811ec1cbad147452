// What the admin console reads before it opens, declared once for its routes and the console.
import { trpcUtils } from "../../trpc";

export const adminQueries = { verify: () => trpcUtils.admin.verify.queryOptions() };
