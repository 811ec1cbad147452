// A salesperson's answer in a conversation, also sent by text to a buyer who confirmed a number and did not
// text STOP. Queued with the answer (its transaction), held until quiet hours end in the buyer's zone, and
// claimed by the message's id, so a retry or a second instance sends it once.
import type { Queryable } from "../../db/client";
import { type JobData, QUEUES } from "../../jobs/queue";
import type { Context } from "../../serviceContext";
import { sendText, startingAt, type TextingDeps, textableAt } from "./send";

/** The longest answer sent whole; a longer one is cut and points to the website. */
const MAX_TEXT_CHARS = 600;

export async function queueTextReply(
  ctx: Pick<Context, "jobs" | "texting">,
  tx: Queryable,
  reply: { messageId: number; customerId: string },
) {
  if (!ctx.texting) return;
  const at = await textableAt(tx, reply.customerId, {
    joins: tx`join messages m on m.id = ${reply.messageId}
              join conversations v on v.id = m.conversation_id
              join salespeople s on s.id = v.salesperson_id`,
    fallbackZone: tx`s.time_zone`,
  });
  if (!at) return;
  await ctx.jobs.send(
    QUEUES.textReply,
    { messageId: reply.messageId },
    { within: tx, singletonKey: `text-reply-${reply.messageId}`, ...startingAt(at) },
  );
}

export async function sendTextReply(deps: TextingDeps & { appUrl: string }, data: JobData["text-reply"]) {
  const [message] = await deps.sql<{ body: string; customer_id: string; salesperson_name: string }[]>`
    select m.body, v.customer_id, s.name as salesperson_name
      from messages m join conversations v on v.id = m.conversation_id join salespeople s on s.id = v.salesperson_id
     where m.id = ${data.messageId} and m.sender_role = 'salesperson'`;
  if (!message) return;
  const body =
    message.body.length > MAX_TEXT_CHARS
      ? `${message.body.slice(0, MAX_TEXT_CHARS - 1)}… (read it all at ${deps.appUrl}/dashboard)`
      : message.body;
  await sendText(deps, {
    userId: message.customer_id,
    purpose: "reply",
    messageId: data.messageId,
    body: `${message.salesperson_name} (KnowBefore): ${body}\nReply to answer. STOP to opt out.`,
  });
}
