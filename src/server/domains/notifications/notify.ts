// The one way a notice reaches someone's bell: who receives it, its kind and text, and where it leads (a link
// made by src/shared/links.ts, so the stored link always names a real page). It is a statement on the caller's
// transaction, awaited alone or embedded in a larger statement (a CTE) that must write everything or nothing.
import type { AppLink } from "../../../shared/links";
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
  type: string;
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
  return sql`
    insert into notifications (user_id, salesperson_id, type, title, body, link)
    select r.user_id, r.salesperson_id, ${type}, ${title}, ${body}, ${link}::text
      from (${recipient} ${notice.onlyIf ? sql`and ${notice.onlyIf}` : sql``}) r`;
}
