import type { SuperJSONResult } from "superjson";
import {
  type BrowseResult,
  browseFilterOptions as browseFilterOptionsAnswer,
  browseResult,
  browseSalespeopleInput,
  salespersonDetail,
  salespersonIdInput,
  salespersonRatingsSummary,
} from "../../../shared/schemas/salespeople";
import { router, withSuperjsonForm } from "../../trpc/init";
import { anyone } from "../../trpc/procedures";
import { browseSalespeople } from "./browse";
import { browseFilterOptions, getRatingsSummary, getSalesperson } from "./service";

/**
 * superjson's form of a browse page, without superjson's walk over every field of every card: a card's one
 * instant, verifiedAt, is its only value JSON cannot carry, so only those places are noted. The Dates stay in
 * `json`: tRPC writes it with JSON.stringify at once, which writes a Date as the ISO text superjson would.
 */
export function browseSuperjson(page: BrowseResult): SuperJSONResult {
  const values: Record<string, ["Date"]> = {};
  page.items.forEach((card, i) => {
    if (card.verifiedAt !== null) values[`items.${i}.verifiedAt`] = ["Date"];
  });
  const json = {
    items: page.items,
    total: page.total,
    totalExact: page.totalExact,
    nextCursor: page.nextCursor,
  } as unknown as SuperJSONResult["json"];
  return Object.keys(values).length > 0 ? { json, meta: { values, v: 1 } } : { json };
}

export const salespeopleRouter = router({
  list: anyone.query(browseSalespeopleInput, browseResult, (ctx, input) =>
    // Frozen (its cards are, when parsed): shared by every request that hits the cache, so nothing may change it.
    ctx.browseCache.pages.get(JSON.stringify(input), async () =>
      Object.freeze(withSuperjsonForm(await browseSalespeople(ctx, input), browseSuperjson)),
    ),
  ),
  byId: anyone.query(salespersonIdInput, salespersonDetail, (ctx, input) =>
    getSalesperson(ctx.sql, input.id, { visibleTo: ctx.user }),
  ),
  ratings: anyone.query(salespersonIdInput, salespersonRatingsSummary, (ctx, input) =>
    getRatingsSummary(ctx.sql, input.id, { visibleTo: ctx.user }),
  ),
  filterOptions: anyone.query(browseFilterOptionsAnswer, (ctx) => browseFilterOptions(ctx.sql)),
});
