import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { appointments } from "./appointments";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { messages } from "./reviews";
import { users } from "./users";

/**
 * A buyer's mobile number and its consent to texts (docs/product/texting.md): the hashed code while one is
 * pending, when the number was confirmed and when it texted STOP. One confirmed number belongs to one account.
 */
export const textConsents = pgTable(
  "text_consents",
  {
    userId: belongsTo(uuid("user_id"), () => users.id).primaryKey(),
    /** E.164, e.g. +15555550123. */
    phone: text("phone").notNull(),
    /** The buyer's own IANA time zone (their browser's at opt-in); the visit's zone when null. */
    timeZone: text("time_zone"),
    codeHash: text("code_hash"),
    codeExpiresAt: instant("code_expires_at"),
    codeAttempts: integer("code_attempts").notNull().default(0),
    confirmedAt: instant("confirmed_at"),
    stoppedAt: instant("stopped_at"),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    check("text_consents_phone_check", sql`${t.phone} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check("text_consents_attempts_check", sql`${t.codeAttempts} >= 0`),
    uniqueIndex("text_consents_confirmed_phone_idx").on(t.phone).where(sql`${t.confirmedAt} is not null`),
    index("text_consents_phone_idx").on(t.phone),
  ],
);

/** Every change of a buyer's consent to texts, when, and how it came (the website, or a text's keyword). */
export const textConsentEvents = pgTable(
  "text_consent_events",
  {
    id: identityId(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    phone: text("phone").notNull(),
    event: text("event", {
      enum: ["requested", "confirmed", "stopped", "started", "help", "withdrawn"],
    }).notNull(),
    source: text("source", { enum: ["web", "text"] }).notNull(),
    keyword: text("keyword"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check(
      "text_consent_events_event_check",
      sql`${t.event} in ('requested', 'confirmed', 'stopped', 'started', 'help', 'withdrawn')`,
    ),
    check("text_consent_events_source_check", sql`${t.source} in ('web', 'text')`),
    index("text_consent_events_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Every text sent to or received from a buyer, with its delivery status. A reminder's row is its claim (one per
 * visit and reminder), an answer's row likewise (one per conversation message), so each goes out once.
 */
export const textMessages = pgTable(
  "text_messages",
  {
    id: identityId(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    direction: text("direction", { enum: ["outbound", "inbound"] }).notNull(),
    purpose: text("purpose", {
      enum: ["code", "reminder_day_before", "reminder_two_hours", "review_request", "reply", "inbound"],
    }).notNull(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    messageId: integer("message_id").references(() => messages.id, { onDelete: "set null" }),
    /** Twilio's message SID, once Twilio took the message. */
    providerSid: text("provider_sid"),
    /** claimed, queued, sent, delivered, undelivered, failed (Twilio's words), skipped, or received. */
    status: text("status").notNull(),
    errorCode: text("error_code"),
    createdAt: stampedNow("created_at"),
    statusAt: stampedNow("status_at"),
  },
  (t) => [
    check("text_messages_direction_check", sql`${t.direction} in ('outbound', 'inbound')`),
    check(
      "text_messages_purpose_check",
      sql`${t.purpose} in ('code', 'reminder_day_before', 'reminder_two_hours', 'review_request', 'reply', 'inbound')`,
    ),
    unique("text_messages_provider_sid_unique").on(t.providerSid),
    uniqueIndex("text_messages_reminder_claim_idx")
      .on(t.appointmentId, t.purpose)
      .where(sql`${t.purpose} in ('reminder_day_before', 'reminder_two_hours', 'review_request')`),
    uniqueIndex("text_messages_reply_claim_idx").on(t.messageId).where(sql`${t.purpose} = 'reply'`),
    index("text_messages_user_idx").on(t.userId, t.createdAt),
  ],
);
