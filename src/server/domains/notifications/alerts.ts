// Alerts to those who lead a dealership (recipients.ts) when something about it needs them: every one reaches
// their bell, and with it their open pages (the notifications_live trigger); an urgent one is also e-mailed at
// once, by a job queued in the same transaction as the event, so it goes exactly when the event commits. The
// person whose act raised an alert is not told of it.
import { type AppLink, links } from "../../../shared/links";
import { type MailedNoticeType, mailKindOf } from "../../../shared/notificationKinds";
import type { Queryable, Sql } from "../../db/client";
import { type JobData, type JobQueue, QUEUES } from "../../jobs/queue";
import type { Mailer } from "../../mail/mailer";
import { notify } from "./notify";
import { dealershipLeadsSql } from "./recipients";

export type LeadAlert = {
  dealershipId: number;
  /** The notice's type; the e-mail is of its kind (shared/notificationKinds.ts), which each lead may turn off. */
  type: MailedNoticeType;
  title: string;
  body: string;
  link: AppLink;
  /** Also e-mailed at once: the subject, and the text above the link. */
  mail: { subject: string; text: string } | null;
  /** The account whose act raised the alert, which is not told of it. */
  actorId?: string | null;
};

/** Tells the dealership's leads, in the caller's transaction `tx`. */
export async function alertLeads(tx: Queryable, jobs: Pick<JobQueue, "send">, alert: LeadAlert) {
  const actorId = alert.actorId ?? null;
  await notify(tx, {
    to: { managerOf: alert.dealershipId, except: actorId },
    type: alert.type,
    title: alert.title,
    body: alert.body,
    link: alert.link,
  });
  if (alert.mail)
    await jobs.send(
      QUEUES.leadAlert,
      { dealershipId: alert.dealershipId, actorId, type: alert.type, link: alert.link, ...alert.mail },
      { within: tx },
    );
}

/**
 * Tells the dealership's leads of a change to its team, in the caller's transaction `tx`, but not `except` (the
 * account the change is about); the notice leads to their team tab.
 */
export function tellTeamLeads(
  tx: Queryable,
  dealershipId: number,
  { title, body, except }: { title: string; body: string; except?: string },
) {
  return notify(tx, {
    to: { managerOf: dealershipId, except },
    type: "team_invitation",
    title,
    body,
    link: links.managerDashboard({ tab: "team" }),
  });
}

/** Job handler: the urgent alert's e-mail, one to each lead of the dealership as they are when it is sent. */
export async function sendLeadAlert(
  deps: { sql: Sql; mailer: Mailer; appUrl: string },
  data: JobData["lead-alert"],
): Promise<void> {
  const leads = await deps.sql<{ email: string; firstName: string | null; dealershipName: string }[]>`
    select u.email::text as email, u.first_name as "firstName", d.name as "dealershipName"
      from (${dealershipLeadsSql(deps.sql, deps.sql`${data.dealershipId}::int`)}) l
      join users u on u.id = l.user_id
      join dealerships d on d.id = l.dealership_id
     where l.user_id is distinct from ${data.actorId}::uuid
     order by u.email`;
  for (const lead of leads)
    await deps.mailer.send({
      kind: mailKindOf(data.type),
      to: lead.email,
      subject: data.subject,
      text: `Hello${lead.firstName ? ` ${lead.firstName}` : ""},\n\n${data.text}\n\n${deps.appUrl}${data.link}\n\nYou receive this because you lead ${lead.dealershipName} on KnowBefore.\n`,
    });
}
