// A dealer group as its people see it: the group, its dealerships with their key figures, and the one of them the
// caller works on now (docs/product/dealer-groups.md). Every read is scoped to the caller's own group.
import type { GroupRole } from "../../../shared/constants";
import type { DealerGroup, GroupDealership } from "../../../shared/schemas/groups";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { Context } from "../../trpc/init";
import { publishedReview } from "../reviews/published";

export type GroupCtx = Context & {
  user: NonNullable<Context["user"]>;
  session: NonNullable<Context["session"]>;
  groupId: number;
  groupRole: GroupRole;
};

/** The dealerships of group `groupId` with their team, rating and upcoming visits, by name. */
export async function groupDealerships(sql: Queryable, groupId: number): Promise<GroupDealership[]> {
  return sql<GroupDealership[]>`
    select d.id, d.name, d.slug, d.city, d.state,
           team.n as salespeople, reviews.average as "averageRating", reviews.total as "totalReviews",
           visits.n as "upcomingVisits"
      from dealerships d
      cross join lateral (select count(*)::int as n from salespeople s where s.dealership_id = d.id) team
      cross join lateral (
        select round(avg(r.overall_rating), 1)::float8 as average, count(*)::int as total
          from ratings r join salespeople s on s.id = r.salesperson_id
         where s.dealership_id = d.id and ${publishedReview(sql, "r")}) reviews
      cross join lateral (
        select count(*)::int as n from appointments a join salespeople s on s.id = a.salesperson_id
         where s.dealership_id = d.id and a.status = 'scheduled' and a.starts_at >= now()) visits
     where d.group_id = ${groupId}
     order by d.name, d.id`;
}

export async function groupName(sql: Queryable, groupId: number): Promise<string> {
  const [row] = await sql<{ name: string }[]>`select name from dealer_groups where id = ${groupId}`;
  if (!row) throw appError("NOT_FOUND", "Dealer group not found", "GROUP_NOT_FOUND");
  return row.name;
}

export async function myGroup(ctx: GroupCtx): Promise<DealerGroup> {
  const [name, dealerships] = await Promise.all([
    groupName(ctx.sql, ctx.groupId),
    groupDealerships(ctx.sql, ctx.groupId),
  ]);
  // The dealership the session works on, if it is one of the group's (their own dealership's, otherwise).
  const acting = dealerships.find((d) => d.id === ctx.user.dealershipId)?.id ?? null;
  return { id: ctx.groupId, name, role: ctx.groupRole, actingDealershipId: acting, dealerships };
}

/**
 * Works on another dealership of the group from now on, in this session: its dashboards, bookings and team open
 * on it. A dealership of another group, or none, answers 404.
 */
export async function actAs(ctx: GroupCtx, { dealershipId }: { dealershipId: number }) {
  const [row] = await ctx.sql<{ dealershipId: number; name: string }[]>`
    update sessions x set acting_dealership_id = d.id
      from dealerships d
     where x.id = ${ctx.session.id} and d.id = ${dealershipId} and d.group_id = ${ctx.groupId}
    returning d.id as "dealershipId", d.name`;
  if (!row) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  return row;
}
