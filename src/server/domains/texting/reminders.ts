// Visit reminders by text, the day before and two hours before, to buyers whose number is confirmed and not
// stopped (which sendText checks as it claims the send, so a STOP that came after this read still counts). A scheduled job (every five minutes) sends each one that is due; quiet hours in the buyer's zone
// (theirs, else the visit's) move a reminder to their end, or drop it (shared/texting.ts, textReminderDue). The
// reminder's row in text_messages is its claim: two instances and retries send it once.
import { formatSlot12h } from "../../../shared/slots";
import { TEXT_REMINDERS, type TextReminderKind, textReminderDue } from "../../../shared/texting";
import { toOffsetIso } from "../../../shared/time";
import { sendText, type TextingDeps } from "./send";

type DueVisit = {
  id: number;
  customer_id: string;
  starts_at: Date;
  created_at: Date;
  appointment_type: string;
  salesperson_name: string;
  visit_zone: string;
  buyer_zone: string | null;
  place: string;
};

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

function reminderText(kind: TextReminderKind, visit: DueVisit): string {
  const local = toOffsetIso(visit.starts_at, visit.visit_zone);
  const day = dayFormat.format(new Date(`${local.slice(0, 10)}T12:00:00Z`));
  const when = `${kind === "reminder_day_before" ? `${day} at ` : "today at "}${formatSlot12h(local.slice(11, 16))}`;
  return `KnowBefore reminder: your ${visit.appointment_type} with ${visit.salesperson_name} is ${when} (${visit.visit_zone.replace(/_/g, " ")} time), ${visit.place}. Reply to message ${visit.salesperson_name}. STOP to opt out.`;
}

/** Sends the text reminders due at `at`; answers how many went out. */
export async function sendDueTextReminders(deps: TextingDeps, at: Date): Promise<number> {
  if (!deps.texting) return 0;
  const horizonHours = Math.max(...Object.values(TEXT_REMINDERS).map((r) => r.leadHours));
  const visits = await deps.sql<DueVisit[]>`
    select a.id, a.customer_id, a.starts_at, a.created_at, a.appointment_type, s.name as salesperson_name,
           s.time_zone as visit_zone, c.time_zone as buyer_zone,
           concat_ws(', ', d.name, d.address, s.city || ', ' || s.state) as place
      from appointments a
      join text_consents c on c.user_id = a.customer_id and c.confirmed_at is not null
      join salespeople s on s.id = a.salesperson_id
      left join dealerships d on d.id = s.dealership_id
     where a.status = 'scheduled' and a.starts_at > ${at}
       and a.starts_at <= ${at}::timestamptz + make_interval(hours => ${horizonHours})
       and not exists (select from text_messages t where t.appointment_id = a.id and t.purpose = 'reminder_two_hours')`;
  let sent = 0;
  for (const visit of visits) {
    const zone = visit.buyer_zone ?? visit.visit_zone;
    // The later reminder first: once it is due, the earlier one is not sent any more.
    for (const kind of ["reminder_two_hours", "reminder_day_before"] as const) {
      const due = textReminderDue(kind, visit.starts_at, zone);
      // Not yet due, dropped by quiet hours, or due before the visit was booked (a late booking gets only what
      // is still ahead of it).
      if (!due || due > at || due < visit.created_at) continue;
      const outcome = await sendText(deps, {
        userId: visit.customer_id,
        purpose: kind,
        appointmentId: visit.id,
        body: reminderText(kind, visit),
      });
      if (outcome.sent) sent++;
      break;
    }
  }
  return sent;
}
