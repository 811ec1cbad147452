// Browsing salespeople: a page of cards for any filter, sort, name search and cursor the browse page and the
// REST API offer, with its bounded total (docs/decisions/003-browse-performance.md).
import { BROWSE_TOTAL_LIMIT } from "../../../shared/constants";
import type { BrowseResult, BrowseSalespeopleQuery } from "../../../shared/schemas/salespeople";
import { NEXT_OPEN_DAYS } from "../../../shared/slots";
import { addDays, todayIn } from "../../../shared/time";
import { publiclyListedSql, stoppedProfilesSql } from "../../access";
import { appError } from "../../appError";
import { type Fragment, joinSql, type Queryable } from "../../db/client";
import { limitOffset } from "../../db/search";
import { type PageRow, pageResult } from "./browseAnswer";
import type { BrowseCache } from "./browseCache";
import { browseConditions, canonicalSpecialty, type TermAnswer, whereAll } from "./browseConditions";
import { pageStart } from "./browseCursor";
import { indexPage, nearPage } from "./browseIndexPage";
import { browseNearPage, nearDealerships, nearPlace } from "./browseNear";
import { cursorInstant, soonestAt, soonestPlace } from "./browseSoonest";
import { indexHolds, indexPlan } from "./indexPlan";
import { PIECE_LENGTH, rarestPiece, searchPieces, TERM } from "./termCounts";

export { browseItemsJson } from "./browseAnswer";

/** A term of salesperson_terms to walk, and the filter it answers by itself. */
type WalkedTerm = { term: (sql: Queryable) => Fragment; answers: TermAnswer | undefined };

/**
 * The salesperson_terms term a rating-ordered browse walks, when one narrows it (drizzle/0019): the rarest of
 * what the filters offer, by their entries (termCounts.ts). A name search of three or more characters offers
 * its rarest three-character piece (lower-cased, as search_text is); the verified purchases filter
 * 'v:purchase' (drizzle/0025), which only the few salespeople with a purchase-backed review have; a specialty
 * its own. Of terms counted alike (or not counted) the first of those is walked. With a city, the term's
 * entries in that city (drizzle/0020); a city alone or with a rating walks salespeople's city index. `answers`
 * names the filter the term alone decides: its specialty, verified purchases, or a three-character ASCII search
 * (its own term); a longer search is also matched against search_text, as any filter the term does not answer.
 */
function browseTerm(q: BrowseSalespeopleQuery, counts: ReadonlyMap<string, number>): WalkedTerm | null {
  if (q.sort === "pressure") return null;
  const offered: (WalkedTerm & { entries: number })[] = [];
  if (q.search && [...q.search].length >= PIECE_LENGTH) {
    const search = q.search;
    const piece = rarestPiece(search, counts);
    offered.push({
      term: (sql: Queryable) =>
        sql`${TERM.piece} || substr(lower(${search}), ${piece.at}::int, ${PIECE_LENGTH}::int)`,
      answers: /^[\x20-\x7e]+$/.test(search) && search.length === PIECE_LENGTH ? "search" : undefined,
      entries: piece.entries,
    });
  }
  if (q.verifiedPurchases)
    offered.push({
      // A literal, which a generic plan reads the term's share of salesperson_terms for.
      term: (sql: Queryable) => sql.unsafe(`'${TERM.verifiedPurchase}'`),
      answers: "verifiedPurchases",
      entries: counts.get(TERM.verifiedPurchase) ?? Number.POSITIVE_INFINITY,
    });
  if (q.specialty) {
    const term = specialtyTerm(q.specialty);
    offered.push({
      term: (sql: Queryable) => sql`${term}`,
      answers: "specialty",
      entries: counts.get(term) ?? Number.POSITIVE_INFINITY,
    });
  }
  return offered.reduce<(typeof offered)[number] | null>(
    (rarest, next) => (rarest === null || next.entries < rarest.entries ? next : rarest),
    null,
  );
}

function specialtyTerm(specialty: string): string {
  return `${TERM.specialty}${canonicalSpecialty(specialty)}`;
}

