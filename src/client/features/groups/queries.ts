// What the dealer group's pages read, declared once for their route and their components.
import { trpcUtils } from "../../trpc";

export const groupQueries = {
  mine: () => trpcUtils.groups.mine.queryOptions(),
};
