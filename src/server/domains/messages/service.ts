// Customer-salesperson conversations: the spec's contact call opens or continues a thread; both sides read
// and reply in the app; the other side gets an in-app notification and an e-mail.
import type { z } from "zod";
import { links } from "../../../shared/links";
import type { contactSalespersonInput } from "../../../shared/schemas/messages";
import { appError } from "../../appError";
import { refuseAsMissing } from "../../credentials/securityEvents";
import type { Queryable, Sql } from "../../db/client";
import type { ConversationFields, ConversationRow, MessageFields, MessageRow, UserRow } from "../../db/rows";
import { QUEUES } from "../../jobs/queue";
import type { Mailer } from "../../mail/mailer";
import type { Authed, Context } from "../../serviceContext";
import { emitCrmEvent } from "../crm/delivery";
import { notify } from "../notifications/notify";
import { queueTextReply } from "../texting/replies";

type Side = MessageRow["sender_role"];
type ConversationRef = Pick<ConversationRow, "id" | "customer_id" | "salesperson_id">;

async function notifyOtherSide(
  ctx: Pick<Context, "jobs">,
  tx: Queryable,
  conversation: ConversationRef,
  from: Side,
  body: string,
) {
  const toSalesperson = from === "customer";
  const where = { tab: "messages", conversation: conversation.id } as const;
  await notify(tx, {
    to: toSalesperson ? { salespersonId: conversation.salesperson_id } : { userId: conversation.customer_id },
    type: "new_message",
    title: toSalesperson ? "New message from a buyer" : "New message from your salesperson",
    body: body.slice(0, 200),
    link: toSalesperson ? links.salespersonDashboard(where) : links.customerDashboard(where),
  });
  await ctx.jobs.send(
    QUEUES.messageNotice,
    { conversationId: conversation.id, to: toSalesperson ? "salesperson" : "customer" },
    { within: tx },
  );
}

export async function contactSalesperson(ctx: Authed, input: z.output<typeof contactSalespersonInput>) {
  if (ctx.user.role !== "customer")
    throw appError("FORBIDDEN", "Please log in to contact salespeople", "CUSTOMERS_ONLY");
  return ctx.sql.begin(async (tx) => {
    const [exists] = await tx`select 1 from salespeople where id = ${input.salespersonId}`;
    if (!exists) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
    const [conversation] = await tx<ConversationRef[]>`
      insert into conversations (customer_id, salesperson_id, contact_method)
      values (${ctx.user.id}, ${input.salespersonId}, ${input.contactMethod})
      on conflict (customer_id, salesperson_id)
        do update set contact_method = excluded.contact_method, last_message_at = now()
      returning id, customer_id, salesperson_id`;
    const [message] = await tx<Pick<MessageRow, "id" | "created_at">[]>`
      insert into messages (conversation_id, sender_role, sender_user_id, body)
      values (${conversation!.id}, 'customer', ${ctx.user.id}, ${input.message}) returning id, created_at`;
    await notifyOtherSide(ctx, tx, conversation!, "customer", input.message);
    await emitCrmEvent(ctx, tx, {
      salespersonId: input.salespersonId,
      type: "lead.created",
      entityType: "message",
      entityId: message!.id,
      data: async () => ({
        conversationId: conversation!.id,
        messageId: message!.id,
        salespersonId: input.salespersonId,
        customerName: [ctx.user.firstName, ctx.user.lastName].filter(Boolean).join(" ") || null,
        customerEmail: ctx.user.email,
        contactMethod: input.contactMethod,
        message: input.message,
        sentAt: message!.created_at,
      }),
    });
    return { conversationId: conversation!.id, messageId: message!.id, message: "Your message was sent." };
  });
}

/**
 * A buyer's text, from their confirmed number, as their message in the conversation with a salesperson
 * (domains/texting/inbound.ts): the salesperson is told in the app and by e-mail like for any message.
 */
export async function receiveTextedMessage(
  ctx: Pick<Context, "jobs">,
  tx: Queryable,
  input: { customerId: string; salespersonId: number; body: string },
): Promise<{ conversationId: number; messageId: number }> {
  const [conversation] = await tx<ConversationRef[]>`
    insert into conversations (customer_id, salesperson_id, contact_method)
    values (${input.customerId}, ${input.salespersonId}, 'text')
    on conflict (customer_id, salesperson_id) do update set last_message_at = now()
    returning id, customer_id, salesperson_id`;
  const [message] = await tx<Pick<MessageRow, "id">[]>`
    insert into messages (conversation_id, sender_role, sender_user_id, body)
    values (${conversation!.id}, 'customer', ${input.customerId}, ${input.body}) returning id`;
  await notifyOtherSide(ctx, tx, conversation!, "customer", input.body);
  return { conversationId: conversation!.id, messageId: message!.id };
}

/**
 * The caller's side of a conversation, decided in SQL: their own customer id or their own salesperson id.
 * Someone else's conversation answers as a missing one does.
 */
async function ownConversation(ctx: Authed, tx: Queryable, conversationId: number) {
  const [row] = await tx<(ConversationRef & { side: Side })[]>`
    select id, customer_id, salesperson_id,
           case when customer_id = ${ctx.user.id} then 'customer' else 'salesperson' end as side
      from conversations
     where id = ${conversationId} and (customer_id = ${ctx.user.id} or salesperson_id = ${ctx.user.salespersonId})`;
  if (!row) {
    throw await refuseAsMissing(
      ctx,
      { db: tx, table: "conversations", id: conversationId },
      appError("NOT_FOUND", "Conversation not found", "CONVERSATION_NOT_FOUND"),
      `conversation ${conversationId}`,
    );
  }
  return row;
}

