// Browsing and reading salesperson profiles; every figure comes from rows in the database.

import { ALL_SPECIALTIES, BROWSE_TOTAL_LIMIT, RATING_FILTERS } from "../../../shared/constants";
import { ID_MAX } from "../../../shared/schemas/common";
import type {
  BrowseResult,
  BrowseSalespeopleQuery,
  DealershipSummary,
  RatingListItem,
  SalespersonCard,
  SalespersonDetail,
  SalespersonRatingsSummary,
} from "../../../shared/schemas/salespeople";
import { joinSql, type Queryable } from "../../db/client";
import type { DealershipRow, SalespersonFields } from "../../db/rows";
import { appError } from "../../errors";

/** A card's columns, from `salespeople s` left-joined to `dealerships d`. Numerics are cast to float8. */
function cardColumns(sql: Queryable) {
  return sql`
    s.id, s.name, s.email, s.phone_number as "phoneNumber", s.dealership_id as "dealershipId",
    d.name as dealership, s.profile_image_url as "profileImageUrl", s.bio, s.status, s.specialties,
    s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews",
    s.pressure_average::float8 as "pressureAverage", s.years_of_experience as "yearsOfExperience",
    s.city, s.state, s.time_zone as "timeZone", s.payment_model as "paymentModel", s.verified_at as "verifiedAt"`;
}

const specialtyByLowerName = new Map(ALL_SPECIALTIES.map((s) => [s.toLowerCase(), s]));

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The WHERE clause of a browse query over `salespeople s`, one condition per filter given (an empty
 * fragment when none is). The browse indexes of decision 003 are built for these conditions and the two
 * orders of browseSalespeople: check the plans when changing either.
 */
function browseWhere(sql: Queryable, q: BrowseSalespeopleQuery) {
  const conditions = [];
  if (q.specialty) {
    const specialty = specialtyByLowerName.get(q.specialty.toLowerCase()) ?? q.specialty;
    conditions.push(sql`s.specialties @> array[${specialty}]::text[]`);
  }
  if (q.rating) {
    const min = RATING_FILTERS.find((r) => r.value === q.rating)?.min ?? 0;
    conditions.push(sql`s.average_rating >= ${min}`);
  }
  if (q.status) conditions.push(sql`s.status = ${q.status}`);
  if (q.minPressure !== undefined) conditions.push(sql`s.pressure_average >= ${q.minPressure}`);
  if (q.city) conditions.push(sql`s.city = ${q.city}`);
  if (q.yearsOfExperience !== undefined)
    conditions.push(sql`s.years_of_experience >= ${q.yearsOfExperience}`);
  if (q.dealership) {
    conditions.push(
      /^\d{1,10}$/.test(q.dealership) && Number(q.dealership) <= ID_MAX
        ? sql`s.dealership_id = ${Number(q.dealership)}`
        : sql`s.dealership_id in (select id from dealerships where lower(name) = lower(${q.dealership}))`,
    );
  }
  if (q.search) {
    // search_text is lower(name, city, dealership name), kept by triggers (drizzle/0011): read inside the
    // covering browse indexes for common patterns, through its trigram index for rare ones.
    conditions.push(sql`s.search_text like lower(${likePattern(q.search)})`);
  }
  return conditions.length === 0 ? sql`` : sql`where ${joinSql(sql, conditions, "and")}`;
}

/**
 * One page and its total in one round trip. The total is a count of at most BROWSE_TOTAL_LIMIT + 1 matches
 * (an index scan that stops there), so broad filters cost the same as narrow ones; the lateral join yields
 * one row with a null id when the page is empty.
 */
