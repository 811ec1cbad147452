// What the API keys page reads, declared once for its route and its components.
import { trpcUtils } from "../../trpc";

export const apiKeyQueries = {
  scopes: () => trpcUtils.apiKeys.scopes.queryOptions(),
  list: () => trpcUtils.apiKeys.list.queryOptions(),
};
