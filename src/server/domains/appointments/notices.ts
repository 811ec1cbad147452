// Job handlers: appointment e-mails with ICS invites, the 24-hour reminder (sent once), waitlist notices.

import { links } from "../../../shared/links";
import { formatSlot12h } from "../../../shared/slots";
import { toOffsetIso } from "../../../shared/time";
import { DISPUTE_WINDOW_DAYS } from "../../../shared/visits";
import type { Queryable, Sql } from "../../db/client";
import type { AppointmentRow, SalespersonRow, UserRow, WaitlistEntryRow } from "../../db/rows";
import { givenBackIfRefused } from "../../jobs/mailRetry";
import type { JobData } from "../../jobs/queue";
import type { Logger } from "../../logger";
import { buildIcs } from "../../mail/ics";
import type { Mailer } from "../../mail/mailer";

type NoticeRow = Pick<
  AppointmentRow,
  | "id"
  | "starts_at"
  | "status"
  | "appointment_type"
  | "customer_name"
  | "notes"
  | "ics_sequence"
  | "duration_minutes"
> &
  Pick<SalespersonRow, "time_zone" | "city" | "state"> & {
    /**
     * The booking account's own sign-in address: the only customer address notices go to. The e-mail typed
     * into a booking is a contact detail for the salesperson, never a recipient, so a booking cannot make the
     * platform mail its text to someone else.
     */
    account_email: string | null;
    salesperson_name: string;
    salesperson_email: string;
    dealership_name: string | null;
    /** The dealership's address; null for an independent salesperson. */
    address: string | null;
  };

export type NoticeDeps = { sql: Sql; mailer: Mailer; logger: Logger; appUrl: string; mailFrom: string };

async function loadNotice(sql: Queryable, id: number): Promise<NoticeRow | undefined> {
  const [row] = await sql<NoticeRow[]>`
    select a.id, a.starts_at, a.status, a.appointment_type, a.customer_name, u.email as account_email,
           a.notes, a.ics_sequence, a.duration_minutes, s.name as salesperson_name, s.email as salesperson_email, s.time_zone,
           d.name as dealership_name, d.address, s.city, s.state
      from appointments a
      join salespeople s on s.id = a.salesperson_id
      left join dealerships d on d.id = s.dealership_id
      left join users u on u.id = a.customer_id
     where a.id = ${id}`;
  return row;
}

/** A date as mail says it ("Monday, March 2, 2026"): made once, as a formatter per call costs more than the rest. */
const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

function whenText(row: NoticeRow): string {
  const local = toOffsetIso(row.starts_at, row.time_zone);
  const date = longDate.format(new Date(`${local.slice(0, 10)}T12:00:00Z`));
  return `${date} at ${formatSlot12h(local.slice(11, 16))} (${row.time_zone.replace(/_/g, " ")} time)`;
}

/** Where a visit takes place, as invites and calendar feeds say it. */
export function location(row: Pick<NoticeRow, "dealership_name" | "address" | "city" | "state">): string {
  return [row.dealership_name, row.address, `${row.city}, ${row.state}`].filter(Boolean).join(", ");
}

function invite(row: NoticeRow, deps: NoticeDeps, method: "REQUEST" | "CANCEL") {
  const fromEmail = deps.mailFrom.match(/<([^>]+)>/)?.[1] ?? deps.mailFrom;
  return {
    method,
    content: buildIcs({
      uid: `appointment-${row.id}@knowbefore`,
      sequence: row.ics_sequence,
      method,
      start: row.starts_at,
      durationMinutes: row.duration_minutes,
      timeZone: row.time_zone,
      summary: `${row.appointment_type}: ${row.customer_name} with ${row.salesperson_name}`,
      description: row.notes
        ? `Notes: ${row.notes}`
        : `Booked through KnowBefore. Manage it at ${deps.appUrl}/appointments`,
      location: location(row),
      organizer: { name: "KnowBefore", email: fromEmail },
      attendees: [
        ...(row.account_email ? [{ name: row.customer_name, email: row.account_email }] : []),
        { name: row.salesperson_name, email: row.salesperson_email },
      ],
    }),
  };
}

