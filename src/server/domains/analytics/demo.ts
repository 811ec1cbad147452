// Which of the rows a report sums the demo seed wrote (the `demo` column): read from the tables themselves,
// through partial indexes on the seeded rows, so a deployment without them answers from empty indexes.
import type { AnalyticsScope } from "../../../shared/schemas/analytics";
import type { DemoData } from "../../../shared/schemas/siteStats";
import type { Queryable } from "../../db/client";
import { demoDataOf } from "../../seed/demoData";
import { publishedReview } from "../reviews/published";
import { RECURRING_STATUSES } from "./revenue";

/** Seeded bookings and published reviews in [start, end), and seeded salespeople (and dealerships), of a scope. */
export async function demoActivity(
  sql: Queryable,
  scope: AnalyticsScope,
  start: Date,
  end: Date,
): Promise<{ appointments: number; ratings: number; salespeople: number; dealerships: number }> {
  const inScope = scope.kind === "platform" ? sql`true` : sql`s.dealership_id = ${scope.dealershipId}`;
  const [row] = await sql<
    { appointments: number; ratings: number; salespeople: number; dealerships: number }[]
  >`
    select (select count(*) from appointments a join salespeople s on s.id = a.salesperson_id
             where a.demo and a.starts_at >= ${start} and a.starts_at < ${end} and ${inScope})::int as appointments,
           (select count(*) from ratings r join salespeople s on s.id = r.salesperson_id
             where r.demo and r.created_at >= ${start} and r.created_at < ${end} and ${publishedReview(sql, "r")}
               and ${inScope})::int as ratings,
           (select count(*) from salespeople s where s.demo and ${inScope})::int as salespeople,
           ${scope.kind === "platform" ? sql`(select count(*) from dealerships where demo)::int` : sql`0`} as dealerships`;
  return row ?? { appointments: 0, ratings: 0, salespeople: 0, dealerships: 0 };
}

/** Seeded payments paid in [start, end) and seeded subscriptions counted in recurring revenue now. */
export async function demoMoney(sql: Queryable, start: Date, end: Date) {
  const [row] = await sql<{ payments: number; subscriptions: number }[]>`
    select (select count(*) from payments where demo and status = 'paid' and paid_at >= ${start}
              and paid_at < ${end})::int as payments,
           (select count(*) from subscriptions where demo and status in ${sql(RECURRING_STATUSES)})::int as subscriptions`;
  return row ?? { payments: 0, subscriptions: 0 };
}

export function demoDataOfReport(
  activity: Awaited<ReturnType<typeof demoActivity>> | null,
  money: Awaited<ReturnType<typeof demoMoney>> | null,
): DemoData {
  return demoDataOf([
    [activity?.dealerships ?? 0, "dealership", "dealerships"],
    [activity?.salespeople ?? 0, "salesperson", "salespeople"],
    [activity?.appointments ?? 0, "booking", "bookings"],
    [activity?.ratings ?? 0, "review", "reviews"],
    [money?.payments ?? 0, "payment", "payments"],
    [money?.subscriptions ?? 0, "paying subscription", "paying subscriptions"],
  ]);
}
