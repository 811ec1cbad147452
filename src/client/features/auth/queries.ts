// What the sign-in pages read, declared once for their routes and components.
import { trpcUtils } from "../../trpc";

export const authQueries = {
  providers: () => trpcUtils.identity.providers.queryOptions(),
  /** The dealerships and cities the salesperson registration form offers. */
  filterOptions: () => trpcUtils.salespeople.filterOptions.queryOptions(),
};