export async function replyInConversation(
  ctx: Authed,
  { conversationId, body }: { conversationId: number; body: string },
) {
  return ctx.sql.begin(async (tx) => {
    const conversation = await ownConversation(ctx, tx, conversationId);
    const [message] = await tx<Pick<MessageRow, "id" | "created_at">[]>`
      insert into messages (conversation_id, sender_role, sender_user_id, body)
      values (${conversationId}, ${conversation.side}, ${ctx.user.id}, ${body}) returning id, created_at`;
    await tx`update conversations set last_message_at = now() where id = ${conversationId}`;
    await notifyOtherSide(ctx, tx, conversation, conversation.side, body);
    // The salesperson's answer also goes by text to a buyer who confirmed a number (domains/texting/replies.ts).
    if (conversation.side === "salesperson")
      await queueTextReply(ctx, tx, { messageId: message!.id, customerId: conversation.customer_id });
    return {
      id: message!.id,
      conversationId,
      senderRole: conversation.side,
      body,
      createdAt: message!.created_at,
    };
  });
}

export async function readConversation(ctx: Authed, { conversationId }: { conversationId: number }) {
  const conversation = await ownConversation(ctx, ctx.sql, conversationId);
  const other: Side = conversation.side === "customer" ? "salesperson" : "customer";
  await ctx.sql`update messages set read_at = now()
                 where conversation_id = ${conversationId} and sender_role = ${other} and read_at is null`;
  const [header] = await ctx.sql<
    (Pick<ConversationRow, "contact_method"> & {
      customer_name: string;
      salesperson_name: string;
      customer_email: UserRow["email"];
      customer_phone: UserRow["phone"];
    })[]
  >`
    select coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as customer_name,
           u.email as customer_email, u.phone as customer_phone,
           s.name as salesperson_name, c.contact_method
      from conversations c join users u on u.id = c.customer_id join salespeople s on s.id = c.salesperson_id
     where c.id = ${conversationId}`;
  const items = await ctx.sql<Pick<MessageFields, "id" | "senderRole" | "body" | "createdAt" | "readAt">[]>`
    select id, sender_role as "senderRole", body, created_at as "createdAt", read_at as "readAt"
      from messages where conversation_id = ${conversationId} order by created_at, id`;
  return {
    id: conversationId,
    side: conversation.side,
    salespersonId: conversation.salesperson_id,
    customerName: header!.customer_name,
    salespersonName: header!.salesperson_name,
    contactMethod: header!.contact_method,
    /** How to reach the buyer by the method they chose: only the salesperson's side sees it. */
    customerContact:
      conversation.side === "salesperson"
        ? { email: header!.customer_email, phone: header!.customer_phone }
        : null,
    messages: [...items],
  };
}

/** The caller's conversations with the last message and how many are unread. */
export async function listConversations(ctx: Authed) {
  return ctx.sql<
    (Pick<ConversationFields, "id" | "salespersonId" | "lastMessageAt"> & {
      side: Side;
      otherName: string;
      lastMessage: string;
      unread: number;
    })[]
  >`
    select c.id,
           case when c.customer_id = ${ctx.user.id} then 'customer' else 'salesperson' end as side,
           c.salesperson_id as "salespersonId",
           case when c.customer_id = ${ctx.user.id} then s.name
                else coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) end as "otherName",
           (select body from messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) as "lastMessage",
           c.last_message_at as "lastMessageAt",
           (select count(*)::int from messages m where m.conversation_id = c.id and m.read_at is null
               and m.sender_role <> case when c.customer_id = ${ctx.user.id} then 'customer' else 'salesperson' end) as unread
      from conversations c join salespeople s on s.id = c.salesperson_id join users u on u.id = c.customer_id
     where c.customer_id = ${ctx.user.id} or c.salesperson_id = ${ctx.user.salespersonId}
     order by c.last_message_at desc limit 100`;
}

export async function sendMessageNotice(
  deps: { sql: Sql; mailer: Mailer; appUrl: string },
  data: { conversationId: number; to: "customer" | "salesperson" },
) {
  const [row] = await deps.sql<
    (Pick<MessageRow, "body"> & {
      customer_email: string;
      salesperson_email: string;
      salesperson_name: string;
    })[]
  >`
    select u.email as customer_email, s.email as salesperson_email, s.name as salesperson_name,
           (select body from messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) as body
      from conversations c join users u on u.id = c.customer_id join salespeople s on s.id = c.salesperson_id
     where c.id = ${data.conversationId}`;
  if (!row) return;
  const toSalesperson = data.to === "salesperson";
  await deps.mailer.send({
    kind: "messages",
    to: toSalesperson ? row.salesperson_email : row.customer_email,
    subject: toSalesperson
      ? "A buyer sent you a message on KnowBefore"
      : `${row.salesperson_name} replied on KnowBefore`,
    text: `${row.body}\n\nReply in the app: ${deps.appUrl}${toSalesperson ? "/salesperson-dashboard?tab=messages" : "/?tab=messages"}\n`,
  });
}
