// Job handler: the e-mails a visit dispute sends as it moves along: to the dealership's leads (notifications/recipients.ts) when opened, to
// administrators when it reaches them (escalated; opened on an independent salesperson's visit, or where the only
// manager marked the no-show or is the salesperson; or the buyer's request to review a rejection, which the
// manager hears of too), to the buyer when decided, and to the manager when administrators decided.

import type { VisitDisputeEscalation } from "../../../shared/constants";
import { links } from "../../../shared/links";
import { DISPUTE_ESCALATION_DAYS } from "../../../shared/visits";
import type { Sql } from "../../db/client";
import type { JobData } from "../../jobs/queue";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { leadEmailsSql } from "../notifications/recipients";

type DisputeNoticeRow = {
  status: string;
  escalation_reason: VisitDisputeEscalation | null;
  statement: string | null;
  resolution_note: string | null;
  manager_note: string | null;
  appeal_note: string | null;
  customer_name: string;
  buyer_email: string | null;
  salesperson_name: string;
  dealership_name: string | null;
  lead_emails: string[];
  admin_emails: string[];
};

export async function sendDisputeNotice(
  deps: { sql: Sql; mailer: Mailer; appUrl: string },
  data: JobData["dispute-notice"],
) {
  const [row] = await deps.sql<DisputeNoticeRow[]>`
    select d.status, d.escalation_reason, d.statement, d.resolution_note, d.manager_note, d.appeal_note,
           a.customer_name, b.email::text as buyer_email,
           s.name as salesperson_name, dl.name as dealership_name,
           ${leadEmailsSql(deps.sql, deps.sql`dl.id`)} as lead_emails,
           array(select u.email::text from users u where u.role = 'admin' and u.disabled_at is null
                  order by u.email) as admin_emails
      from visit_disputes d
      join appointments a on a.id = d.appointment_id
      join salespeople s on s.id = a.salesperson_id
      left join users b on b.id = d.customer_id
      left join dealerships dl on dl.id = d.dealership_id
     where d.id = ${data.disputeId}`;
  if (!row) return;
  const what = `${row.customer_name}'s visit with ${row.salesperson_name}${row.dealership_name ? ` (${row.dealership_name})` : ""}`;
  const statement = row.statement ? `\n\nTheir words: "${row.statement}"` : "";
  const mails: Omit<MailMessage, "kind">[] = [];
  const toAdmins = (subject: string, text: string) => {
    for (const to of row.admin_emails) mails.push({ to, subject, text });
  };
  const toLeads = (subject: string, text: string) => {
    for (const to of row.lead_emails) mails.push({ to, subject, text });
  };
  const adminLink = `${deps.appUrl}${links.adminDashboard({ tab: "disputes" })}`;
  const managerLink = `${deps.appUrl}${links.managerDashboard({ tab: "disputes" })}`;
  switch (data.event) {
    case "opened":
      if (row.status === "escalated")
        toAdmins(
          "A buyer disputes a no-show",
          `${what} was marked no-show; the buyer says they were there.${statement}\n\n${
            row.escalation_reason === "independent"
              ? "The salesperson works independently"
              : "The dealership has no manager but the one who marked the no-show or is the salesperson"
          }, so administrators decide: ${adminLink}\n`,
        );
      else
        toLeads(
          "A buyer disputes a no-show",
          `${what} was marked no-show; the buyer says they were there.${statement}\n\nUphold or reject it within ${DISPUTE_ESCALATION_DAYS} days, or it goes to administrators: ${managerLink}\n`,
        );
      break;
    case "escalated":
      toAdmins(
        "A no-show dispute waits for you",
        `The dispute of ${what} waited ${DISPUTE_ESCALATION_DAYS} days for the dealership's manager.${statement}\n\nDecide it: ${adminLink}\n`,
      );
      break;
    case "appealed": {
      const words = row.appeal_note ? `\n\nThe buyer adds: "${row.appeal_note}"` : "";
      const managerSaid = row.manager_note ? `\nThe manager's note: ${row.manager_note}` : "";
      toAdmins(
        "A buyer asks you to review a rejected dispute",
        `The dealership's manager rejected the dispute of ${what}.${managerSaid}${statement}${words}\n\nYour decision is final: ${adminLink}\n`,
      );
      toLeads(
        "A rejected dispute goes to KnowBefore",
        `The buyer asked KnowBefore to review your rejection of the dispute of ${what}.${words}\n\nKnowBefore's administrators decide it; their decision is final: ${managerLink}\n`,
      );
      break;
    }
    case "upheld":
    case "rejected": {
      const final = row.escalation_reason
        ? "\nKnowBefore's administrators decided it; the decision is final.\n"
        : "";
      if (row.buyer_email)
        mails.push({
          to: row.buyer_email,
          subject:
            data.event === "upheld" ? "Your visit is confirmed" : "Your no-show dispute was not accepted",
          text:
            data.event === "upheld"
              ? `Hello ${row.customer_name},\n\nYour visit with ${row.salesperson_name} now counts as attended, and you can review it.\nNote: ${row.resolution_note ?? ""}\n${final}\n${deps.appUrl}${links.appointments()}\n`
              : `Hello ${row.customer_name},\n\nYour visit with ${row.salesperson_name} stays marked as a no-show. A review written for it is not published.\nNote: ${row.resolution_note ?? ""}\n${final}\n${deps.appUrl}${links.appointments()}\n`,
        });
      if (row.escalation_reason)
        toLeads(
          `A no-show dispute was ${data.event} by KnowBefore`,
          `KnowBefore's administrators ${data.event} the dispute of ${what}.\nNote: ${row.resolution_note ?? ""}\n\n${managerLink}\n`,
        );
      break;
    }
  }
  for (const mail of mails) await deps.mailer.send({ kind: "visit_disputes", ...mail });
}
