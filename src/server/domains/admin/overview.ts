// The console's Overview: platform counts straight from the tables, and the latest things that happened
// (sign-ups, bookings, reviews, reports, transfer requests, administrative changes), newest first.
import { USER_ROLES } from "../../../shared/constants";
import type { AdminOverview } from "../../../shared/schemas/admin";
import type { Context } from "../../serviceContext";

const RECENT = 12;

export async function adminOverview(ctx: Context): Promise<AdminOverview> {
  const [[counts], roles, recentActivity] = await Promise.all([
    ctx.sql<Omit<AdminOverview, "usersByRole" | "totalUsers" | "recentActivity">[]>`
      select
        (select count(*)::int from salespeople) as salespeople,
        (select count(*)::int from dealerships) as dealerships,
        (select count(*)::int from appointments
          where starts_at >= date_trunc('month', now()) and starts_at < date_trunc('month', now()) + interval '1 month')
          as "appointmentsThisMonth",
        (select count(*)::int from rating_flags where status = 'open') as "openFlags",
        (select count(*)::int from misconduct_reports where status in ('open', 'investigating'))
          as "openMisconductCases",
        (select count(*)::int from transfer_requests where status in ('awaiting_manager', 'awaiting_admin'))
          as "pendingTransfers"`,
    ctx.sql<{ role: (typeof USER_ROLES)[number]; n: number }[]>`
      select role, count(*)::int as n from users group by role`,
    ctx.sql<AdminOverview["recentActivity"]>`
      (select 'user' as kind, 'New ' || u.role || ' account' as title, u.email::text as detail, u.created_at as at
         from users u order by u.created_at desc limit ${RECENT})
      union all
      (select 'appointment', a.appointment_type || ' booked', s.name || ' with ' || a.customer_name, a.created_at
         from appointments a join salespeople s on s.id = a.salesperson_id order by a.created_at desc limit ${RECENT})
      union all
      (select 'review', r.overall_rating || '-star review', 'for ' || s.name, r.created_at
         from ratings r join salespeople s on s.id = r.salesperson_id order by r.created_at desc limit ${RECENT})
      union all
      (select 'misconduct', 'Misconduct report', 'about ' || s.name, m.created_at
         from misconduct_reports m join salespeople s on s.id = m.salesperson_id order by m.created_at desc limit ${RECENT})
      union all
      (select 'transfer', 'Transfer request', s.name || coalesce(' to ' || d.name, ' going independent'), t.created_at
         from transfer_requests t join salespeople s on s.id = t.salesperson_id
         left join dealerships d on d.id = t.to_dealership_id order by t.created_at desc limit ${RECENT})
      union all
      (select 'audit', replace(a.action, '.', ' '), coalesce(u.email::text, a.actor_role) || coalesce(' — ' || a.reason, ''), a.created_at
         from audit_log a left join users u on u.id = a.actor_user_id order by a.created_at desc limit ${RECENT})
      order by at desc limit ${RECENT}`,
  ]);
  const usersByRole = Object.fromEntries(USER_ROLES.map((role) => [role, 0])) as AdminOverview["usersByRole"];
  for (const { role, n } of roles) usersByRole[role] = n;
  return {
    usersByRole,
    totalUsers: roles.reduce((sum, r) => sum + r.n, 0),
    ...counts!,
    recentActivity,
  };
}
