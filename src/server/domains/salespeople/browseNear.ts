// Browsing near a place ("near me"): the salespeople of the dealerships within a radius of a ZIP code's centre or
// of a point, in the browse's order or nearest first, each card with its distance
// (docs/decisions/003-browse-performance.md, "Distance search"). Without a location browse.ts never calls here.
import { BROWSE_TOTAL_LIMIT } from "../../../shared/constants";
import {
  type BrowseResult,
  type BrowseSalespeopleQuery,
  DEFAULT_BROWSE_RADIUS,
} from "../../../shared/schemas/salespeople";
import { publiclyListedSql } from "../../access";
import { appError } from "../../appError";
import { type Fragment, joinSql, type Queryable } from "../../db/client";
import { knownZip } from "../../geo/geocoder";
import { type PageRow, pageResult } from "./browseAnswer";
import { browseConditions } from "./browseConditions";
import { pageStart } from "./browseCursor";
import type { NearDealership } from "./browseIndexPage";
import { cursorInstant, soonestAt, soonestPlace } from "./browseSoonest";

/** Metres in a statute mile: earthdistance measures in metres. */
const METRES_PER_MILE = 1609.344;

/** Where a browse measures from, and how far it reaches. */
export type NearPlace = { latitude: number; longitude: number; radiusMiles: number };

/**
 * The place a browse is near, from its `zip` (the ZIP code's centre, src/server/geo) or its `lat` and `lng`; null
 * without a location. Sorting by distance or a radius without one, a ZIP code beside a point, or half a point is a
 * 400 that says so; an unknown ZIP code is one too (UNKNOWN_ZIP).
 */
export function nearPlace(q: BrowseSalespeopleQuery): NearPlace | null {
  const point = q.lat !== undefined || q.lng !== undefined;
  if (q.zip === undefined && !point) {
    if (q.sort === "distance" || q.radius !== undefined)
      throw appError(
        "BAD_REQUEST",
        "Sorting by distance and a radius need a location: give zip, or lat and lng",
        "LOCATION_REQUIRED",
      );
    return null;
  }
  if (q.zip !== undefined && point)
    throw appError("BAD_REQUEST", "Give zip, or lat and lng, not both", "LOCATION_CONFLICT");
  const radiusMiles = q.radius ?? DEFAULT_BROWSE_RADIUS;
  if (q.zip !== undefined) {
    const place = knownZip(q.zip);
    return { latitude: place.latitude, longitude: place.longitude, radiusMiles };
  }
  if (q.lat === undefined || q.lng === undefined)
    throw appError("BAD_REQUEST", "Give lat and lng together", "LOCATION_CONFLICT");
  return { latitude: q.lat, longitude: q.lng, radiusMiles };
}

/**
 * The dealerships within the radius of `near`, nearest first (then by id), measured as the distance walk below
 * measures them: for the browse index's page near a place (browseIndexPage.ts, nearPage).
 */
export async function nearDealerships(sql: Queryable, near: NearPlace): Promise<NearDealership[]> {
  const origin = sql`ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`;
  const radius = sql`${near.radiusMiles * METRES_PER_MILE}::float8`;
  const point = sql`ll_to_earth(d.latitude, d.longitude)`;
  return sql<NearDealership[]>`
    select d.id, d.distance, d.distance::text as "distanceText",
           round((d.distance / ${METRES_PER_MILE})::numeric, 1)::float8::text as miles
      from (select d.id, earth_distance(${origin}, ${point}) as distance
              from dealerships d
             where earth_box(${origin}, ${radius}) @> ${point} and earth_distance(${origin}, ${point}) <= ${radius}) d
     order by d.distance, d.id`;
}

/**
 * One page near a place and its bounded total, in one round trip (or the page beside `knownMatches`, a count
 * already made), answered as browse.ts answers its pages.
 *
 * The walk starts from the dealerships: those within the radius are found through dealerships_earth_idx (a GiST
 * index of each one's point on the Earth: `earth_box` is the cube around the circle, which the index answers,
 * and `earth_distance` keeps the circle), a handful of rows however large the market. Each one's listed
 * salespeople are then walked in the page's order along salespeople_dealership_rank_idx (drizzle/0059), each
 * only as far as the page reaches (its offset and size): a dealership's salespeople share its distance, so the
 * page's first cards are among the first of each dealership, and the page is a sort of those few. The bounded count
 * stops at BROWSE_TOTAL_LIMIT + 1 as browse's does. Independent salespeople have no address of their own (only
 * a city), so a search near a place lists the salespeople of dealerships.
 *
 * A cursor's page starts after its place: in the rating (or pressure) order, the rest of the cursor's tie and then
 * the walk below it, two ranges of each dealership's walk; nearest first, the dealerships farther than the cursor
 * whole, and those at its distance from its place in the browse order. A cursor carries its distance as PostgreSQL
 * wrote it, which reads back as the same number, so equal distances compare equal.
 */
