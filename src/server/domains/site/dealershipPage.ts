// A dealership's public page (docs/product/dealerships.md#the-dealerships-page): the dealership by its page
// address, its publicly listed team, the team's aggregate rating and latest published reviews. Only listed
// salespeople count (access.ts publiclyListedSql) and only published reviews (reviews/published.ts), so nothing
// a moderator holds or removed, and nobody the public may not see, shows here or in the rating.

import type { LocationPrecision } from "../../../shared/constants";
import { openAt } from "../../../shared/openingHours";
import {
  DEALERSHIP_PAGE_REVIEWS,
  DEALERSHIP_PAGE_TEAM,
  type DealershipPage,
  type DealershipPageReview,
  type DealershipTeamMember,
} from "../../../shared/schemas/dealershipPage";
import type { DealershipFacts } from "../../../shared/structuredData";
import { publiclyListedSql } from "../../access";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { averagedSql } from "../reviews/aggregates";
import { publishedReview } from "../reviews/published";
import { REVIEW_VERIFICATION_SQL } from "../reviews/verification";

/** The dealership itself and its aggregate rating: what its page opens with and what its link preview says. */
export type DealershipHead = DealershipFacts & {
  id: number;
  timeZone: string;
  locationPrecision: LocationPrecision;
  teamSize: number;
};

/**
 * One statement, by the unique slug: the dealership and its team's rating. The average counts the reviews
 * averages count (the last AVERAGE_WINDOW_MONTHS, as each profile's does), the count every published review.
 */
export async function dealershipHead(sql: Queryable, slug: string): Promise<DealershipHead | null> {
  const [row] = await sql<DealershipHead[]>`
    select d.id, d.slug, d.name, d.address, d.city, d.state, d.zip_code as "zipCode",
           d.phone_number as "phoneNumber", d.website, d.logo_url as "logoUrl", d.time_zone as "timeZone",
           d.latitude, d.longitude, d.location_precision as "locationPrecision", d.hours,
           agg.average, agg.n as "reviewCount",
           (select count(*) from salespeople s
             where s.dealership_id = d.id and ${publiclyListedSql(sql, "s")})::int as "teamSize"
      from dealerships d
      left join lateral (
        select round(avg(r.overall_rating) filter (where ${averagedSql(sql, "r")}), 2)::float8 as average,
               count(*)::int as n
          from salespeople s
          join ratings r on r.salesperson_id = s.id and ${publishedReview(sql, "r")}
         where s.dealership_id = d.id and ${publiclyListedSql(sql, "s")}) agg on true
     where d.slug = ${slug}`;
  return row ?? null;
}

async function team(sql: Queryable, dealershipId: number): Promise<DealershipTeamMember[]> {
  const rows = await sql<DealershipTeamMember[]>`
    select s.id, s.name, s.profile_image_url as "profileImageUrl", s.average_rating::float8 as "averageRating",
           s.total_reviews as "totalReviews", s.specialties
      from salespeople s
     where s.dealership_id = ${dealershipId} and ${publiclyListedSql(sql, "s")}
     order by s.average_rating desc nulls last, s.total_reviews desc, s.id
     limit ${DEALERSHIP_PAGE_TEAM}`;
  return [...rows];
}

/** The team's latest published reviews with their replies: the page's, and the reviews widget's (site/embed.ts). */
export async function recentReviews(
  sql: Queryable,
  dealershipId: number,
  limit: number = DEALERSHIP_PAGE_REVIEWS,
): Promise<DealershipPageReview[]> {
  const rows = await sql<
    (Omit<DealershipPageReview, "reply"> & { replyBody: string | null; replyAt: Date | null })[]
  >`
    select r.id, r.salesperson_id as "salespersonId", s.name as "salespersonName",
           r.overall_rating as "overallRating", r.comment, r.created_at as "createdAt",
           coalesce(u.first_name || coalesce(' ' || left(u.last_name, 1) || '.', ''), 'Verified customer') as "customerName",
           ${sql.unsafe(REVIEW_VERIFICATION_SQL)} as verification,
           rr.body as "replyBody", rr.created_at as "replyAt"
      from salespeople s
      join ratings r on r.salesperson_id = s.id and ${publishedReview(sql, "r")}
      left join users u on u.id = r.user_id
      left join rating_replies rr on rr.rating_id = r.id
     where s.dealership_id = ${dealershipId} and ${publiclyListedSql(sql, "s")}
     order by r.created_at desc, r.id desc
     limit ${limit}`;
  return rows.map(({ replyBody, replyAt, ...review }) => ({
    ...review,
    reply: replyBody !== null && replyAt !== null ? { body: replyBody, createdAt: replyAt } : null,
  }));
}

export async function getDealershipPage(
  sql: Queryable,
  slug: string,
  now: Date = new Date(),
): Promise<DealershipPage> {
  const head = await dealershipHead(sql, slug);
  if (!head) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  const [members, reviews] = await Promise.all([team(sql, head.id), recentReviews(sql, head.id)]);
  const { average, reviewCount, teamSize: _teamSize, ...dealership } = head;
  return {
    ...dealership,
    openNow: openAt(head.hours, head.timeZone, now),
    rating: { average: reviewCount > 0 ? average : null, reviewCount },
    team: members,
    recentReviews: reviews,
  };
}
