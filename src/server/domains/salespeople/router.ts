import { browseSalespeopleInput, salespersonIdInput } from "../../../shared/schemas/salespeople";
import { publicProcedure, router } from "../../trpc/init";
import { browseFilterOptions, browseSalespeople, getRatingsSummary, getSalesperson } from "./service";

export const salespeopleRouter = router({
  list: publicProcedure.input(browseSalespeopleInput).query(({ ctx, input }) =>
    ctx.browseCache.get(JSON.stringify(input), async () => {
      // Frozen, with its page of cards: shared by every request that hits the cache, so nothing may change it,
      // and its serialised form is written once (the tRPC transformer in trpc/init.ts, REST's jsonOf).
      const result = await browseSalespeople(ctx, input);
      Object.freeze(result.items);
      return Object.freeze(result);
    }),
  ),
  byId: publicProcedure
    .input(salespersonIdInput)
    .query(({ ctx, input }) => getSalesperson(ctx.sql, input.id)),
  ratings: publicProcedure
    .input(salespersonIdInput)
    .query(({ ctx, input }) => getRatingsSummary(ctx.sql, input.id)),
  filterOptions: publicProcedure.query(({ ctx }) => browseFilterOptions(ctx.sql)),
});
