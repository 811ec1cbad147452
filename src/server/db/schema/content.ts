// Site content: Markdown documents (legal pages, FAQs, about us) and messages sent through the contact form.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { SUPPORT_STATUSES } from "../../../shared/constants";
import { CONTACT_ROLE_VALUES, CONTACT_SUBJECT_VALUES } from "../../../shared/schemas/site";
import { belongsTo, stampedNow } from "./columns";
import { citext, inList } from "./types";
import { users } from "./users";

/** One row per public document; seeded from content/documents/*.md, then editable by administrators. */
export const documents = pgTable(
  "documents",
  {
    slug: text("slug").primaryKey(),
    title: text("title").notNull(),
    /** Markdown. Rendered without raw HTML on the client. */
    content: text("content").notNull(),
    updatedAt: stampedNow("updated_at"),
    /** The administrator who last edited it; null for the seeded text. */
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("documents_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("documents_content_length_check", sql`char_length(${t.content}) between 1 and 100000`),
  ],
);

/** Messages from the site contact form, for administrators to read and answer. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: citext("email").notNull(),
    company: text("company"),
    role: text("role", { enum: CONTACT_ROLE_VALUES }),
    subject: text("subject", { enum: CONTACT_SUBJECT_VALUES }).notNull(),
    message: text("message").notNull(),
    /** The signed-in sender, if any. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The support case's state; the case number is the id. */
    status: text("status", { enum: SUPPORT_STATUSES }).notNull().default("new"),
    /** The administrator working on it. */
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The sender was signed in with an account on a paid plan when it arrived: answered within the priority
     * reply time instead of the standard one (src/shared/support.ts). Fixed at receipt.
     */
    priority: boolean("priority").notNull().default(false),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    check(
      "contact_messages_role_check",
      sql`${t.role} is null or ${t.role} in (${inList(CONTACT_ROLE_VALUES)})`,
    ),
    check("contact_messages_subject_check", sql`${t.subject} in (${inList(CONTACT_SUBJECT_VALUES)})`),
    check("contact_messages_message_length_check", sql`char_length(${t.message}) between 1 and 5000`),
    check("contact_messages_status_check", sql`${t.status} in (${inList(SUPPORT_STATUSES)})`),
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    index("contact_messages_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

/** An administrator's answer to a contact message: e-mailed to the sender and kept with the case. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    messageId: belongsTo(integer("message_id"), () => contactMessages.id),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check("contact_replies_body_length_check", sql`char_length(${t.body}) between 1 and 5000`),
    index("contact_replies_message_idx").on(t.messageId, t.createdAt),
  ],
);
