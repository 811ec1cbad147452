// The per-table steps of an erasure (erasure.ts runs them, in this order, inside its one transaction). Each
// step reaches rows only through the subject's ids and their own e-mail address, never by searching text;
// what each does to a table is stated in words in erasureRules.ts.
import { endSessions } from "../../credentials/session";
import type { Queryable } from "../../db/client";
import { eraseJobs } from "../../jobs/bossInternals";
import { bookingNoticeLink } from "../appointments/views";
import { LIVE_SUBSCRIPTION, type PaymentsSettled } from "./erasurePayments";

export const ERASED_NAME = "Erased user";
export const ERASED_MESSAGE = "[Message removed at the sender's request]";
export const ERASED_TEXT = "[erased]";

/** Notifications a salesperson receives about a booking (their link names it: bookingNoticeLink). */
const BOOKING_NOTIFICATIONS = ["appointment_requested", "appointment_cancelled", "appointment_rescheduled"];

/** Tables whose rows are only a salesperson profile's own: an erased account's profiles lose theirs, in this order. */
const PROFILE_OWN_TABLES = [
  "images",
  "availability_blocks",
  "calendar_feeds",
  "pending_registrations",
  "certifications",
] as const;

/** Sign-in rate-limit keys are `login:email:<purpose>:<address>` (domains/auth/signInLinks.ts). */
const LOGIN_PURPOSES = ["customer", "salesperson"] as const;
/** Password throttles are `<scope>:acct:<address>` and `<scope>:pair:<address>|<ip>` (credentials/throttle.ts). */
const THROTTLE_SCOPES = ["admin"] as const;

/** Who is erased, the ids that reach their rows, and where each step counts the rows it changed. */
export type ErasureSubject = {
  tx: Queryable;
  userId: string;
  email: string;
  /** The address their account and their own records get in place of the real one. */
  erasedEmail: string;
  /** Their own salesperson profiles, their bookings, their conversations and the messages they wrote. */
  profiles: number[];
  bookings: number[];
  conversations: number[];
  written: number[];
  settled: PaymentsSettled;
  replay: boolean;
  note: (table: string, rows: readonly unknown[]) => void;
};

/** The subject's ids as SQL arrays: integers for keys, text for ids named in JSON payloads and the audit log. */
function idArrays({ tx, profiles, bookings, conversations }: ErasureSubject) {
  return {
    profileIds: tx.array(profiles),
    bookingIds: tx.array(bookings),
    conversationIds: tx.array(conversations),
    entityIds: (ids: number[]) => tx.array(ids.map(String)),
  };
}

/** CRM payloads, logged and still queued, of the subject's bookings, messages and profile. */
export async function redactCrmCopies(s: ErasureSubject): Promise<void> {
  const { tx, note, bookings, written, profiles, conversations } = s;
  const { entityIds } = idArrays(s);
  // What a CRM received, and what a queued delivery would still send, of the subject's bookings and messages.
  const bookingData = tx.json({
    customerName: ERASED_NAME,
    customerEmail: null,
    customerPhone: ERASED_TEXT,
    notes: null,
    cancellationReason: null,
  });
  const messageData = tx.json({ customerName: ERASED_NAME, customerEmail: null, message: ERASED_MESSAGE });
  const profileData = tx.json({ salespersonName: ERASED_NAME, salespersonEmail: null });
  const redacted = (payload: ReturnType<typeof tx.unsafe>) => tx`
    case
      when ${payload}->>'entityType' = 'appointment' and ${payload}->>'entityId' = any(${entityIds(bookings)}::text[])
        then jsonb_set(${payload}, '{data}', coalesce(${payload}->'data', '{}') || ${bookingData}::jsonb)
      when ${payload}->>'entityType' = 'message' and ${payload}->>'entityId' = any(${entityIds(written)}::text[])
        then jsonb_set(${payload}, '{data}', coalesce(${payload}->'data', '{}') || ${messageData}::jsonb)
      else jsonb_set(${payload}, '{data}', coalesce(${payload}->'data', '{}') || ${profileData}::jsonb)
    end`;
  const tied = (payload: ReturnType<typeof tx.unsafe>) => tx`
    ((${payload}->>'entityType' = 'appointment' and ${payload}->>'entityId' = any(${entityIds(bookings)}::text[]))
     or (${payload}->>'entityType' = 'message' and ${payload}->>'entityId' = any(${entityIds(written)}::text[]))
     or (${payload}->'data'->>'salespersonId' = any(${entityIds(profiles)}::text[])))`;
  const payload = tx.unsafe("payload");
  note(
    "crm_sync_logs",
    await tx`
      update crm_sync_logs set payload = ${redacted(payload)}
       where ${tied(payload)} and payload is distinct from ${redacted(payload)} returning 1`,
  );

  const jobs = await eraseJobs(tx, {
    tied,
    redacted,
    bookingIds: entityIds(bookings),
    conversationIds: entityIds(conversations),
  });
  if (jobs) {
    note("pgboss.job", jobs.deleted);
    note("pgboss.job", jobs.redacted);
  }
}

