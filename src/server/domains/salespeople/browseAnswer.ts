// A browse page as browse answers it: the cards as the JSON text PostgreSQL wrote, parsed only when read (tRPC
// answers), with the bounded total and the next page's cursor. Both walks (browse.ts, browseNear.ts) end here.
import { BROWSE_TOTAL_LIMIT } from "../../../shared/constants";
import type { BrowseCard, BrowseResult, BrowseSalespeopleQuery } from "../../../shared/schemas/salespeople";
import { cursorAt } from "./browseCursor";
import { cardOf, type StoredCard } from "./service";

/** What a page statement answers: the bounded count, the cards' JSON array, how many, and the last one's place. */
export type PageRow = { matches: number; items: string; last: string | null; rows: number };

/** The answer of a page statement's row (none when the statement found nothing at all). */
export function pageResult(
  q: BrowseSalespeopleQuery,
  row: PageRow | undefined,
  pageSize: number,
): BrowseResult {
  const total = row?.matches ?? 0;
  const json = row?.items ?? "[]";
  // The cards are parsed when first read (tRPC answers), never for REST, which sends the text. The getter is one
  // function for every result, not a closure per result: an object literal's own getter gave each result a
  // hidden class of its own, which kept the page's text alive until the next full collection (decision 013).
  const result = {} as BrowseResult;
  Object.defineProperty(result, "items", { get: parsedItems, enumerable: true, configurable: true });
  result.total = Math.min(total, BROWSE_TOTAL_LIMIT);
  result.totalExact = total <= BROWSE_TOTAL_LIMIT;
  // A full page may have a next one; a shorter page is the last.
  result.nextCursor = row?.last && row.rows === pageSize ? cursorAt(q, row.last) : null;
  // Not enumerable: a copy of the result made to change it does not carry the text along.
  Object.defineProperty(result, cardsOf, { value: { json } satisfies Cards });
  return result;
}

/** What a browse result keeps of its cards: the JSON text PostgreSQL wrote, and the cards once parsed. */
const cardsOf = Symbol("cards");
type Cards = { json: string; parsed?: BrowseCard[] };

function parsedItems(this: { [cardsOf]: Cards }): BrowseCard[] {
  const cards = this[cardsOf];
  cards.parsed ??= Object.freeze(parseCards(cards.json)) as BrowseCard[];
  return cards.parsed;
}

/** A browse page's cards as JSON: the text PostgreSQL wrote, which is what JSON.stringify(result.items) gives. */
export function browseItemsJson(result: BrowseResult): string {
  return (result as { [cardsOf]?: Cards })[cardsOf]?.json ?? JSON.stringify(result.items);
}

/** Cards from the JSON array of stored cards a browse page aggregates. */
function parseCards(json: string): BrowseCard[] {
  return (JSON.parse(json) as StoredCard[]).map(cardOf);
}
