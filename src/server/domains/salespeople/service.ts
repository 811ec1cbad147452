// Reading salesperson profiles, and who is listed; every figure comes from rows in the database. Browsing is
// browse.ts.

import type {
  ProfileDealership,
  RatingListItem,
  SalespersonCard,
  SalespersonDetail,
  SalespersonRatingsSummary,
} from "../../../shared/schemas/salespeople";
import { type PublicViewer, visibleSql } from "../../access";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { DealershipRow, SalespersonFields } from "../../db/rows";
import { verifiedCertifications } from "../certifications/service";
import { averagedSql } from "../reviews/aggregates";
import { publishedReview } from "../reviews/published";
import { REVIEW_VERIFICATION_SQL, VISIT_EVIDENCE_SQL } from "../reviews/verification";

/** A card as salesperson_card() writes it (drizzle/0031): JSON, its one instant as toISOString writes it. */
export type StoredCard = Omit<SalespersonCard, "verifiedAt"> & { verifiedAt: string | null };

/** A stored card with its one instant a Date, as a row's would be. */
export function cardOf(stored: StoredCard): SalespersonCard {
  return { ...stored, verifiedAt: stored.verifiedAt === null ? null : new Date(stored.verifiedAt) };
}

async function latestRatings(
  sql: Queryable,
  salespersonId: number,
  limit: number,
): Promise<RatingListItem[]> {
  const rows = await sql<RatingListItem[]>`
    select r.id, r.overall_rating as "overallRating", r.helpfulness_rating as "helpfulnessRating",
           r.pressure_level_rating as "pressureLevelRating", r.communication_rating as "communicationRating",
           r.comment, r.created_at as "createdAt", ${sql.unsafe(REVIEW_VERIFICATION_SQL)} as verification,
           ${sql.unsafe(VISIT_EVIDENCE_SQL)} as "visitEvidence",
           coalesce(u.first_name || coalesce(' ' || left(u.last_name, 1) || '.', ''), 'Verified customer') as "customerName"
      from ratings r
      left join users u on u.id = r.user_id
     where r.salesperson_id = ${salespersonId} and ${publishedReview(sql, "r")}
     order by r.created_at desc, r.id desc
     limit ${limit}`;
  return [...rows];
}

export async function getSalesperson(
  sql: Queryable,
  id: number,
  viewer?: PublicViewer,
): Promise<SalespersonDetail> {
  // The card is the one browse shows (salesperson_cards, drizzle/0031), beside the dealership's details.
  // The work e-mail is on the profile only when its salesperson chose to show it; the salesperson's own views
  // (the portal's, read without a public viewer) always carry it.
  const [row] = await sql<
    { card: string; email: string | null; showEmail: boolean; dealershipInfo: ProfileDealership | null }[]
  >`
    select c.card, s.show_email as "showEmail",
           case when s.show_email or ${viewer === undefined} then s.email::text end as email,
           case when d.id is null then null else json_build_object(
             'id', d.id, 'slug', d.slug, 'name', d.name, 'address', d.address, 'city', d.city, 'state', d.state,
             'zipCode', d.zip_code, 'phoneNumber', d.phone_number, 'website', d.website,
             'timeZone', d.time_zone, 'latitude', d.latitude, 'longitude', d.longitude,
             'locationPrecision', d.location_precision, 'hours', d.hours) end as "dealershipInfo"
      from salespeople s
      join salesperson_cards c on c.salesperson_id = s.id
      left join dealerships d on d.id = s.dealership_id
     where s.id = ${id} and ${visibleSql(sql, "s", viewer)}
     limit 1`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  const card = cardOf(JSON.parse(row.card) as StoredCard);
  const [recent, [averages], certifications] = await Promise.all([
    latestRatings(sql, id, 20),
    sql<{ helpfulness: number; pressureLevel: number; communication: number; n: number }[]>`
      select avg(helpfulness_rating)::float8 as helpfulness, avg(pressure_level_rating)::float8 as "pressureLevel",
             avg(communication_rating)::float8 as communication, count(*)::int as n
        from ratings
       where salesperson_id = ${id} and ${publishedReview(sql)} and ${averagedSql(sql)}`,
    verifiedCertifications(sql, id),
  ]);
  return {
    ...card,
    email: row.email,
    showEmail: row.showEmail,
    dealershipInfo: row.dealershipInfo,
    certifications,
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

export async function getRatingsSummary(
  sql: Queryable,
  id: number,
  viewer?: PublicViewer,
): Promise<SalespersonRatingsSummary> {
  const [row] = await sql<(Pick<SalespersonFields, "totalReviews"> & { averageRating: number })[]>`
    select s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews"
      from salespeople s where s.id = ${id} and ${visibleSql(sql, "s", viewer)} limit 1`;
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