/**
 * The terms browseTerm chooses among, when it has a choice: a name search's pieces (a search of three
 * characters has one), verified purchases and a specialty. None when at most one term is offered.
 */
function termsToCount(q: BrowseSalespeopleQuery): string[] {
  if (q.sort === "pressure") return [];
  const terms = [
    ...(q.search ? searchPieces(q.search).map((piece) => piece.term) : []),
    ...(q.verifiedPurchases ? [TERM.verifiedPurchase] : []),
    ...(q.specialty ? [specialtyTerm(q.specialty)] : []),
  ];
  return terms.length > 1 ? terms : [];
}

type BrowsePools = { searchSql: Queryable; browseSql: Queryable };

/** A page of a walk of salespeople (browsePage, browseSoonestPage), beside `knownMatches` or counting them. */
type PageReader = (
  pools: BrowsePools,
  q: BrowseSalespeopleQuery,
  counts: ReadonlyMap<string, number>,
  knownMatches: number | undefined,
) => Promise<BrowseResult>;

const NO_COUNTS: ReadonlyMap<string, number> = new Map();

/**
 * A browse page with its total. The total is counted with the page, once per filter while the browse cache keeps
 * it (`totals`, by the filter without its page and order): a visitor paging through one filter, or several asking
 * for pages of it at once, has its matches counted once, and every other page runs without the count. The count
 * is most of a page's cost (up to BROWSE_TOTAL_LIMIT + 1 index entries walked, against a page's offset + 12).
 */
export async function browseSalespeople(
  ctx: BrowsePools & { browseCache: Pick<BrowseCache, "totals" | "terms" | "index" | "dealershipsNear"> },
  q: BrowseSalespeopleQuery,
): Promise<BrowseResult> {
  availableDateInRange(q);
  const near = nearPlace(q);
  // Answered from memory when the index holds the filters and is current (browseIndexPage.ts); else walked here.
  const index = ctx.browseCache.index;
  if (index && indexHolds(q)) {
    const data = await index.current();
    const plan = data && indexPlan(data, q, new Date());
    const cards = (ids: number[]) => index.cardsOf(ids, ctx.browseSql);
    if (data && plan && near) {
      const dealerships = await ctx.browseCache.dealershipsNear.get(
        `${near.latitude},${near.longitude},${near.radiusMiles}`,
        () => nearDealerships(ctx.browseSql, near),
      );
      return withTotal(ctx.browseCache, q, (known) => nearPage(data, plan, dealerships, cards, q, known));
    }
    if (data && plan) return withTotal(ctx.browseCache, q, (known) => indexPage(data, plan, cards, q, known));
  }
  // Near a place (a ZIP code or a point), the walk is the nearby dealerships' (browseNear.ts); without one, nothing
  // of it runs.
  if (near) return withTotal(ctx.browseCache, q, (known) => browseNearPage(ctx, q, near, known));
  const toCount = termsToCount(q);
  const counts = toCount.length > 0 ? await ctx.browseCache.terms.of(ctx.browseSql, toCount) : NO_COUNTS;
  const page = q.sort === "soonest" ? browseSoonestPage : browsePage;
  return withTotal(ctx.browseCache, q, (known) => page(ctx, q, counts, known));
}

/**
 * The page `read` reads, with the filter's total: counted by the page itself (`knownMatches` undefined) when the
 * cache keeps no total for the filter, else read beside the total kept.
 */
async function withTotal(
  cache: Pick<BrowseCache, "totals">,
  q: BrowseSalespeopleQuery,
  read: (knownMatches: number | undefined) => Promise<BrowseResult>,
): Promise<BrowseResult> {
  let counted: BrowseResult | undefined;
  const matches = await cache.totals.get(filterKey(q), async () => {
    counted = await read(undefined);
    return counted.totalExact ? counted.total : BROWSE_TOTAL_LIMIT + 1;
  });
  return counted ?? read(matches);
}

/**
 * A date to be free on is today or one of the next NEXT_OPEN_DAYS days somewhere (a day either side of UTC's):
 * the days the kept open times cover. Any other is a 400 that says so.
 */
