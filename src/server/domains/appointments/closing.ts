// Visits that close themselves (docs/product/booking.md): a scheduled visit whose end is more than
// VISIT_AUTO_COMPLETE_HOURS past becomes completed (resting on the buyer's check-in if there was one, else on
// nothing: 'auto', which staff may still turn into a no-show for a while and the buyer may confirm), its dealership's CRM hears of it as of a visit staff completed,
// and its buyer is invited to review it, once. Runs as a scheduled job on every instance's queue; each step is one
// conditional statement, so instances running it at the same moment complete and invite each visit exactly once.
import { links } from "../../../shared/links";
import { RATING_WINDOW_DAYS } from "../../../shared/reviews";
import { VISIT_AUTO_COMPLETE_HOURS } from "../../../shared/visits";
import type { SecretBox } from "../../crypto/secretBox";
import type { Queryable } from "../../db/client";
import { givenBackIfRefused } from "../../jobs/mailRetry";
import type { Context } from "../../serviceContext";
import { appointmentCrmEvent } from "../crm/delivery";
import { queueReviewRequestText } from "../texting/reviewRequests";
import type { NoticeDeps } from "./notices";
import { reviewInvitationsOffSql } from "./reviewInvitations";
import { SYSTEM_ACTOR, statusChangesFromSql } from "./statusTrail";

/** `events`: the queue and settings CRM deliveries are queued with. */
export type ClosingDeps = NoticeDeps & { secrets: SecretBox; events: Pick<Context, "jobs" | "env"> };

/** At most this many visits close or are invited per run; the next run (minutes later) takes the rest. */
const BATCH = 500;

/**
 * Completes every scheduled visit that ended more than VISIT_AUTO_COMPLETE_HOURS ago, with its trail row, in one
 * statement. The status condition is the claim: the rows are locked as they are chosen, and a visit another
 * instance completed a moment earlier (or staff marked no-show) is no longer 'scheduled' when this statement
 * re-reads the locked row, so it is left out; the UPDATE's own condition says the same again. The CRM events are
 * queued in the same transaction, so only the instance whose claim won sends one, and none if it rolls back.
 */
