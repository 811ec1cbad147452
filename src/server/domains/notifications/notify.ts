// The one way a notice reaches someone's bell: who receives it, its kind and text, and where it leads (a link
// made by src/shared/links.ts, so the stored link always names a real page). It is a statement on the caller's
// transaction, awaited alone or embedded in a larger statement (a CTE) that must write everything or nothing.
// The recipient's preference (notification_preferences) is read by that same statement: a kind they switched off
// in-app writes no row, whatever transaction the notice is part of.
import type { AppLink } from "../../../shared/links";
import { isEssential, NOTICE_KIND, type NoticeType } from "../../../shared/notificationKinds";
import type { Fragment, Queryable } from "../../db/client";
import { dealershipLeadsSql } from "./recipients";

export type Recipient =
  /** An account (customer, manager, administrator). */
  | { userId: string }
  /** A salesperson profile, whether or not an account is linked to it yet. */
  | { salespersonId: number }
  /** Those who lead a dealership (recipients.ts), but `except` (no notice when none is left). */
  | { managerOf: number; except?: string | null };

export type Notice = {
  to: Recipient;
  /** What happened: one of the notice types of src/shared/notificationKinds.ts, which names its kind. */
  type: NoticeType;
  title: string;
  body: string;
  link: AppLink | null;
  /** A condition the notice waits on, for a notice embedded in a statement that may write nothing. */
  onlyIf?: Fragment;
};

export function notify(sql: Queryable, notice: Notice) {
  const { to, type, title, body, link } = notice;
  const recipient =
    "userId" in to
      ? sql`select ${to.userId}::uuid as user_id, null::int as salesperson_id where true`
      : "salespersonId" in to
        ? sql`select null::uuid as user_id, ${to.salespersonId}::int as salesperson_id where true`
        : sql`select l.user_id, null::int as salesperson_id
                from (${dealershipLeadsSql(sql, sql`${to.managerOf}::int`)}) l
               where l.user_id is distinct from ${to.except ?? null}::uuid`;
  const kind = NOTICE_KIND[type];
  // A salesperson's notice counts their account's choice once the profile has one.
  const wanted = isEssential(kind)
    ? sql``
    : sql`where not exists (
              select from notification_preferences p
               where p.kind = ${kind} and not p.in_app_enabled
                 and p.user_id = coalesce(r.user_id, (select s.user_id from salespeople s where s.id = r.salesperson_id)))`;
  return sql`
    insert into notifications (user_id, salesperson_id, type, title, body, link)
    select r.user_id, r.salesperson_id, ${type}, ${title}, ${body}, ${link}::text
      from (${recipient} ${notice.onlyIf ? sql`and ${notice.onlyIf}` : sql``}) r
     ${wanted}`;
}
