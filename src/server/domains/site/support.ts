// The support inbox (docs/product/support.md): every contact message is a case, numbered by its id, with a
// status, an administrator who has it, and the replies sent. A reply is stored and audited with the case,
// then e-mailed to the sender once committed, with a link back to the contact form that names the case.
import type postgres from "postgres";
import type { z } from "zod";
import { links } from "../../../shared/links";
import type {
  SupportCase,
  SupportContact,
  supportReplyInput,
  updateSupportCaseInput,
} from "../../../shared/schemas/site";
import {
  OPEN_SUPPORT_STATUSES,
  prioritySupportPlans,
  SUPPORT_PHONE_HOURS,
  SUPPORT_REPLY_HOURS,
} from "../../../shared/support";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Env } from "../../env";
import { sendEssential } from "../../mail/mailer";
import type { Context } from "../../serviceContext";
import { ACCESS_STATUSES } from "../subscriptions/provider";

/** When a case is due: its arrival plus the reply time of its tier (src/shared/support.ts). */
export function caseDueSql(sql: Queryable) {
  return sql`(m.created_at + make_interval(hours => case when m.priority then ${SUPPORT_REPLY_HOURS.priority}::int
                                                          else ${SUPPORT_REPLY_HOURS.standard}::int end))`;
}

/** The case still waits for an answer (its clock runs). */
export function caseOpenSql(sql: Queryable) {
  return sql`(m.status in ${sql(OPEN_SUPPORT_STATUSES)})`;
}

/** The columns of a case row, from `contact_messages m` (the list and the case view share them). */
export function caseColumns(sql: Queryable) {
  return sql`
    m.id, m.name, m.email, m.company, m.role, m.subject, m.message, m.user_id as "userId",
    m.created_at as "createdAt", m.status, m.assignee_id as "assigneeId",
    (select a.email from users a where a.id = m.assignee_id) as "assigneeEmail",
    (select count(*) from contact_replies r where r.message_id = m.id)::int as replies,
    m.updated_at as "updatedAt", m.priority, ${caseDueSql(sql)} as "dueAt",
    floor(extract(epoch from now() - m.created_at) / 3600)::int as "ageHours",
    (${caseOpenSql(sql)} and now() > ${caseDueSql(sql)}) as overdue`;
}

/**
 * Whether a message from this account is answered with priority: the account is a salesperson on a paid
 * salesperson plan, or a salesperson or the manager of a dealership on a paid dealership plan. Which plans are
 * paid comes from the plan catalogue; whether one is in force, from the subscription's status.
 */
export async function prioritySender(sql: Queryable, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [row] = await sql<{ priority: boolean }[]>`
    select exists (
      select 1 from subscriptions s
       where s.status in ${sql(ACCESS_STATUSES)}
         and ((s.plan = any(${prioritySupportPlans("salesperson")}::text[])
               and s.salesperson_id in (select p.id from salespeople p where p.user_id = ${userId}))
           or (s.plan = any(${prioritySupportPlans("dealership")}::text[])
               and s.dealership_id in (select p.dealership_id from salespeople p where p.user_id = ${userId}
                                       union all
                                       select m.dealership_id from dealership_members m
                                        where m.user_id = ${userId})))
    ) as priority`;
  return row?.priority ?? false;
}

/** The phone line is offered only when the operator configured its number. */
export function supportContact(env: Pick<Env, "SUPPORT_PHONE">): SupportContact {
  return { phone: env.SUPPORT_PHONE ? { number: env.SUPPORT_PHONE, hours: SUPPORT_PHONE_HOURS } : null };
}

/** The text a follow-up from the contact form starts with: the case it answers. */
export function caseReference(caseNumber: number): string {
  return `Re: case #${caseNumber}`;
}