export async function browseSalespeople(sql: Queryable, q: BrowseSalespeopleQuery): Promise<BrowseResult> {
  const where = browseWhere(sql, q);
  const order =
    q.sort === "pressure"
      ? sql`s.pressure_average desc nulls last, s.total_reviews desc, s.id asc`
      : sql`s.average_rating desc, s.total_reviews desc, s.id asc`;
  const rows = await sql<(SalespersonCard & { matches: number })[]>`
    select counted.matches, page.*
      from (select count(*)::int as matches
              from (select 1 from salespeople s ${where} limit ${BROWSE_TOTAL_LIMIT + 1}) bounded) counted
      left join lateral (
        select ${cardColumns(sql)}
          from salespeople s
          left join dealerships d on d.id = s.dealership_id
          ${where}
         order by ${order}
         limit ${q.limit} offset ${q.offset}) page on true`;
  const matches = rows[0]?.matches ?? 0;
  const items = rows.filter((row) => row.id !== null).map(({ matches: _, ...card }) => card);
  return {
    items,
    total: Math.min(matches, BROWSE_TOTAL_LIMIT),
    totalExact: matches <= BROWSE_TOTAL_LIMIT,
  };
}

async function latestRatings(
  sql: Queryable,
  salespersonId: number,
  limit: number,
): Promise<RatingListItem[]> {
  const rows = await sql<RatingListItem[]>`
    select r.id, r.overall_rating as "overallRating", r.helpfulness_rating as "helpfulnessRating",
           r.pressure_level_rating as "pressureLevelRating", r.communication_rating as "communicationRating",
           r.comment, r.created_at as "createdAt",
           coalesce(u.first_name || coalesce(' ' || left(u.last_name, 1) || '.', ''), 'Verified customer') as "customerName"
      from ratings r
      left join users u on u.id = r.user_id
     where r.salesperson_id = ${salespersonId} and r.removed_at is null
     order by r.created_at desc, r.id desc
     limit ${limit}`;
  return [...rows];
}

export async function getSalesperson(sql: Queryable, id: number): Promise<SalespersonDetail> {
  const [row] = await sql<(SalespersonCard & { dealershipInfo: DealershipSummary | null })[]>`
    select ${cardColumns(sql)},
           case when d.id is null then null else json_build_object(
             'id', d.id, 'name', d.name, 'address', d.address, 'city', d.city, 'state', d.state,
             'zipCode', d.zip_code, 'phoneNumber', d.phone_number, 'website', d.website,
             'timeZone', d.time_zone, 'latitude', d.latitude, 'longitude', d.longitude) end as "dealershipInfo"
      from salespeople s
      left join dealerships d on d.id = s.dealership_id
     where s.id = ${id}
     limit 1`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  const [recent, [averages]] = await Promise.all([
    latestRatings(sql, id, 20),
    sql<{ helpfulness: number; pressureLevel: number; communication: number; n: number }[]>`
      select avg(helpfulness_rating)::float8 as helpfulness, avg(pressure_level_rating)::float8 as "pressureLevel",
             avg(communication_rating)::float8 as communication, count(*)::int as n
        from ratings
       where salesperson_id = ${id} and removed_at is null`,
  ]);
  return {
    ...row,
    ratings: recent,
    categoryAverages:
      averages && averages.n > 0
        ? {
            helpfulness: averages.helpfulness,
            pressureLevel: averages.pressureLevel,
            communication: averages.communication,
          }
        : null,
  };
}

export async function getRatingsSummary(sql: Queryable, id: number): Promise<SalespersonRatingsSummary> {
  const [row] = await sql<(Pick<SalespersonFields, "totalReviews"> & { averageRating: number })[]>`
    select average_rating::float8 as "averageRating", total_reviews as "totalReviews"
      from salespeople where id = ${id} limit 1`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return { ...row, ratings: await latestRatings(sql, id, 50) };
}

export async function browseFilterOptions(sql: Queryable) {
  const [dealershipRows, cityRows] = await Promise.all([
    sql<Pick<DealershipRow, "id" | "name" | "city" | "state">[]>`
      select id, name, city, state from dealerships order by name asc`,
    sql<Pick<DealershipRow, "city" | "state">[]>`
      select city, state from dealerships
      union
      select distinct city::text, state from salespeople where dealership_id is null
      order by 1, 2`,
  ]);
  return { dealerships: [...dealershipRows], cities: [...cityRows] };
}
