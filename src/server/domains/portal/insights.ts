// Growth insights: plain-language suggestions computed from the salesperson's own rows.
import type { GrowthInsight } from "../../../shared/schemas/portal";
import type { Sql } from "../../db/client";
import type { SalespersonRow } from "../../db/rows";
import { publishedReview } from "../reviews/published";

const WEEKDAYS = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

export async function growthInsights(sql: Sql, salespersonId: number): Promise<GrowthInsight[]> {
  const [[me], [peers], [visits], waitlist, [profile], [inbox]] = await Promise.all([
    sql<{ pressure: string | null; n: number }[]>`
      select avg(pressure_level_rating)::text as pressure, count(*)::int as n
        from ratings where salesperson_id = ${salespersonId} and created_at > now() - interval '365 days'
         and ${publishedReview(sql)}`,
    sql<{ pressure: string | null; dealership: string | null }[]>`
      select avg(r.pressure_level_rating)::text as pressure, d.name as dealership
        from salespeople s
        join dealerships d on d.id = s.dealership_id
        join salespeople p on p.dealership_id = s.dealership_id and p.id <> s.id
        join ratings r on r.salesperson_id = p.id and r.created_at > now() - interval '365 days'
                      and ${publishedReview(sql, "r")}
       where s.id = ${salespersonId}
       group by d.name`,
    sql<{ closed: number; no_show: number; completed: number; rated: number }[]>`
      select count(*) filter (where a.status in ('completed', 'no-show'))::int as closed,
             count(*) filter (where a.status = 'no-show')::int as no_show,
             count(*) filter (where a.status = 'completed')::int as completed,
             count(r.id)::int as rated
        from appointments a left join ratings r on r.appointment_id = a.id and ${publishedReview(sql, "r")}
       where a.salesperson_id = ${salespersonId} and a.starts_at > now() - interval '90 days' and a.starts_at <= now()`,
    sql<{ dow: number; n: number }[]>`
      select extract(dow from date)::int as dow, count(*)::int as n
        from waitlist_entries where salesperson_id = ${salespersonId} and date >= current_date - 90
       group by 1 order by n desc limit 1`,
    sql<
      (Pick<SalespersonRow, "bio" | "specialties" | "status" | "verified_at" | "dealership_id"> & {
        photo: SalespersonRow["profile_image_url"];
      })[]
    >`
      select bio, profile_image_url as photo, specialties, status, verified_at, dealership_id from salespeople where id = ${salespersonId}`,
    sql<{ unanswered: number; oldest: Date | null }[]>`
      select count(*)::int as unanswered, min(last.created_at) as oldest
        from conversations c
        join lateral (select sender_role, created_at from messages m where m.conversation_id = c.id
                       order by m.created_at desc, m.id desc limit 1) last on true
       where c.salesperson_id = ${salespersonId} and last.sender_role = 'customer'`,
  ]);

  const insights: GrowthInsight[] = [];
  const myPressure = me?.pressure === null || me?.pressure === undefined ? null : Number(me.pressure);
  const peerPressure = peers?.pressure ? Number(peers.pressure) : null;
  if (myPressure !== null && peerPressure !== null && (me?.n ?? 0) >= 3) {
    const gap = myPressure - peerPressure;
    if (gap <= -0.2) {
      insights.push({
        id: "pressure-below-dealership",
        tone: "warning",
        title: "Buyers feel more pressure with you than with your colleagues",
        detail: `Your pressure score is ${myPressure.toFixed(1)} against ${peerPressure.toFixed(1)} across ${peers!.dealership}. (5 means a perfect balance.) Letting buyers set the pace on test drives and add-ons is the quickest way to close the gap.`,
      });
    } else if (gap >= 0.2) {
      insights.push({
        id: "pressure-above-dealership",
        tone: "positive",
        title: "Buyers find you more relaxed than most",
        detail: `Your pressure score is ${myPressure.toFixed(1)} against ${peerPressure.toFixed(1)} across ${peers!.dealership}. Mention it in your bio: it is what buyers search for.`,
      });
    }
  }
  if (visits && visits.closed >= 5 && visits.no_show / visits.closed >= 0.15) {
    insights.push({
      id: "no-shows",
      tone: "suggestion",
      title: "Many booked buyers do not turn up",
      detail: `${visits.no_show} of your last ${visits.closed} visits were no-shows. A short confirmation message the day before usually halves that.`,
    });
  }
  if (visits && visits.completed >= 3 && visits.rated / visits.completed < 0.3) {
    insights.push({
      id: "ask-for-reviews",
      tone: "suggestion",
      title: "Most of your buyers have not left a review",
      detail: `Only ${visits.rated} of ${visits.completed} completed visits in the last 90 days were rated. Buyers can review within 30 days of the visit: remind them before they leave.`,
    });
  }
  const busiest = waitlist[0];
  if (busiest && busiest.n >= 2) {
    insights.push({
      id: "requested-but-full",
      tone: "suggestion",
      title: `Buyers are waiting for time on ${WEEKDAYS[busiest.dow]}`,
      detail: `${busiest.n} buyers asked to be told when a slot opens on ${WEEKDAYS[busiest.dow]}. Opening more hours there, or moving a block, turns them into visits.`,
    });
  }
  if (inbox && inbox.unanswered > 0) {
    const hours = inbox.oldest
      ? Math.max(1, Math.round((Date.now() - inbox.oldest.getTime()) / 3_600_000))
      : 0;
    insights.push({
      id: "unanswered-messages",
      tone: "warning",
      title: `${inbox.unanswered} buyer message${inbox.unanswered === 1 ? "" : "s"} waiting for an answer`,
      detail: `The oldest has waited about ${hours} hour${hours === 1 ? "" : "s"}. Buyers who hear back within an hour book far more often.`,
    });
  }
  const missing = [
    profile && !profile.photo ? "a photo" : null,
    profile && !profile.bio ? "a bio" : null,
    profile && profile.specialties.length < 2 ? "at least two specialties" : null,
  ].filter(Boolean);
  if (missing.length > 0) {
    insights.push({
      id: "complete-profile",
      tone: "suggestion",
      title: "Complete your profile",
      detail: `Add ${missing.join(", ")}. Complete profiles are the first thing buyers compare.`,
    });
  }
  if (profile && profile.dealership_id !== null && !profile.verified_at) {
    insights.push({
      id: "awaiting-verification",
      tone: "warning",
      title: "Waiting for your dealership to verify you",
      detail:
        "Your profile shows 'Verified by' your dealership once its manager confirms you. Ask them to open their manager dashboard.",
    });
  }
  if (profile?.status === "unavailable") {
    insights.push({
      id: "unavailable",
      tone: "suggestion",
      title: "You are marked unavailable",
      detail:
        "Buyers filtering for available salespeople cannot find you. Switch to available when you are back.",
    });
  }
  if (insights.length === 0) {
    insights.push({
      id: "all-good",
      tone: "positive",
      title: "Nothing needs your attention",
      detail: "Your reviews, attendance and profile look healthy. Keep it up.",
    });
  }
  return insights;
}