export async function supportCase(sql: Queryable, id: number): Promise<SupportCase> {
  const [row] = await sql<Omit<SupportCase, "thread">[]>`
    select ${caseColumns(sql)} from contact_messages m where m.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Support case not found", "CASE_NOT_FOUND");
  const thread = await sql<SupportCase["thread"]>`
    select r.id, r.body, r.author_id as "authorId", u.email as "authorEmail", r.created_at as "createdAt"
      from contact_replies r left join users u on u.id = r.author_id
     where r.message_id = ${id}
     order by r.created_at, r.id`;
  return { ...row, thread: [...thread] };
}

async function lockCase(tx: Queryable, id: number) {
  const [row] = await tx<{ status: string; assignee_id: string | null; email: string; name: string }[]>`
    select status, assignee_id, email, name from contact_messages where id = ${id} for update`;
  if (!row) throw appError("NOT_FOUND", "Support case not found", "CASE_NOT_FOUND");
  return row;
}

function replyMail(ctx: Context, to: { email: string; name: string }, id: number, body: string) {
  const followUp = `${ctx.env.APP_URL}${links.contact({ case: id })}`;
  return sendEssential(ctx.mailer, {
    kind: "replies_to_you",
    to: to.email,
    subject: `${caseReference(id)}: your message to KnowBefore`,
    text: `Hello ${to.name},\n\n${body}\n\nTo answer, please use the contact form (it names case #${id} for you):\n${followUp}\n\nKnowBefore support\n`,
  });
}

/**
 * Stores the reply and marks the case answered (taking it, if nobody had), then mails it. A mail that
 * fails leaves the reply stored and says so (`failed`), so the administrator can follow up another way.
 */
export async function replyToCase(ctx: Context, input: z.output<typeof supportReplyInput>) {
  const { reply, sender } = await ctx.sql.begin(async (tx: postgres.TransactionSql) => {
    const before = await lockCase(tx, input.id);
    const [row] = await tx<SupportCase["thread"]>`
      insert into contact_replies (message_id, author_id, body)
      values (${input.id}, ${ctx.user?.id ?? null}, ${input.body})
      returning id, body, author_id as "authorId", ${ctx.user?.email ?? null}::text as "authorEmail",
                created_at as "createdAt"`;
    await tx`
      update contact_messages
         set status = 'answered', assignee_id = coalesce(assignee_id, ${ctx.user?.id ?? null}), updated_at = now()
       where id = ${input.id}`;
    await recordAudit(ctx, tx, {
      action: "contact.reply",
      entityId: input.id,
      before: { status: before.status },
      after: { status: "answered", replyId: row!.id },
    });
    return { reply: row!, sender: { email: before.email, name: before.name } };
  });
  let deliveryStatus: "sent" | "logged" | "failed";
  try {
    deliveryStatus = await replyMail(ctx, sender, input.id, reply.body);
  } catch (error) {
    ctx.logger.warn(`support reply to case ${input.id} could not be mailed`, error);
    deliveryStatus = "failed";
  }
  return { reply, deliveryStatus };
}

/** Status and assignee; the assignee must be an active administrator. */
export async function updateSupportCase(ctx: Context, input: z.output<typeof updateSupportCaseInput>) {
  return ctx.sql.begin(async (tx: postgres.TransactionSql) => {
    const before = await lockCase(tx, input.id);
    if (input.assigneeId) {
      const [assignee] = await tx`
        select 1 from users where id = ${input.assigneeId} and role = 'admin' and disabled_at is null`;
      if (!assignee)
        throw appError("BAD_REQUEST", "Cases can be assigned to active administrators only", "NOT_AN_ADMIN");
    }
    const status = input.status ?? before.status;
    const assigneeId = input.assigneeId === undefined ? before.assignee_id : input.assigneeId;
    await tx`
      update contact_messages set status = ${status}, assignee_id = ${assigneeId}, updated_at = now()
       where id = ${input.id}`;
    await recordAudit(ctx, tx, {
      action: "contact.update",
      entityId: input.id,
      before: { status: before.status, assigneeId: before.assignee_id },
      after: { status, assigneeId },
    });
    return supportCase(tx, input.id);
  });
}
