import { browseSalespeopleInput, salespersonIdInput } from "../../../shared/schemas/salespeople";
import { publicProcedure, router } from "../../trpc/init";
import { browseFilterOptions, browseSalespeople, getRatingsSummary, getSalesperson } from "./service";

export const salespeopleRouter = router({
  list: publicProcedure.input(browseSalespeopleInput).query(({ ctx, input }) =>
    // Frozen (its cards are, when parsed): shared by every request that hits the cache, so nothing may change it,
    // and tRPC's serialised form of it is written once (the transformer in trpc/init.ts).
    ctx.browseCache.get(JSON.stringify(input), async () =>
      Object.freeze(await browseSalespeople(ctx, input)),
    ),
  ),
  byId: publicProcedure
    .input(salespersonIdInput)
    .query(({ ctx, input }) => getSalesperson(ctx.sql, input.id)),
  ratings: publicProcedure
    .input(salespersonIdInput)
    .query(({ ctx, input }) => getRatingsSummary(ctx.sql, input.id)),
  filterOptions: publicProcedure.query(({ ctx }) => browseFilterOptions(ctx.sql)),
});