export async function browseNearPage(
  pools: { searchSql: Queryable; browseSql: Queryable },
  q: BrowseSalespeopleQuery,
  near: NearPlace,
  knownMatches: number | undefined,
): Promise<BrowseResult> {
  // A name search matches search_text with LIKE, planned for its pattern (as browse.ts does).
  const sql = q.search ? pools.searchSql : pools.browseSql;
  const { cursor, window } = pageStart(q);
  const origin = sql`ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`;
  const radius = sql`${near.radiusMiles * METRES_PER_MILE}::float8`;
  const point = sql`ll_to_earth(d.latitude, d.longitude)`;
  const distanceOrder = q.sort === "distance";
  // The walk's order within one dealership: its sort value, then reviews, then id, as its index holds them (the
  // pressure order is sorted per dealership: its index is the rating order's).
  // Soonest first, the next open time each one's openings row keeps (browseSoonest.ts), earliest first.
  const soonest = q.sort === "soonest";
  const value =
    q.sort === "pressure"
      ? sql`coalesce(s.pressure_average, 0)`
      : soonest
        ? soonestAt(sql)
        : sql`s.average_rating`;
  const rowOrder = soonest ? sql`asc, s.id asc` : sql`desc, s.total_reviews desc, s.id asc`;
  const base = [
    sql`s.dealership_id = d.id`,
    ...browseConditions(sql, q, "s").own,
    publiclyListedSql(sql, "s"),
  ];
  const within = (extra: Fragment[], limit: number) =>
    sql`(select s.id, ${value} as value, s.total_reviews as reviews from salespeople s
          ${soonest ? sql`join salesperson_openings o on o.salesperson_id = s.id` : sql``}
          where ${joinSql(sql, [...base, ...extra], "and")}
          order by ${value} ${rowOrder} limit ${limit})`;
  // What follows the cursor's place within a dealership: the rest of its tie (later ids), then below it.
  const afterPlace = (c: NonNullable<typeof cursor>): Fragment[][] =>
    soonest
      ? [[sql`(${value}, s.id) > (${cursorInstant(sql, c.value)}, ${c.id}::int)`]]
      : [
          [
            sql`${value} = ${c.value}::numeric`,
            sql`s.total_reviews = ${c.reviews}::int`,
            sql`s.id > ${c.id}::int`,
          ],
          [sql`(${value}, s.total_reviews) < (${c.value}::numeric, ${c.reviews}::int)`],
        ];
  const reach = window.offset + window.pageSize;
  let ranges: Fragment[][];
  const nearWhere = [
    sql`earth_box(${origin}, ${radius}) @> ${point}`,
    sql`earth_distance(${origin}, ${point}) <= ${radius}`,
  ];
  if (!cursor) ranges = [[]];
  else if (distanceOrder) {
    const at = sql`${cursor.distance ?? "0"}::float8`;
    nearWhere.push(sql`earth_distance(${origin}, ${point}) >= ${at}`);
    ranges = [[sql`d.distance > ${at}`], ...afterPlace(cursor).map((r) => [sql`d.distance = ${at}`, ...r])];
  } else ranges = afterPlace(cursor);
  const walk = joinSql(
    sql,
    ranges.map((extra) => within(extra, reach)),
    "union all",
  );
  const order = distanceOrder
    ? sql`d.distance asc, s.value desc, s.reviews desc, s.id asc`
    : soonest
      ? sql`s.value asc, s.id asc`
      : sql`s.value desc, s.reviews desc, s.id asc`;
  const place = soonest
    ? soonestPlace(sql, sql`page.value`, sql`page.id`)
    : sql`${distanceOrder ? sql`page.distance::text || '_' || ` : sql``}page.value::text || '_' || page.reviews || '_' || page.id`;
  const [row] = await sql<PageRow[]>`
    with d as materialized (
      select d.id, earth_distance(${origin}, ${point}) as distance
        from dealerships d where ${joinSql(sql, nearWhere, "and")})
    select counted.matches,
           coalesce('[' || string_agg(
                      left(card.card, -1) || ',"distanceMiles":'
                        || round((page.distance / ${METRES_PER_MILE})::numeric, 1)::float8::text || '}',
                      ',' order by page.n)
                      filter (where page.id is not null) || ']', '[]') as items,
           count(page.id)::int as rows,
           (array_agg(${place} order by page.n desc) filter (where page.id is not null))[1] as last
      from (${
        knownMatches === undefined
          ? sql`select count(*)::int as matches from (
                  select 1 from d cross join lateral (
                    select 1 from salespeople s where ${joinSql(sql, base, "and")} limit ${BROWSE_TOTAL_LIMIT + 1}) s
                  limit ${BROWSE_TOTAL_LIMIT + 1}) bounded`
          : sql`select ${knownMatches}::int as matches`
      }) counted
      left join lateral (
        select d.distance, s.id, s.value, s.reviews, row_number() over (order by ${order}) as n
          from d cross join lateral (${walk}) s
         order by ${order} limit ${window.pageSize} offset ${window.offset}) page on true
      left join lateral (
        select c.card from salesperson_cards c where c.salesperson_id = page.id limit 1) card on true
     group by counted.matches`;
  return pageResult(q, row, window.pageSize);
}