/** Their own notifications, and a salesperson's notices of their bookings and conversations. */
export async function eraseNotifications(s: ErasureSubject): Promise<void> {
  const { tx, note, userId, bookings } = s;
  const { bookingIds, conversationIds, profileIds } = idArrays(s);
  // The salesperson's notices of the subject's bookings, found by the appointment their link names. Their text
  // begins with the name typed in the booking: that name becomes ERASED_NAME and the rest (what, when) stays;
  // a notice that does not begin with it loses its whole text.
  const bookingLinks = tx.array(bookings.map(bookingNoticeLink));
  const noticeBody = () => tx`
    case when length(a.customer_name) > 0 and left(n.body, length(a.customer_name)) = a.customer_name
         then ${ERASED_NAME} || substr(n.body, length(a.customer_name) + 1)
         else ${ERASED_TEXT} end`;
  note(
    "notifications",
    await tx`
      update notifications n set body = ${noticeBody()}
        from unnest(${bookingIds}::int[], ${bookingLinks}::text[]) as booking(id, link)
        join appointments a on a.id = booking.id
       where n.link = booking.link and n.salesperson_id = a.salesperson_id
         and n.type in ${tx(BOOKING_NOTIFICATIONS)} and n.body <> ${noticeBody()}
      returning 1`,
  );
  note(
    "notifications",
    await tx`
      update notifications set body = ${ERASED_MESSAGE}
       where salesperson_id is not null and body <> ${ERASED_MESSAGE}
         and link in (select '/salesperson-dashboard?tab=messages&conversation=' || c
                        from unnest(${conversationIds}::int[]) as c)
      returning 1`,
  );
  note(
    "notifications",
    await tx`
      delete from notifications where user_id = ${userId} or salesperson_id = any(${profileIds}::int[])
      returning 1`,
  );
}

/** What their bookings hold of them: the typed contact details and their own words. */
export async function eraseBookings(s: ErasureSubject): Promise<void> {
  const { tx, note } = s;
  const { bookingIds } = idArrays(s);
  note(
    "appointments",
    await tx`
      update appointments set customer_name = ${ERASED_NAME}, customer_phone = ${ERASED_TEXT},
             customer_email = null, notes = null,
             cancellation_reason = case when cancelled_by = 'customer' and cancellation_reason <> 'Rescheduled'
                                        then null else cancellation_reason end
       where id = any(${bookingIds}::int[]) returning 1`,
  );
  // What the buyer typed about their visits: a dispute's statement and their note asking KnowBefore to review
  // it, and their own words on the status trail (a cancellation's reason).
  note(
    "visit_disputes",
    await tx`
      update visit_disputes set statement = null, appeal_note = null
       where appointment_id = any(${bookingIds}::int[]) and (statement is not null or appeal_note is not null)
      returning 1`,
  );
  note(
    "appointment_events",
    await tx`
      update appointment_events set note = null
       where appointment_id = any(${bookingIds}::int[]) and actor_role = 'customer' and note is not null
      returning 1`,
  );
}

