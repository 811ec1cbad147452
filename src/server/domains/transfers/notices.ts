// Job handler: the e-mails a transfer request sends as it moves along (to the receiving manager when asked,
// to the salesperson at every decision, to both managers when an administrator decides).
import type { Sql } from "../../db/client";
import type { JobData } from "../../jobs/queue";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { leadEmailsSql } from "../notifications/recipients";

type NoticeRow = {
  id: number;
  status: string;
  note: string | null;
  decision_reason: string | null;
  salesperson_name: string;
  salesperson_email: string;
  from_name: string | null;
  /** The addresses of those who lead each dealership (recipients.ts); none for independent work. */
  from_lead_emails: string[];
  to_name: string | null;
  to_lead_emails: string[];
};

export async function sendTransferNotice(
  deps: { sql: Sql; mailer: Mailer; appUrl: string },
  data: JobData["transfer-notice"],
) {
  const [row] = await deps.sql<NoticeRow[]>`
    select t.id, t.status, t.note, t.decision_reason, s.name as salesperson_name, s.email::text as salesperson_email,
           f.name as from_name, ${leadEmailsSql(deps.sql, deps.sql`f.id`)} as from_lead_emails,
           d.name as to_name, ${leadEmailsSql(deps.sql, deps.sql`d.id`)} as to_lead_emails
      from transfer_requests t
      join salespeople s on s.id = t.salesperson_id
      left join dealerships f on f.id = t.from_dealership_id
      left join dealerships d on d.id = t.to_dealership_id
     where t.id = ${data.transferId}`;
  if (!row) return;
  const destination = row.to_name ?? "independent";
  const move = row.to_name ? `to ${row.to_name}` : "to go independent";
  const reason = row.decision_reason ? `\nReason: ${row.decision_reason}\n` : "";
  const dashboard = `${deps.appUrl}/salesperson-dashboard?tab=profile`;
  const managerDashboard = `${deps.appUrl}/manager-dashboard`;
  const mails: Omit<MailMessage, "kind">[] = [];

  switch (data.event) {
    case "requested":
      for (const to of row.to_lead_emails)
        mails.push({
          to,
          subject: `${row.salesperson_name} asks to join ${destination}`,
          text: `${row.salesperson_name}${row.from_name ? ` (now at ${row.from_name})` : ""} asks to transfer to ${destination}.${row.note ? `\n\nTheir note: ${row.note}` : ""}\n\nAccept or decline the request on your dashboard: ${managerDashboard}\n`,
        });
      break;
    case "accepted":
      mails.push({
        to: row.salesperson_email,
        subject: `${destination} accepted your transfer request`,
        text: `Hello ${row.salesperson_name},\n\nThe manager of ${destination} accepted your transfer request. An administrator makes the final decision; we will e-mail you when they do.\n\nFollow it on your dashboard: ${dashboard}\n`,
      });
      break;
    case "declined":
      mails.push({
        to: row.salesperson_email,
        subject: `${destination} declined your transfer request`,
        text: `Hello ${row.salesperson_name},\n\nThe manager of ${destination} declined your request to transfer.\n${reason}\nYou can make a new request from your dashboard: ${dashboard}\n`,
      });
      break;
    case "approved":
    case "denied": {
      const approved = data.event === "approved";
      mails.push({
        to: row.salesperson_email,
        subject: approved ? "Your transfer was approved" : "Your transfer request was denied",
        text: approved
          ? `Hello ${row.salesperson_name},\n\nYour request ${move} was approved. Your profile, reviews and history moved with you.${row.to_name ? ` The manager of ${row.to_name} will confirm you on their team.` : ""}\n${reason}\nOpen your dashboard: ${dashboard}\n`
          : `Hello ${row.salesperson_name},\n\nAn administrator denied your request ${move}.\n${reason}\nOpen your dashboard: ${dashboard}\n`,
      });
      const leads = new Set<string>([...(approved ? row.from_lead_emails : []), ...row.to_lead_emails]);
      for (const to of leads) {
        const joining = row.to_lead_emails.includes(to);
        mails.push({
          to,
          subject: approved
            ? joining
              ? `${row.salesperson_name} is joining ${row.to_name}`
              : `${row.salesperson_name} is leaving ${row.from_name}`
            : `The transfer of ${row.salesperson_name} was denied`,
          text: approved
            ? joining
              ? `${row.salesperson_name} moved to ${row.to_name} with their reviews and history. Confirm them on your team: ${managerDashboard}\n`
              : `${row.salesperson_name} moved ${row.to_name ? `to ${row.to_name}` : "to independent work"} and is no longer on your team.\n`
            : `An administrator denied the transfer of ${row.salesperson_name} to ${row.to_name}.\n${reason}`,
        });
      }
      break;
    }
  }
  for (const mail of mails) await deps.mailer.send({ kind: "transfers", ...mail });
}