function availableDateInRange(q: BrowseSalespeopleQuery) {
  const date = q.available;
  if (date === undefined || date === "today" || date === "weekend") return;
  const today = todayIn("UTC");
  if (date < addDays(today, -1) || date > addDays(today, NEXT_OPEN_DAYS))
    throw appError(
      "BAD_REQUEST",
      `available must be today or a date within the next ${NEXT_OPEN_DAYS} days`,
      "AVAILABLE_DATE_OUT_OF_RANGE",
    );
}

/** The input without what only chooses a page of the matches or their order. */
function filterKey(q: BrowseSalespeopleQuery): string {
  const {
    sort: _sort,
    page: _page,
    pageSize: _pageSize,
    limit: _limit,
    offset: _offset,
    after: _after,
    ...filters
  } = q;
  return JSON.stringify(filters);
}

/** A walk of the browse's matches, in the order an index holds them: its sort value, then reviews, then id. */
type Walk = {
  sql: Queryable;
  walked: Fragment;
  where: Fragment[];
  keys: [Fragment, Fragment, Fragment];
  /** The order the bounded count walks, when not the page's. */
  countKeys: [Fragment, Fragment, Fragment] | undefined;
};

/** A walk's order by its keys: the sort value and reviews highest first, then ids in order. */
const orderOf = (sql: Queryable, [value, reviews, id]: Walk["keys"]) =>
  sql`${value} desc, ${reviews} desc, ${id} asc`;

/**
 * The walk of a browse's matches (browsePage): a term of salesperson_terms when one narrows the browse
 * (browseTerm), else salespeople's covering browse indexes (drizzle/0004, 0011).
 */
function browseWalk(
  pools: BrowsePools,
  q: BrowseSalespeopleQuery,
  counts: ReadonlyMap<string, number>,
): Walk {
  const term = browseTerm(q, counts);
  const sql = q.search && term?.answers !== "search" ? pools.searchSql : pools.browseSql;
  if (term) {
    const { own, onRow } = browseConditions(sql, q, "t", term.answers);
    // What only the salesperson's row can tell is looked up by its key for each entry walked, in the walk's
    // order, so the walk stops at the page and the bounded count: as a plain join, the planner read every row
    // a name search matches (a bitmap of the trigram index) and sorted them, 1,836 for "maria" at 105,600
    // salespeople, growing with the market. A LIMIT keeps the lookup from being flattened into such a join.
    // The lookup reads salespeople_row_checks_idx alone (drizzle/0053), which holds the columns it checks.
    const walked =
      onRow.length > 0
        ? sql`salesperson_terms t cross join lateral (
                select 1 from salespeople s where s.id = t.salesperson_id and ${joinSql(sql, onRow, "and")} limit 1) s`
        : sql`salesperson_terms t`;
    const where = [
      sql`t.term = ${term.term(sql)}`,
      ...own,
      sql`t.salesperson_id not in ${stoppedProfilesSql(sql)}`,
    ];
    return {
      sql,
      walked,
      where,
      keys: [sql`t.average_rating`, sql`t.total_reviews`, sql`t.salesperson_id`],
      countKeys: undefined,
    };
  }
  const where = [...browseConditions(sql, q, "s").own, publiclyListedSql(sql, "s")];
  // A salesperson without reviews has no pressure average: 0 puts them last, below every average (1 to 5),
  // as the pressure walks hold it (drizzle/0051).
  const byPressure: Walk["keys"] = [sql`coalesce(s.pressure_average, 0)`, sql`s.total_reviews`, sql`s.id`];
  return {
    sql,
    walked: sql`salespeople s`,
    where,
    keys: q.sort === "pressure" ? byPressure : [sql`s.average_rating`, sql`s.total_reviews`, sql`s.id`],
    // A minimum pressure is a range of the pressure walk: its count walks that one.
    countKeys: q.minPressure !== undefined ? byPressure : undefined,
  };
}

