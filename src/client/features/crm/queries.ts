// What the CRM page reads, declared once for its route and its components.
import { trpcUtils } from "../../trpc";

export const crmQueries = {
  providers: () => trpcUtils.crm.providers.queryOptions(),
  /** The dealership's integrations: an administrator may name any dealership, a manager has their own. */
  integrations: (dealershipId?: number) =>
    trpcUtils.crm.integrations.queryOptions(dealershipId === undefined ? {} : { dealershipId }),
};