export async function sendAppointmentNotice(deps: NoticeDeps, data: JobData["appointment-notice"]) {
  const row = await loadNotice(deps.sql, data.appointmentId);
  if (!row) return;
  if (data.kind === "no-show") return sendNoShowNotice(deps, row);
  const when = whenText(row);
  const cancelled = data.kind === "cancelled";
  const method = cancelled ? "CANCEL" : "REQUEST";
  const verb = cancelled ? "cancelled" : data.kind === "rescheduled" ? "moved to" : "confirmed for";
  const calendar = invite(row, deps, method);
  const recipients = [
    ...(row.account_email
      ? [
          {
            to: row.account_email,
            text: `Hello ${row.customer_name},\n\nYour ${row.appointment_type} with ${row.salesperson_name} is ${verb} ${when}.\nWhere: ${location(row)}\n\nSee your appointments: ${deps.appUrl}/appointments\n`,
          },
        ]
      : []),
    {
      to: row.salesperson_email,
      text: `Hello ${row.salesperson_name},\n\n${row.customer_name}'s ${row.appointment_type} is ${verb} ${when}.\n\nOpen your dashboard: ${deps.appUrl}/salesperson-dashboard\n`,
    },
  ];
  const subject = cancelled
    ? `Cancelled: ${row.appointment_type} on ${when}`
    : data.kind === "rescheduled"
      ? `Rescheduled: ${row.appointment_type} on ${when}`
      : `Confirmed: ${row.appointment_type} on ${when}`;
  for (const r of recipients)
    await deps.mailer.send({ kind: "booking", to: r.to, subject, text: r.text, calendar });
}

/**
 * The buyer's e-mail when their visit is marked no-show (they may not have seen the bell): what was marked, and
 * where to say "I was there". The salesperson marked it themself and gets nothing.
 */
async function sendNoShowNotice(deps: NoticeDeps, row: NoticeRow) {
  if (!row.account_email || row.status !== "no-show") return;
  await deps.mailer.send({
    kind: "booking",
    to: row.account_email,
    subject: `Marked as a no-show: ${row.appointment_type} with ${row.salesperson_name}`,
    text:
      `Hello ${row.customer_name},\n\n${row.salesperson_name} marked your ${row.appointment_type} on ${whenText(row)} ` +
      `as a no-show.\nWere you there? Say so within ${DISPUTE_WINDOW_DAYS} days from your appointments, with "I was there": ` +
      `${deps.appUrl}${links.appointments()}\n`,
  });
}

/**
 * Takes the reminder (reminder_sent_at set, committed at once), then sends it, holding no transaction while the mail
 * server answers; a refused send gives it back for the mail queue's retry. A reminder goes out at most once: a
 * second delivery while the first sends finds it taken.
 */
export async function sendReminder(deps: NoticeDeps, data: JobData["appointment-reminder"]) {
  const [claimed] = await deps.sql<Pick<AppointmentRow, "id">[]>`
    update appointments set reminder_sent_at = now()
     where id = ${data.appointmentId} and status = 'scheduled' and reminder_sent_at is null and starts_at > now()
     returning id`;
  if (!claimed) return;
  await givenBackIfRefused(
    () => deps.sql`update appointments set reminder_sent_at = null where id = ${data.appointmentId}`,
    async () => {
      const row = await loadNotice(deps.sql, data.appointmentId);
      if (!row?.account_email) return;
      await deps.mailer.send({
        kind: "reminders",
        to: row.account_email,
        subject: `Reminder: ${row.appointment_type} tomorrow with ${row.salesperson_name}`,
        text: `Hello ${row.customer_name},\n\nA reminder of your ${row.appointment_type} with ${row.salesperson_name} on ${whenText(row)}.\nWhere: ${location(row)}\n\nNeed to change it? ${deps.appUrl}/appointments\n`,
      });
    },
  );
}

/**
 * After a cancellation: e-mail the first customer waiting for that salesperson and day. Their entry is taken
 * (notified_at set, committed) before the mail server is spoken to, and given back if it refuses.
 */
export async function sendWaitlistNotice(deps: NoticeDeps, data: JobData["waitlist-notice"]) {
  const entry = await deps.sql.begin(async (tx) => {
    const [first] = await tx<
      (Pick<WaitlistEntryRow, "id"> &
        Pick<UserRow, "email"> & { name: string | null; salesperson_name: string })[]
    >`
      select w.id, u.email, u.first_name as name, s.name as salesperson_name
        from waitlist_entries w join users u on u.id = w.customer_id join salespeople s on s.id = w.salesperson_id
       where w.salesperson_id = ${data.salespersonId} and w.date = ${data.date} and w.notified_at is null
       order by w.created_at, w.id
       limit 1 for update of w skip locked`;
    if (first) await tx`update waitlist_entries set notified_at = now() where id = ${first.id}`;
    return first;
  });
  if (!entry) return;
  await givenBackIfRefused(
    () => deps.sql`update waitlist_entries set notified_at = null where id = ${entry.id}`,
    () =>
      deps.mailer.send({
        kind: "waitlist",
        to: entry.email,
        subject: `A slot opened with ${entry.salesperson_name} on ${data.date}`,
        text: `Hello ${entry.name ?? "there"},\n\nA time with ${entry.salesperson_name} on ${data.date} just became free. Book it before someone else does:\n${deps.appUrl}/salesperson/${data.salespersonId}\n`,
      }),
  );
}
