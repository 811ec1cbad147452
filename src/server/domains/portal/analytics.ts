// The salesperson dashboard's figures, all SQL over real rows, bucketed in the salesperson's time zone.
import { type AnalyticsPeriod, PERIOD_DAYS } from "../../../shared/analytics";
import { round, roundOrNull } from "../../../shared/numbers";
import type { SalespersonOverview } from "../../../shared/schemas/portal";
import type { Sql } from "../../db/client";
import type { SalespersonRow } from "../../db/rows";
import { publishedReview } from "../reviews/published";

const BUCKET: Record<AnalyticsPeriod, "day" | "week" | "month"> = {
  "7d": "day",
  "30d": "day",
  "90d": "week",
  "1y": "month",
};

export async function salespersonOverview(
  sql: Sql,
  salespersonId: number,
  period: AnalyticsPeriod,
): Promise<SalespersonOverview> {
  const days = PERIOD_DAYS[period];
  const bucket = BUCKET[period];
  const step = `1 ${bucket}`;
  const [person] = await sql<Pick<SalespersonRow, "time_zone" | "average_rating" | "total_reviews">[]>`
    select time_zone, average_rating::text, total_reviews from salespeople where id = ${salespersonId}`;
  const tz = person!.time_zone;
  const series = sql`
    select generate_series(
      date_trunc(${bucket}, (now() at time zone ${tz}) - make_interval(days => ${days - 1})),
      date_trunc(${bucket}, now() at time zone ${tz}),
      ${step}::interval) as b`;

  // When a visit counts: its start, or the moment it was marked completed if that came first.
  const VISIT_TIME = sql`least(a.starts_at, coalesce(a.completed_at, a.starts_at))`;
  const VISIT_TIME_PLAIN = sql`least(starts_at, coalesce(completed_at, starts_at))`;

  const [appointments, ratings, views, [totals], [messaging]] = await Promise.all([
    sql<{ bucket: string; scheduled: number; completed: number; cancelled: number; no_show: number }[]>`
      with buckets as (${series})
      select to_char(b, 'YYYY-MM-DD') as bucket,
             count(a.id) filter (where a.status = 'scheduled')::int as scheduled,
             count(a.id) filter (where a.status = 'completed')::int as completed,
             count(a.id) filter (where a.status = 'cancelled')::int as cancelled,
             count(a.id) filter (where a.status = 'no-show')::int as no_show
        from buckets
        left join appointments a
          on a.salesperson_id = ${salespersonId}
         and date_trunc(${bucket}, ${VISIT_TIME} at time zone ${tz}) = b
         and ${VISIT_TIME} >= now() - make_interval(days => ${days})
         and ${VISIT_TIME} <= now()
       group by b order by b`,
    sql<
      {
        bucket: string;
        overall: string | null;
        helpfulness: string | null;
        pressure: string | null;
        communication: string | null;
        n: number;
      }[]
    >`
      with buckets as (${series})
      select to_char(b, 'YYYY-MM-DD') as bucket,
             avg(r.overall_rating)::text as overall, avg(r.helpfulness_rating)::text as helpfulness,
             avg(r.pressure_level_rating)::text as pressure, avg(r.communication_rating)::text as communication,
             count(r.id)::int as n
        from buckets
        left join ratings r
          on r.salesperson_id = ${salespersonId}
         and date_trunc(${bucket}, r.created_at at time zone ${tz}) = b
         and r.created_at >= now() - make_interval(days => ${days})
         and ${publishedReview(sql, "r")}
       group by b order by b`,
    sql<{ bucket: string; views: number }[]>`
      with buckets as (${series})
      select to_char(b, 'YYYY-MM-DD') as bucket, count(v.id)::int as views
        from buckets
        left join profile_views v on v.salesperson_id = ${salespersonId} and date_trunc(${bucket}, v.day::timestamp) = b
       group by b order by b`,
    sql<
      {
        appointments: number;
        completed: number;
        no_show: number;
        cancelled: number;
        reviews_in_period: number;
        profile_views: number;
        upcoming: number;
      }[]
    >`
      select
        (select count(*)::int from appointments where salesperson_id = ${salespersonId} and ${VISIT_TIME_PLAIN} between now() - make_interval(days => ${days}) and now()) as appointments,
        (select count(*)::int from appointments where salesperson_id = ${salespersonId} and status = 'completed' and ${VISIT_TIME_PLAIN} between now() - make_interval(days => ${days}) and now()) as completed,
        (select count(*)::int from appointments where salesperson_id = ${salespersonId} and status = 'no-show' and ${VISIT_TIME_PLAIN} between now() - make_interval(days => ${days}) and now()) as no_show,
        (select count(*)::int from appointments where salesperson_id = ${salespersonId} and status = 'cancelled' and ${VISIT_TIME_PLAIN} between now() - make_interval(days => ${days}) and now()) as cancelled,
        (select count(*)::int from ratings where salesperson_id = ${salespersonId} and created_at >= now() - make_interval(days => ${days}) and ${publishedReview(sql)}) as reviews_in_period,
        (select count(*)::int from profile_views where salesperson_id = ${salespersonId} and day >= (now() at time zone ${tz})::date - ${days - 1}::int) as profile_views,
        (select count(*)::int from appointments where salesperson_id = ${salespersonId} and status = 'scheduled' and starts_at > now()) as upcoming`,
    sql<{ minutes: string | null; unanswered: number }[]>`
      select
        (select avg(extract(epoch from reply.created_at - q.created_at) / 60)::text
           from messages q
           join conversations c on c.id = q.conversation_id and c.salesperson_id = ${salespersonId}
           join lateral (
             select m.created_at from messages m
              where m.conversation_id = q.conversation_id and m.sender_role = 'salesperson' and m.created_at > q.created_at
              order by m.created_at limit 1) reply on true
          where q.sender_role = 'customer' and q.created_at >= now() - make_interval(days => ${days})) as minutes,
        (select count(*)::int from conversations c
          where c.salesperson_id = ${salespersonId}
            and (select sender_role from messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) = 'customer'
        ) as unanswered`,
  ]);
  const t = totals!;
  const closed = t.completed + t.no_show;
  return {
    period,
    bucket,
    appointmentsOverTime: appointments.map((a) => ({
      bucket: a.bucket,
      scheduled: a.scheduled,
      completed: a.completed,
      cancelled: a.cancelled,
      noShow: a.no_show,
    })),
    ratingsOverTime: ratings.map((r) => ({
      bucket: r.bucket,
      overall: roundOrNull(r.overall, 2),
      helpfulness: roundOrNull(r.helpfulness, 2),
      pressureLevel: roundOrNull(r.pressure, 2),
      communication: roundOrNull(r.communication, 2),
      count: r.n,
    })),
    profileViewsOverTime: [...views],
    totals: {
      appointments: t.appointments,
      completed: t.completed,
      noShow: t.no_show,
      cancelled: t.cancelled,
      completionRate: closed > 0 ? round(t.completed / closed, 3) : null,
      noShowRate: closed > 0 ? round(t.no_show / closed, 3) : null,
      reviews: person!.total_reviews,
      reviewsInPeriod: t.reviews_in_period,
      averageRating: Number(person!.average_rating),
      profileViews: t.profile_views,
      upcoming: t.upcoming,
      responseTimeMinutes: messaging?.minutes ? Math.round(Number(messaging.minutes)) : null,
      unansweredConversations: messaging?.unanswered ?? 0,
    },
  };
}
