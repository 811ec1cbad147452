import { ratingBand } from "../../../shared/constants";
import type { LeaderboardEntry, ManagerOverview, ManagerPerformance } from "../../../shared/schemas/manager";
import { appError } from "../../appError";
import { openInvitationSql } from "../invitations/rules";
import { publishedReview } from "../reviews/published";
import { dealershipAllowance } from "../subscriptions/reads";
import type { ManagerCtx } from "./team";

// Overview -------------------------------------------------------------------------------------------------

export async function managerOverview(ctx: ManagerCtx): Promise<ManagerOverview> {
  const [row] = await ctx.sql<
    (ManagerOverview["dealership"] & {
      totalSalespeople: number;
      verifiedSalespeople: number;
      openInvitations: number;
      salespeopleInCity: number;
      averageRating: number | null;
      totalReviews: number;
    })[]
  >`
    select d.id, d.name, d.address, d.city, d.state, d.zip_code as "zipCode", d.phone_number as "phoneNumber",
           d.website, d.latitude, d.longitude, d.time_zone as "timeZone",
           team.total as "totalSalespeople", team.verified as "verifiedSalespeople",
           (select count(*)::int from invitations i
             where i.dealership_id = d.id and i.role = 'salesperson' and ${openInvitationSql(ctx.sql, "i")})
             as "openInvitations",
           (select count(*)::int from salespeople c where c.city = d.city::citext and c.state = d.state)
             as "salespeopleInCity",
           reviews.average as "averageRating", reviews.total as "totalReviews"
      from dealerships d
      cross join lateral (
        select count(*)::int as total, count(s.verified_at)::int as verified
          from salespeople s where s.dealership_id = d.id) team
      cross join lateral (
        select round(avg(r.overall_rating), 1)::float8 as average, count(*)::int as total
          from ratings r join salespeople s on s.id = r.salesperson_id
         where s.dealership_id = d.id and ${publishedReview(ctx.sql, "r")}) reviews
     where d.id = ${ctx.dealershipId}`;
  if (!row) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  const {
    totalSalespeople,
    verifiedSalespeople,
    openInvitations,
    salespeopleInCity,
    averageRating,
    totalReviews,
    ...dealership
  } = row;
  // Open invitations hold their places on the plan (assertTeamRoom).
  const used = totalSalespeople + openInvitations;
  const allowance = await dealershipAllowance(ctx.sql, ctx.dealershipId);
  return {
    dealership,
    totalSalespeople,
    verifiedSalespeople,
    pendingVerifications: totalSalespeople - verifiedSalespeople,
    averageRating,
    totalReviews,
    salespeopleInCity,
    plan: {
      planId: allowance.planId,
      name: allowance.planName,
      status: allowance.status,
      monthlyPriceCents: allowance.monthlyPriceCents,
      amountCents: allowance.amountCents,
      interval: allowance.interval,
      salespersonLimit: allowance.limit,
      used,
      limitReached: allowance.limit !== null && used >= allowance.limit,
    },
  };
}

// Performance ----------------------------------------------------------------------------------------------

export async function teamPerformance(ctx: ManagerCtx): Promise<ManagerPerformance> {
  const rows = await ctx.sql<Omit<LeaderboardEntry, "band" | "completionRate" | "noShowRate">[]>`
    select s.id, s.name, s.profile_image_url as "profileImageUrl",
           s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews",
           coalesce(a.closed, 0)::int as "closedAppointments", coalesce(a.completed, 0)::int as completed,
           coalesce(a.no_shows, 0)::int as "noShows",
           (select count(*)::int from misconduct_reports m
             where m.salesperson_id = s.id and m.dealership_id = ${ctx.dealershipId}
               and m.status in ('open', 'investigating')) as "openIncidents"
      from salespeople s
      left join lateral (
        select count(*) filter (where status <> 'scheduled') as closed,
               count(*) filter (where status = 'completed') as completed,
               count(*) filter (where status = 'no-show') as no_shows
          from appointments where salesperson_id = s.id) a on true
     where s.dealership_id = ${ctx.dealershipId}
     order by s.average_rating desc, s.total_reviews desc, s.name, s.id`;
  const leaderboard: LeaderboardEntry[] = rows.map((row) => ({
    ...row,
    band: row.totalReviews === 0 ? "unrated" : ratingBand(row.averageRating),
    completionRate: row.closedAppointments === 0 ? null : row.completed / row.closedAppointments,
    noShowRate: row.closedAppointments === 0 ? null : row.noShows / row.closedAppointments,
  }));
  const count = (band: LeaderboardEntry["band"]) => leaderboard.filter((e) => e.band === band).length;
  return {
    topPerformers: count("top"),
    averagePerformers: count("average"),
    needsImprovement: count("needs-improvement"),
    unrated: count("unrated"),
    leaderboard,
  };
}