export async function completeDueVisits(deps: Pick<ClosingDeps, "sql" | "events">): Promise<number[]> {
  return deps.sql.begin(async (sql) => {
    const rows = await sql<{ id: number; salesperson_id: number }[]>`
    with due as (
      update appointments a set status = 'completed', completed_at = now(),
             visit_evidence = case when a.checked_in_at is not null then 'checked_in' else 'auto' end
       where a.id in (
               select id from appointments
                where status = 'scheduled'
                  and appointment_span(starts_at, duration_minutes)
                      << tstzrange(now() - make_interval(hours => ${VISIT_AUTO_COMPLETE_HOURS}), null)
                order by starts_at limit ${BATCH}
                for update)
         and a.status = 'scheduled'
      returning a.id, a.salesperson_id),
    trail as (${statusChangesFromSql(sql, "due", {
      from: "scheduled",
      to: "completed",
      actor: SYSTEM_ACTOR,
      note: `Closed automatically ${VISIT_AUTO_COMPLETE_HOURS} hours after the visit's end`,
    })})
    select id, salesperson_id from due order by id`;
    for (const row of rows) await appointmentCrmEvent(deps.events, sql, row, "appointment.completed");
    return rows.map((row) => row.id);
  });
}

type InvitationRow = {
  id: number;
  salesperson_id: number;
  salesperson_name: string;
  appointment_type: string;
  customer_id: string | null;
  email: string | null;
  first_name: string | null;
  opted_out: boolean;
  rated: boolean;
};

/**
 * The visits whose buyer is owed an invitation: closed by the platform (auto-completion) or by an upheld
 * dispute, not yet invited, with the review window still open. A visit staff pressed Complete on was closed
 * with the buyer present, and is reviewed from the buyer's own list. A visit booked more than the window ago
 * (a backlog closing at once) is closed without a mail.
 */
async function owedInvitations(sql: Queryable): Promise<number[]> {
  // From the trail's closings (appointment_events_closed_idx): staff completions, nearly every completed visit,
  // are never read. A closing's trail row is written in the transaction that sets completed_at, so both carry
  // the same now().
  const rows = await sql<{ id: number }[]>`
    select a.id from appointments a
     where a.id in (select e.appointment_id from appointment_events e
                     where e.to_status = 'completed' and (e.actor_role = 'system' or e.from_status = 'no-show')
                       and e.created_at > now() - make_interval(days => ${RATING_WINDOW_DAYS}))
       and a.status = 'completed' and a.review_invited_at is null
       and a.completed_at > now() - make_interval(days => ${RATING_WINDOW_DAYS})
       and a.starts_at > now() - make_interval(days => ${RATING_WINDOW_DAYS})
     order by a.completed_at, a.id limit ${BATCH}`;
  return rows.map((row) => row.id);
}

/**
 * Claims one visit's invitation (review_invited_at, set once by a guarded UPDATE, committed with the request's
 * text queued beside it) and then mails it, outside any transaction: another instance's claim of the same visit
 * finds it taken, and no pool connection waits on the mail server. A refused mail gives the claim back
 * (givenBackIfRefused, jobs/mailRetry.ts) and the job's retry claims it again; the text it queued again then goes
 * once all the same (texting/reviewRequests.ts). A buyer who stopped invitations, has no account address, or
 * already reviewed the visit is claimed and not mailed.
 */
async function inviteOnce(deps: ClosingDeps, appointmentId: number): Promise<boolean> {
  const row = await deps.sql.begin(async (tx) => {
    const [claimed] = await tx<InvitationRow[]>`
      update appointments a set review_invited_at = now()
        from salespeople s
       where a.id = ${appointmentId} and s.id = a.salesperson_id
         and a.status = 'completed' and a.review_invited_at is null
      returning a.id, a.salesperson_id, s.name as salesperson_name, a.appointment_type, a.customer_id,
                (select u.email::text from users u where u.id = a.customer_id) as email,
                (select u.first_name from users u where u.id = a.customer_id) as first_name,
                ${reviewInvitationsOffSql(tx, tx`a.customer_id`)} as opted_out,
                exists (select from ratings r where r.appointment_id = a.id) as rated`;
    if (!claimed?.email || !claimed.customer_id || claimed.opted_out || claimed.rated) return null;
    await queueReviewRequestText(deps.events.jobs, tx, {
      appointmentId: claimed.id,
      customerId: claimed.customer_id,
    });
    return { ...claimed, email: claimed.email };
  });
  if (!row) return false;
  const review = `${deps.appUrl}${links.salesperson(row.salesperson_id, "write-review")}`;
  await givenBackIfRefused(
    () => deps.sql`update appointments set review_invited_at = null where id = ${row.id}`,
    () =>
      deps.mailer.send({
        kind: "review_invitations",
        to: row.email,
        subject: `How was your ${row.appointment_type} with ${row.salesperson_name}?`,
        text:
          `Hello ${row.first_name ?? "there"},\n\n` +
          `Your ${row.appointment_type} with ${row.salesperson_name} is complete. Other buyers rely on reviews from ` +
          `real visits: tell them how it went. You can write your review within ${RATING_WINDOW_DAYS} days:\n` +
          `${review}\n`,
      }),
  );
  return true;
}

/** One run of the job: close what is due, then invite the buyers owed an invitation. */
export async function closeVisits(deps: ClosingDeps): Promise<{ completed: number; invited: number }> {
  const completed = await completeDueVisits(deps);
  let invited = 0;
  for (const id of await owedInvitations(deps.sql)) if (await inviteOnce(deps, id)) invited++;
  return { completed: completed.length, invited };
}
