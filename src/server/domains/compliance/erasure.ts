// Erasure (GDPR article 17): in one transaction the user is anonymised everywhere. Their account keeps its id
// (so their ratings stay, as anonymous reviews, and bookings keep their history) but loses every identifying
// field; sessions, sign-in links, second factor, favourites, waitlist places, notifications and the payment
// customer reference are deleted; photos are deleted; messages they wrote are replaced. Then every text and
// JSON column of every table is swept for the e-mail address, phone numbers and full names that remain.
import type { Queryable } from "../../db/client";
import { appError } from "../../errors";

export const ERASED_NAME = "Erased user";
export const ERASED_MESSAGE = "[Message removed at the sender's request]";
export const ERASED_TEXT = "[erased]";

type Identity = {
  email: string;
  role: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
};

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The strings that identify the person, longest first (so a full name goes before its parts). */
function identifiers(user: Identity, people: { name: string; email: string; phone: string | null }[]) {
  const values = new Set<string>();
  const add = (v: string | null | undefined, min: number) => {
    const t = v?.trim();
    if (t && t.length >= min) values.add(t);
  };
  add(user.email, 3);
  add(user.phone, 6);
  add([user.firstName, user.lastName].filter(Boolean).join(" "), 5);
  for (const p of people) {
    add(p.name, 5);
    add(p.email, 3);
    add(p.phone, 6);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** Every text-like column of every table of the app's schema. */
async function textColumns(tx: Queryable) {
  return tx<{ table: string; column: string; type: string }[]>`
    select c.table_name as table, c.column_name as column, c.data_type as type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and (c.data_type in ('text', 'character varying', 'jsonb') or c.udt_name = 'citext')
       and c.table_name <> '__drizzle_migrations'
     order by c.table_name, c.column_name`;
}

export async function eraseUser(tx: Queryable, userId: string): Promise<Record<string, number>> {
  const [user] = await tx<Identity[]>`
    select email::text as email, role, first_name as "firstName", last_name as "lastName", phone
      from users where id = ${userId} for update`;
  if (!user) throw appError("NOT_FOUND", "That account no longer exists", "USER_NOT_FOUND");
  if (user.role === "admin") {
    throw appError(
      "CONFLICT",
      "An administrator's account is erased by removing its administrator role first.",
      "ADMIN_ERASURE",
    );
  }
  const people = await tx<{ id: number; name: string; email: string; phone: string | null }[]>`
    select id, name, email::text as email, phone_number as phone from salespeople
     where user_id = ${userId} or email = ${user.email} for update`;
  const ids = people.map((p) => p.id);
  // The audit trail refuses updates except inside an erasure (drizzle/0017_compliance_security.sql).
  await tx`select set_config('knowbefore.erasure', 'on', true)`;
  const counts: Record<string, number> = {};
  const note = (name: string, rows: readonly unknown[]) => {
    if (rows.length > 0) counts[name] = (counts[name] ?? 0) + rows.length;
  };
  const erasedEmail = `erased-${userId}@erased.invalid`;

  note(
    "users",
    await tx`
      update users set email = ${erasedEmail}, first_name = null, last_name = null, phone = null, city = null,
             state = null, zip_code = null, profile_image_url = null, password_hash = null,
             disabled_at = coalesce(disabled_at, now()), updated_at = now()
       where id = ${userId} returning id`,
  );
  if (ids.length > 0) {
    note(
      "salespeople",
      await tx`
        update salespeople set name = ${ERASED_NAME}, email = 'erased-salesperson-' || id || '@erased.invalid',
               phone_number = null, profile_image_url = null, bio = null, status = 'offline', user_id = null
         where id in ${tx(ids)} returning id`,
    );
    note("images", await tx`delete from images where salesperson_id in ${tx(ids)} returning id`);
  }
  for (const [table, query] of [
    ["sessions", tx`delete from sessions where user_id = ${userId} returning 1`],
    ["login_tokens", tx`delete from login_tokens where email = ${user.email} returning 1`],
    ["user_mfa", tx`delete from user_mfa where user_id = ${userId} returning 1`],
    ["api_keys", tx`delete from api_keys where user_id = ${userId} returning 1`],
    ["mfa_backup_codes", tx`delete from mfa_backup_codes where user_id = ${userId} returning 1`],
    ["mfa_challenges", tx`delete from mfa_challenges where user_id = ${userId} returning 1`],
    ["favorites", tx`delete from favorites where user_id = ${userId} returning 1`],
    ["waitlist_entries", tx`delete from waitlist_entries where customer_id = ${userId} returning 1`],
    ["notifications", tx`delete from notifications where user_id = ${userId} returning 1`],
    ["stripe_customers", tx`delete from stripe_customers where user_id = ${userId} returning 1`],
    [
      "rate_limit_buckets",
      tx`delete from rate_limit_buckets where strpos(lower(key), lower(${user.email})) > 0 returning 1`,
    ],
    [
      "login_throttles",
      tx`delete from login_throttles where strpos(lower(key), lower(${user.email})) > 0 returning 1`,
    ],
    [
      "appointments",
      tx`update appointments set customer_name = ${ERASED_NAME}, customer_phone = ${ERASED_TEXT},
                customer_email = null, notes = null
          where customer_id = ${userId} or customer_email = ${user.email} returning 1`,
    ],
    [
      "messages",
      tx`update messages set body = ${ERASED_MESSAGE} where sender_user_id = ${userId} returning 1`,
    ],
    [
      "contact_messages",
      tx`update contact_messages set name = ${ERASED_TEXT}, email = ${erasedEmail}, message = ${ERASED_TEXT}
          where user_id = ${userId} or email = ${user.email} returning 1`,
    ],
    [
      "security_events",
      tx`update security_events set ip_address = null, details = null where user_id = ${userId} returning 1`,
    ],
    [
      "gdpr_requests",
      tx`update gdpr_requests set export_data = null, description = null where user_id = ${userId} returning 1`,
    ],
  ] as const) {
    note(table, await query);
  }

  // The sweep: whatever still names the person (an audit entry's before/after, a note, a review's text).
  const needles = identifiers(user, people);
  if (needles.length > 0) {
    const pattern = needles.map(escapeRegex).join("|");
    for (const { table, column, type } of await textColumns(tx)) {
      const col = tx(column);
      const tbl = tx(table);
      const rows =
        type === "jsonb"
          ? await tx`
              update ${tbl} set ${col} = regexp_replace(${col}::text, ${pattern}, ${ERASED_TEXT}, 'gi')::jsonb
               where ${col}::text ~* ${pattern} returning 1`
          : await tx`
              update ${tbl} set ${col} = regexp_replace(${col}::text, ${pattern}, ${ERASED_TEXT}, 'gi')
               where ${col}::text ~* ${pattern} returning 1`;
      note(`${table}.${column} (sweep)`, rows);
    }
  }
  return counts;
}