/** The account's identifying fields and their own salesperson profiles. */
export async function eraseAccount(s: ErasureSubject): Promise<void> {
  const { tx, note, userId, erasedEmail, profiles } = s;
  const { profileIds } = idArrays(s);

  note(
    "users",
    await tx`
      update users set email = ${erasedEmail}, first_name = null, last_name = null, phone = null, city = null,
             state = null, zip_code = null, profile_image_url = null, password_hash = null,
             suspension_reason = null, disabled_at = coalesce(disabled_at, now()), updated_at = now()
       where id = ${userId} returning 1`,
  );
  if (profiles.length > 0) {
    note(
      "salespeople",
      await tx`
        update salespeople set name = ${ERASED_NAME}, email = 'erased-salesperson-' || id || '@erased.invalid',
               phone_number = null, profile_image_url = null, bio = null, status = 'offline', user_id = null
         where id = any(${profileIds}::int[]) returning 1`,
    );
    for (const table of PROFILE_OWN_TABLES) {
      note(
        table,
        await tx`delete from ${tx(table)} where salesperson_id = any(${profileIds}::int[]) returning 1`,
      );
    }
    note(
      "transfer_requests",
      await tx`
        update transfer_requests set note = null
         where salesperson_id = any(${profileIds}::int[]) and note is not null returning 1`,
    );
  }
}