/**
 * One page and its total in one round trip (or the page beside `knownMatches`, a count already made). The total
 * is a count of at most BROWSE_TOTAL_LIMIT + 1 matches (a walk that stops there), so broad filters cost the same
 * as narrow ones; the page walks the same entries to its offset, and only its own cards are read, from
 * salesperson_cards. The walk is a term of salesperson_terms when one
 * narrows the browse (browseTerm), else salespeople's covering browse indexes (drizzle/0004, 0011): check the
 * plans when changing either. Both hold publicly listed salespeople only (drizzle/0022, 0056): the terms table
 * has no others, and the rank indexes are partial on salesperson_listed, which the walk of salespeople states
 * (publiclyListedSql) so the planner can use them. The lateral joins yield one row with a null id when the page
 * is empty, which the aggregate leaves out.
 *
 * The cards come back as the JSON text JSON.stringify would write for them (compact, in column order, instants
 * as toISOString writes them): a REST answer sends that text as it is (browseItemsJson), and `items` is parsed
 * from it only when read, for tRPC answers, whose Dates superjson carries. Parsing and writing the page again
 * measured ~15% of the server's CPU per uncached REST browse.
 *
 * Plans: a statement that matches search_text with LIKE runs on the search pool, planned for its pattern
 * (generic plans of LIKE measured ~25x slower on some); every other walk has one good plan whatever its values
 * (an index range in browse order) and runs on the browse pool, which keeps it (db/client.ts).
 */
const browsePage: PageReader = async (pools, q, counts, knownMatches) => {
  const { cursor, window } = pageStart(q);
  const { sql, walked, where, keys, countKeys } = browseWalk(pools, q, counts);
  const order = orderOf(sql, keys);
  const from = sql`from ${walked} ${whereAll(sql, where)}`;
  // The count walks an index in an order too: without one the planner read salespeople whole until it had
  // found the bound (a sequential scan), 61 ms for `rating=4` at 105,600 salespeople against 1.2 ms along
  // salespeople_rank_idx, whose first column is the rating's range.
  const countOrder = orderOf(sql, countKeys ?? keys);

  const place = sql`${keys[2]} as id, ${keys[0]} as value, ${keys[1]} as reviews`;
  // After a cursor, the page is the rest of the cursor's tie (its sort value and reviews, later ids), then the
  // walk below it: two ranges of the walk's index, each read only as far as the page. As one range with the
  // tie's earlier ids filtered out, a cursor deep inside a large tie (everyone without reviews) walked past
  // every one of them.
  const pageRows = cursor
    ? sql`
        select id, value, reviews, row_number() over (order by value desc, reviews desc, id asc) as n from (
          (select ${place} from ${walked} ${whereAll(sql, [
            ...where,
            sql`${keys[0]} = ${cursor.value}::numeric`,
            sql`${keys[1]} = ${cursor.reviews}::int`,
            sql`${keys[2]} > ${cursor.id}::int`,
          ])} order by ${order} limit ${window.pageSize})
          union all
          (select ${place} from ${walked} ${whereAll(sql, [
            ...where,
            sql`(${keys[0]}, ${keys[1]}) < (${cursor.value}::numeric, ${cursor.reviews}::int)`,
          ])} order by ${order} limit ${window.pageSize})) after_cursor
         order by value desc, reviews desc, id asc
         limit ${window.pageSize}`
    : sql`select ${place}, row_number() over (order by ${order}) as n ${from} order by ${order} ${limitOffset(sql, window)}`;
  // The page's cards come back as one JSON array of the stored cards (salesperson_cards, drizzle/0031): parsing
  // one text costs the server a fraction of reading twelve rows of nineteen typed columns and copying each into a
  // card, and the cards are written when a salesperson changes, not on every read. Not json_agg, which puts
  // ", \n " between elements. Each card is read by its key, one lookup per row of the page: a plain join let
  // the generic plan, which cannot know the page's size, hash-join every card at a million salespeople. `last`
  // is the page's last row's place in the walk, the next page's cursor.
  const [row] = await sql<PageRow[]>`
    select counted.matches,
           coalesce('[' || string_agg(card.card, ',' order by page.n)
                      filter (where page.id is not null) || ']', '[]') as items,
           count(page.id)::int as rows,
           (array_agg(page.value::text || '_' || page.reviews || '_' || page.id order by page.n desc)
              filter (where page.id is not null))[1] as last
      from (${
        knownMatches === undefined
          ? sql`select count(*)::int as matches from (select 1 ${from} order by ${countOrder} limit ${BROWSE_TOTAL_LIMIT + 1}) bounded`
          : sql`select ${knownMatches}::int as matches`
      }) counted
      left join lateral (${pageRows}) page on true
      left join lateral (
        select c.card from salesperson_cards c where c.salesperson_id = page.id limit 1) card on true
     group by counted.matches`;
  return pageResult(q, row, window.pageSize);
};

