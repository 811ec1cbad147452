// Erasure (GDPR article 17). Only rows tied to the subject change: rows keyed to their account or their own
// salesperson profile, rows holding exactly their own e-mail address, and copies of their bookings and
// messages reached by id (the salesperson's notifications, CRM sync logs, queued and finished jobs). No text
// is ever searched for across the platform: another person who shares a name, a word or part of an address
// with the subject is not touched. The account keeps its id (their ratings stay, as anonymous reviews, and
// bookings keep their history) but loses every identifying field. The answer counts every row changed, per
// table, and the erasure is written to erasure_journal so a restore from an older backup erases them again.
//
// The payment customer lives at Stripe: `settleErasurePayments` (erasurePayments.ts) cancels the live
// subscriptions and deletes the customer before the database transaction (never inside it), and `eraseUser`
// then records that. What happens to each table is stated in erasureRules.ts and done by erasureSteps.ts.
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { LIVE_SUBSCRIPTION, NOTHING_TO_SETTLE, type PaymentsSettled } from "./erasurePayments";
import {
  type ErasureSubject,
  eraseAccount,
  eraseAuditDetails,
  eraseBookings,
  eraseKeyedRows,
  eraseNotifications,
  redactCrmCopies,
} from "./erasureSteps";
import { personalDataMap } from "./personalData";

type Identity = { email: string; role: string };

/** The account to erase, refused when it is gone or is an administrator's (outside a replay). */
export async function erasable(
  sql: Queryable,
  userId: string,
  options: { lock?: boolean; replay?: boolean } = {},
): Promise<Identity> {
  const [user] = await sql<Identity[]>`
    select email::text as email, role from users where id = ${userId}
    ${options.lock ? sql`for update` : sql``}`;
  if (!user) throw appError("NOT_FOUND", "That account no longer exists", "USER_NOT_FOUND");
  if (isAdmin(user) && !options.replay) {
    throw appError(
      "CONFLICT",
      "An administrator's account is erased by removing its administrator role first.",
      "ADMIN_ERASURE",
    );
  }
  return user;
}

export type EraseOptions = {
  /** What settleErasurePayments did (required when the subject has a payment customer or live plan). */
  payments?: PaymentsSettled;
  /**
   * Re-applying a journalled erasure after a restore: the payment side was settled when it first ran, and
   * a role the account had in the older backup does not stop it.
   */
  replay?: boolean;
};

/**
 * Anonymises one account in `tx` and answers the rows changed per table. Call settleErasurePayments first,
 * outside the transaction, and pass its answer.
 */
export async function eraseUser(
  tx: Queryable,
  userId: string,
  options: EraseOptions = {},
): Promise<Record<string, number>> {
  const user = await erasable(tx, userId, { lock: true, replay: options.replay });
  const settled = options.payments ?? NOTHING_TO_SETTLE;
  if (!options.replay) {
    const unsettled = await tx<{ id: string }[]>`
      select id::text from subscriptions
       where user_id = ${userId} and stripe_subscription_id is not null and status in ${tx(LIVE_SUBSCRIPTION)}
         and not (id = any(${tx.array(settled.cancelledSubscriptions)}::uuid[]))
      union all
      select user_id::text from stripe_customers
       where user_id = ${userId} and stripe_customer_id is distinct from ${settled.deletedCustomer}`;
    if (unsettled.length > 0) {
      throw appError(
        "CONFLICT",
        "This account's subscriptions or payment customer changed while the erasure ran. Nothing was erased; complete it again.",
        "ERASURE_PAYMENTS_CHANGED",
      );
    }
  }

  const email = user.email;
  const profiles = (
    await tx<{ id: number }[]>`
      select id from salespeople where user_id = ${userId} or email = ${email}::citext for update`
  ).map((p) => p.id);
  const bookings = (
    await tx<{ id: number }[]>`
      select id from appointments
       where customer_id = ${userId} or lower(customer_email) = lower(${email}) for update`
  ).map((a) => a.id);
  const conversations = (
    await tx<{ id: number }[]>`select id from conversations where customer_id = ${userId}`
  ).map((c) => c.id);
  const written = (await tx<{ id: number }[]>`select id from messages where sender_user_id = ${userId}`).map(
    (m) => m.id,
  );
  // The audit trail refuses updates except inside an erasure (drizzle/0017_compliance_security.sql).
  await tx`select set_config('knowbefore.erasure', 'on', true)`;
  const counts: Record<string, number> = {};
  const note = (name: string, rows: readonly unknown[]) => {
    if (rows.length > 0) counts[name] = (counts[name] ?? 0) + rows.length;
  };
  const subject: ErasureSubject = {
    tx,
    userId,
    email,
    erasedEmail: `erased-${userId}@erased.invalid`,
    profiles,
    bookings,
    conversations,
    written,
    settled,
    replay: options.replay === true,
    note,
  };
  await redactCrmCopies(subject);
  // Before the bookings lose the typed name that the salesperson's notices begin with.
  await eraseNotifications(subject);
  await eraseBookings(subject);
  await eraseAccount(subject);
  await eraseKeyedRows(subject);
  await eraseAuditDetails(subject);

  note(
    "erasure_journal",
    await tx`insert into erasure_journal (user_id) values (${userId}) on conflict do nothing returning 1`,
  );
  return counts;
}

/**
 * Erases again everyone in erasure_journal (after a restore from a backup older than their erasure).
 * Accounts the restored data does not hold are skipped. Answers how many were erased again.
 */
export async function replayErasureJournal(tx: Queryable): Promise<number> {
  const journal = await tx<{ userId: string }[]>`
    select j.user_id as "userId" from erasure_journal j join users u on u.id = j.user_id order by j.erased_at`;
  for (const { userId } of journal) await eraseUser(tx, userId, { replay: true });
  return journal.length;
}

/**
 * Where the data still holds the e-mail address `address` after its owner's erasure: each table (of those
 * personalDataMap links to people by address) with the rows whose address column holds it, as "table (rows)".
 * Empty when the erasure holds. The restore drill asks this of everyone erased after the backup it restored.
 */
export async function addressesLeft(sql: Queryable, address: string): Promise<string[]> {
  const left: string[] = [];
  for (const table of personalDataMap()) {
    if (table.emailColumns.length === 0) continue;
    const matches = table.emailColumns.map((column) => sql`lower(${sql(column)}::text) = lower(${address})`);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from ${sql(table.name)}
       where ${matches.reduce((all, match) => sql`${all} or ${match}`)}`;
    if (row && row.n > 0) left.push(`${table.name} (${row.n})`);
  }
  return left;
}