/** Every other table keyed to the account, their profiles or exactly their e-mail address. */
export async function eraseKeyedRows(s: ErasureSubject): Promise<void> {
  const { tx, note, userId, email, erasedEmail, settled, replay } = s;
  const { profileIds } = idArrays(s);
  const loginKeys = LOGIN_PURPOSES.map((p) => `login:email:${p}:${email}`.toLowerCase());
  const accountKeys = THROTTLE_SCOPES.map((s) => `${s}:acct:${email}`.toLowerCase());
  const pairPrefixes = THROTTLE_SCOPES.map((s) => `${s}:pair:${email}|`.toLowerCase());
  // A bare name is a table whose rows are the account's own, by user_id: they are deleted.
  for (const step of [
    ["sessions", endSessions(tx, { userId })],
    "live_events",
    ["login_tokens", tx`delete from login_tokens where email = ${email}::citext returning 1`],
    "user_mfa",
    "api_keys",
    "mfa_backup_codes",
    "mfa_challenges",
    "passkeys",
    "webauthn_challenges",
    "linked_identities",
    "favorites",
    "dealership_members",
    "dealer_group_members",
    "notification_preferences",
    "idempotency_claims",
    [
      "purchase_claims",
      tx`update purchase_claims set vehicle = null, updated_at = now()
          where customer_id = ${userId} and vehicle is not null returning 1`,
    ],
    ["waitlist_entries", tx`delete from waitlist_entries where customer_id = ${userId} returning 1`],
    "weekly_reports",
    "text_consents",
    "text_consent_events",
    "text_messages",
    [
      "invitations",
      tx`delete from invitations where email = ${email}::citext or salesperson_id = any(${profileIds}::int[])
         returning 1`,
    ],
    [
      "rate_limit_buckets",
      // Keys built from the address, or ending in the account's id (a uuid matches nothing else).
      tx`delete from rate_limit_buckets
          where lower(key) in ${tx(loginKeys)} or right(key, ${userId.length + 1}) = ${`:${userId}`}
         returning 1`,
    ],
    [
      "login_throttles",
      tx`delete from login_throttles
          where lower(key) in ${tx(accountKeys)}
             or exists (select 1 from unnest(${tx.array(pairPrefixes)}::text[]) p where starts_with(lower(key), p))
         returning 1`,
    ],
    [
      "subscriptions",
      tx`update subscriptions
            set status = case when id = any(${tx.array(settled.cancelledSubscriptions)}::uuid[])
                                or (${replay} and status in ${tx(LIVE_SUBSCRIPTION)})
                              then 'canceled' else status end,
                canceled_at = case when id = any(${tx.array(settled.cancelledSubscriptions)}::uuid[])
                                     or (${replay} and status in ${tx(LIVE_SUBSCRIPTION)})
                                   then coalesce(canceled_at, now()) else canceled_at end,
                user_id = null, updated_at = now()
          where user_id = ${userId} returning 1`,
    ],
    "stripe_customers",
    [
      // Before their messages lose their words: the texts that carried them to buyers lose them too.
      "text_messages",
      tx`update text_messages set body = ${ERASED_MESSAGE}
          where message_id in (select id from messages where sender_user_id = ${userId})
            and user_id <> ${userId} and body <> ${ERASED_MESSAGE} returning 1`,
    ],
    [
      "messages",
      tx`update messages set body = ${ERASED_MESSAGE}
          where sender_user_id = ${userId} and body <> ${ERASED_MESSAGE} returning 1`,
    ],
    [
      // Before the messages lose the e-mail that finds them.
      "contact_replies",
      tx`update contact_replies set body = ${ERASED_TEXT}
          where body <> ${ERASED_TEXT}
            and message_id in (select id from contact_messages where user_id = ${userId} or email = ${email}::citext)
         returning 1`,
    ],
    [
      "dealership_applications",
      tx`update dealership_applications
            set applicant_name = ${ERASED_TEXT}, applicant_email = ${erasedEmail}, phone_number = ${ERASED_TEXT}
          where applicant_email = ${email}::citext or salesperson_id = any(${profileIds}::int[]) returning 1`,
    ],
    [
      "contact_messages",
      tx`update contact_messages set name = ${ERASED_TEXT}, email = ${erasedEmail}, company = null,
                message = ${ERASED_TEXT}
          where user_id = ${userId} or email = ${email}::citext returning 1`,
    ],
    [
      "security_events",
      tx`update security_events set ip_address = null, details = null
          where user_id = ${userId} and (ip_address is not null or details is not null) returning 1`,
    ],
    [
      "gdpr_requests",
      tx`update gdpr_requests set export_data = null, description = null
          where user_id = ${userId} and (export_data is not null or description is not null) returning 1`,
    ],
    [
      "misconduct_reports",
      tx`update misconduct_reports set reporter_user_id = null where reporter_user_id = ${userId} returning 1`,
    ],
  ] as const) {
    const [table, query] =
      typeof step === "string"
        ? [step, tx`delete from ${tx(step)} where user_id = ${userId} returning 1`]
        : step;
    note(table, await query);
  }
}

/** Audit entries keep who did what to which id; the details of the subject's own records go. */
export async function eraseAuditDetails(s: ErasureSubject): Promise<void> {
  const { tx, note, userId, profiles, bookings, written } = s;
  const { entityIds } = idArrays(s);
  const about = tx`
    (entity_type = 'user' and entity_id = ${userId})
    or (entity_type = 'salesperson' and entity_id = any(${entityIds(profiles)}::text[]))
    or (entity_type = 'appointment' and entity_id = any(${entityIds(bookings)}::text[]))
    or (entity_type = 'message' and entity_id = any(${entityIds(written)}::text[]))`;
  const byThem = tx`actor_user_id = ${userId} and ip_address is not null`;
  note(
    "audit_log",
    await tx`
      update audit_log
         set before = case when ${about} then null else before end,
             after = case when ${about} then null else after end,
             ip_address = case when actor_user_id = ${userId} then null else ip_address end
       where ((${about}) and (before is not null or after is not null)) or (${byThem})
      returning 1`,
  );
}