/**
 * A page soonest available first, and its bounded total. The matches are found as the rating order finds them
 * (browseWalk), at most BROWSE_TOTAL_LIMIT + 1 of them, which is also the count. When they are no more than
 * that, the page is a sort of their kept next open times (a few hundred rows at most); when there are more, a
 * broad filter, the page walks salesperson_openings_soonest_idx from the soonest (with a city, that city's
 * rows: salesperson_openings_city_soonest_idx) and checks each salesperson against the filters by their key, as
 * many as the page needs: most pass. A cursor's page starts after its
 * place, one range of either.
 */
const browseSoonestPage: PageReader = async (pools, q, counts, knownMatches) => {
  const { cursor, window } = pageStart(q);
  const walk = browseWalk(pools, { ...q, sort: undefined }, counts);
  let matched: number[] | undefined;
  if (knownMatches === undefined || knownMatches <= BROWSE_TOTAL_LIMIT) {
    const rows = await walk.sql<{ id: number }[]>`
      select ${walk.keys[2]} as id from ${walk.walked} ${whereAll(walk.sql, walk.where)}
       order by ${orderOf(walk.sql, walk.countKeys ?? walk.keys)} limit ${BROWSE_TOTAL_LIMIT + 1}`;
    matched = rows.map((row) => row.id);
  }
  const matches = knownMatches ?? matched?.length ?? 0;
  const narrow = matched !== undefined && matched.length <= BROWSE_TOTAL_LIMIT;
  const sql = narrow || !q.search ? pools.browseSql : pools.searchSql;
  const at = soonestAt(sql);
  const after = cursor
    ? [sql`(${at}, o.salesperson_id) > (${cursorInstant(sql, cursor.value)}, ${cursor.id}::int)`]
    : [];
  // A broad filter with a city walks that city's rows only (salesperson_openings_city_soonest_idx): across the
  // whole market, a city's one salesperson in sixty made a first page read some 7,000 rows.
  const inCity = q.city ? [sql`o.city = ${q.city}`] : [];
  const walked = narrow
    ? sql`salesperson_openings o ${whereAll(sql, [sql`o.salesperson_id = any(${matched ?? []}::int[])`, ...after])}`
    : sql`salesperson_openings o cross join lateral (
            select 1 from salespeople s
             where ${joinSql(sql, [sql`s.id = o.salesperson_id`, ...browseConditions(sql, q, "s").own, publiclyListedSql(sql, "s")], "and")}
             limit 1) s ${whereAll(sql, [...inCity, ...after])}`;
  const [row] = await sql<PageRow[]>`
    select ${matches}::int as matches,
           coalesce('[' || string_agg(card.card, ',' order by page.n) || ']', '[]') as items,
           count(page.id)::int as rows,
           (array_agg(${soonestPlace(sql, sql`page.at`, sql`page.id`)} order by page.n desc))[1] as last
      from (select o.salesperson_id as id, ${at} as at,
                   row_number() over (order by ${at}, o.salesperson_id) as n
              from ${walked}
             order by ${at}, o.salesperson_id ${limitOffset(sql, window)}) page
      left join lateral (
        select c.card from salesperson_cards c where c.salesperson_id = page.id limit 1) card on true`;
  return pageResult(q, row, window.pageSize);
};
