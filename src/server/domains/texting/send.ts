// Sending one text: the row in text_messages is written first, as the send's claim, and only while the buyer's
// number may receive it (checked here, at send time, so a STOP that arrived a moment ago is honoured); then
// Twilio is called, outside any transaction, and the row keeps its answer. A claim that exists already (a
// reminder of the same visit, an answer to the same message) is never sent again.
import { afterQuietHours } from "../../../shared/texting";
import type { Fragment, Queryable, Sql } from "../../db/client";
import type { Logger } from "../../logger";
import { type Texting, TwilioProviderError } from "../../texting/twilio";

export type TextingDeps = { sql: Sql; logger: Logger; texting: Texting | null };

export type OutgoingText = {
  userId: string;
  purpose: "code" | "reminder_day_before" | "reminder_two_hours" | "review_request" | "reply";
  body: string;
  /** What the row keeps of the body when it differs (a code's text without its code). */
  storedBody?: string;
  appointmentId?: number | null;
  messageId?: number | null;
};

export type SendOutcome =
  | { sent: true; id: number; sid: string }
  | { sent: false; why: "off" | "not-allowed" | "claimed" }
  | { sent: false; why: "refused"; id: number; error: TwilioProviderError };

export async function sendText(deps: TextingDeps, text: OutgoingText): Promise<SendOutcome> {
  if (!deps.texting) return { sent: false, why: "off" };
  // A code goes to the number waiting for confirmation; anything else only to a confirmed one. Never to a
  // number that texted STOP.
  const allowed =
    text.purpose === "code" ? deps.sql`c.code_hash is not null` : deps.sql`c.confirmed_at is not null`;
  const [claim] = await deps.sql<{ id: number; phone: string }[]>`
    insert into text_messages (user_id, direction, purpose, phone, body, appointment_id, message_id, status)
    select c.user_id, 'outbound', ${text.purpose}, c.phone, ${text.storedBody ?? text.body},
           ${text.appointmentId ?? null}::int, ${text.messageId ?? null}::int, 'claimed'
      from text_consents c
     where c.user_id = ${text.userId} and c.stopped_at is null and ${allowed}
    on conflict do nothing
    returning id, phone`;
  if (!claim) {
    const [consent] = await deps.sql`
      select 1 from text_consents c where c.user_id = ${text.userId} and c.stopped_at is null and ${allowed}`;
    return { sent: false, why: consent ? "claimed" : "not-allowed" };
  }
  try {
    const answer = await deps.texting.send(claim.phone, text.body);
    await deps.sql`
      update text_messages set provider_sid = ${answer.sid}, status = ${answer.status}, status_at = now()
       where id = ${claim.id} and status = 'claimed'`;
    return { sent: true, id: claim.id, sid: answer.sid };
  } catch (error) {
    const refused =
      error instanceof TwilioProviderError ? error : new TwilioProviderError(String(error), null, null);
    deps.logger.warn(`text ${claim.id} (${text.purpose}) not sent: ${refused.message}`);
    await deps.sql`
      update text_messages set status = 'failed', error_code = ${refused.code}, status_at = now()
       where id = ${claim.id}`;
    return { sent: false, why: "refused", id: claim.id, error: refused };
  }
}

/**
 * When a text to the buyer `customerId` may go, in the caller's transaction: null when they have no confirmed
 * number or texted STOP, else now or, in their quiet hours, when those end. Their zone is the one they gave, else
 * `fallbackZone` (the salesperson's, an SQL expression over what `from` joins).
 */
export async function textableAt(
  tx: Queryable,
  customerId: string,
  from: { joins: Fragment; fallbackZone: Fragment },
): Promise<Date | null> {
  const [consent] = await tx<{ time_zone: string }[]>`
    select coalesce(c.time_zone, ${from.fallbackZone}) as time_zone
      from text_consents c ${from.joins}
     where c.user_id = ${customerId} and c.confirmed_at is not null and c.stopped_at is null`;
  return consent ? afterQuietHours(new Date(), consent.time_zone) : null;
}

/** A job's start for a text due at `at`: now, or later when quiet hours hold it. */
export const startingAt = (at: Date) => (at > new Date() ? { startAfter: at } : {});
