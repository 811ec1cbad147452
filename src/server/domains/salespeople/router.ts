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
import { TOTAL_COUNT } from "../../rest/declaration";
import { withSuperjsonForm } from "../../trpc/init";
import { anyone, taggedRouter } from "../../trpc/procedures";
import { browseItemsJson, browseSalespeople } from "./browse";
import { browseFilterOptions, getRatingsSummary, getSalesperson } from "./service";

/**
 * The places superjson's meta names in a browse page: each card's one instant, verifiedAt, where it is set (the
 * only value of a page JSON cannot carry). Read off the cards' JSON text, so the cards are not parsed for it; in
 * that text a card's own `"verifiedAt":` is the only one, a quote inside a value being escaped.
 */
function instantPlaces(page: BrowseResult): SuperJSONResult["meta"] {
  const values: Record<string, ["Date"]> = {};
  let card = 0;
  for (const [, value] of browseItemsJson(page).matchAll(/"verifiedAt":(null|")/g)) {
    if (value === '"') values[`items.${card}.verifiedAt`] = ["Date"];
    card++;
  }
  return Object.keys(values).length > 0 ? { values, v: 1 } : undefined;
}

/** superjson's form of a page with `items` in the cards' place. */
function pageForm(page: BrowseResult, items: unknown): SuperJSONResult {
  const json = {
    items,
    total: page.total,
    totalExact: page.totalExact,
    nextCursor: page.nextCursor,
  } as unknown as SuperJSONResult["json"];
  const meta = instantPlaces(page);
  return meta ? { json, meta } : { json };
}

/**
 * superjson's form of a browse page, without superjson's walk over every field of every card: only the cards'
 * instants are noted. The Dates stay in `json`: tRPC writes it with JSON.stringify at once, which writes a Date as
 * the ISO text superjson would.
 */
export function browseSuperjson(page: BrowseResult): SuperJSONResult {
  return pageForm(page, page.items);
}

/** The first characters of a page's form as JSON.stringify writes it with 0 in the cards' place. */
const ITEMS_STAND_IN = '{"json":{"items":0';

/**
 * browseSuperjson's form as JSON text, the cards as the text PostgreSQL wrote (not parsed, not written again): the
 * data of the tRPC browse answer (http/browseTrpc.ts), as REST sends that text.
 */
export function browseSuperjsonJson(page: BrowseResult): string {
  const written = JSON.stringify(pageForm(page, 0));
  return `{"json":{"items":${browseItemsJson(page)}${written.slice(ITEMS_STAND_IN.length)}`;
}

export const salespeopleRouter = taggedRouter("Salespeople", {
  list: anyone.query(
    browseSalespeopleInput,
    browseResult,
    (ctx, input) =>
      // Frozen (its cards are, when parsed): shared by every request that hits the cache, so nothing may change it.
      ctx.browseCache.pages.get(JSON.stringify(input), async () =>
        Object.freeze(withSuperjsonForm(await browseSalespeople(ctx, input), browseSuperjson)),
      ),
    {
      rest: {
        route: "GET /salespeople",
        scope: "salespeople:read",
        shape: (page) => ({
          json: browseItemsJson(page),
          headers: {
            "X-Total-Count": String(page.total),
            "X-Total-Count-Exact": String(page.totalExact),
            ...(page.nextCursor ? { "X-Next-Cursor": page.nextCursor } : {}),
          },
        }),
        responds: {
          kind: "page",
          headers: {
            ...TOTAL_COUNT,
            "X-Total-Count-Exact":
              "false when X-Total-Count is an estimate (very large result sets); see the docs",
            "X-Next-Cursor":
              "Where the next page starts: give it as `after` (absent when this page is not full, the last); pages on however deep, where an offset walks every match before it",
          },
        },
      },
      description:
        "A JSON array, as older clients expect. X-Total-Count is the exact number of matches up to BROWSE_TOTAL_LIMIT (1,000); past it, X-Total-Count is 1000 and X-Total-Count-Exact is false.",
    },
  ),
  byId: anyone.query(
    salespersonIdInput,
    salespersonDetail,
    (ctx, input) => getSalesperson(ctx.sql, input.id, { visibleTo: ctx.user }),
    { rest: { route: "GET /salespeople/:id", scope: "salespeople:read" } },
  ),
  ratings: anyone.query(
    salespersonIdInput,
    salespersonRatingsSummary,
    (ctx, input) => getRatingsSummary(ctx.sql, input.id, { visibleTo: ctx.user }),
    { rest: { route: "GET /salespeople/:id/ratings", scope: "salespeople:read" } },
  ),
  filterOptions: anyone.query(browseFilterOptionsAnswer, (ctx) => browseFilterOptions(ctx.sql)),
});
