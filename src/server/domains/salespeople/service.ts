// Reading salesperson profiles, and who is listed; every figure comes from rows in the database. Browsing is
// browse.ts.

import type { VerifiedCertification } from "../../../shared/schemas/certifications";
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
import { verifiedCertificationsJson } from "../certifications/service";
import { averagedSql } from "../reviews/aggregates";
import { publishedReview } from "../reviews/published";
import { REVIEW_VERIFICATION_SQL, VISIT_EVIDENCE_SQL } from "../reviews/verification";

/** A card as salesperson_card() writes it (drizzle/0031): JSON, its one instant as toISOString writes it. */
export type StoredCard = Omit<SalespersonCard, "verifiedAt"> & { verifiedAt: string | null };

/** A stored card with its one instant a Date, as a row's would be. */
export function cardOf(stored: StoredCard): SalespersonCard {
  return { ...stored, verifiedAt: stored.verifiedAt === null ? null : new Date(stored.verifiedAt) };
}

/**
 * The latest published reviews of the salesperson the `salespeople` row `s` is, newest first, as one JSON array:
 * a column of the profile's statement (ratingsOf reads it).
 */
function latestRatingsJson(sql: Queryable, limit: number) {
  return sql`(
    select coalesce(json_agg(x order by x."createdAt" desc, x.id desc), '[]'::json) from (
      select r.id, r.overall_rating as "overallRating", r.helpfulness_rating as "helpfulnessRating",
             r.pressure_level_rating as "pressureLevelRating", r.communication_rating as "communicationRating",
             r.comment, r.created_at as "createdAt", ${sql.unsafe(REVIEW_VERIFICATION_SQL)} as verification,
             ${sql.unsafe(VISIT_EVIDENCE_SQL)} as "visitEvidence",
             coalesce(u.first_name || coalesce(' ' || left(u.last_name, 1) || '.', ''), 'Verified customer') as "customerName"
        from ratings r
        left join users u on u.id = r.user_id
       where r.salesperson_id = s.id and ${publishedReview(sql, "r")}
       order by r.created_at desc, r.id desc
       limit ${limit}) x)`;
}

/** Reviews as latestRatingsJson writes them: their one instant as JSON text. */
type StoredRating = Omit<RatingListItem, "createdAt"> & { createdAt: string };

const ratingsOf = (stored: StoredRating[]): RatingListItem[] =>
  stored.map((rating) => ({ ...rating, createdAt: new Date(rating.createdAt) }));

type CategoryAverages = SalespersonDetail["categoryAverages"];

/**
 * A profile in one statement (its card, the dealership, the latest reviews, the categories' averages and the
 * verified certifications): a profile is a fifth of what visitors ask for, and each statement more was a round
 * trip and a statement's work in both processes.
 */
export async function getSalesperson(
  sql: Queryable,
  id: number,
  viewer?: PublicViewer,
): Promise<SalespersonDetail> {
  // The card is the one browse shows (salesperson_cards, drizzle/0031), beside the dealership's details.
  // The work e-mail is on the profile only when its salesperson chose to show it; the salesperson's own views
  // (the portal's, read without a public viewer) always carry it.
  const [row] = await sql<
    {
      card: string;
      email: string | null;
      showEmail: boolean;
      dealershipInfo: ProfileDealership | null;
      ratings: StoredRating[];
      averages: CategoryAverages;
      certifications: VerifiedCertification[];
    }[]
  >`
    select c.card, s.show_email as "showEmail",
           case when s.show_email or ${viewer === undefined} then s.email::text end as email,
           case when d.id is null then null else json_build_object(
             'id', d.id, 'slug', d.slug, 'name', d.name, 'address', d.address, 'city', d.city, 'state', d.state,
             'zipCode', d.zip_code, 'phoneNumber', d.phone_number, 'website', d.website,
             'timeZone', d.time_zone, 'latitude', d.latitude, 'longitude', d.longitude,
             'locationPrecision', d.location_precision, 'hours', d.hours) end as "dealershipInfo",
           ${latestRatingsJson(sql, 20)} as ratings,
           (select case when count(*) > 0 then json_build_object(
                     'helpfulness', avg(helpfulness_rating)::float8,
                     'pressureLevel', avg(pressure_level_rating)::float8,
                     'communication', avg(communication_rating)::float8) end
              from ratings
             where salesperson_id = s.id and ${publishedReview(sql)} and ${averagedSql(sql)}) as averages,
           ${verifiedCertificationsJson(sql)} as certifications
      from salespeople s
      join salesperson_cards c on c.salesperson_id = s.id
      left join dealerships d on d.id = s.dealership_id
     where s.id = ${id} and ${visibleSql(sql, "s", viewer)}
     limit 1`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return {
    ...cardOf(JSON.parse(row.card) as StoredCard),
    email: row.email,
    showEmail: row.showEmail,
    dealershipInfo: row.dealershipInfo,
    certifications: row.certifications,
    ratings: ratingsOf(row.ratings),
    categoryAverages: row.averages,
  };
}

export async function getRatingsSummary(
  sql: Queryable,
  id: number,
  viewer?: PublicViewer,
): Promise<SalespersonRatingsSummary> {
  const [row] = await sql<
    (Pick<SalespersonFields, "totalReviews"> & { averageRating: number; ratings: StoredRating[] })[]
  >`
    select s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews",
           ${latestRatingsJson(sql, 50)} as ratings
      from salespeople s where s.id = ${id} and ${visibleSql(sql, "s", viewer)} limit 1`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return { ...row, ratings: ratingsOf(row.ratings) };
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
