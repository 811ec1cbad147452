// Who speaks for a dealership when something about it needs a person: its owners and managers
// (dealership_members), the one place that says so for in-app notices (notify.ts), alerts, scheduled reports and
// the rules that ask whether a dealership has anyone else to decide (a dispute, a claim).
import type { Fragment, Queryable } from "../../db/client";

/** The roles of dealership_members that lead a dealership: what happens to it is theirs to hear of and decide. */
export const LEAD_ROLES = ["owner", "manager"] as const;

/**
 * A statement yielding one row per account that leads the dealership `dealershipId` (`user_id`, with its
 * `dealership_id`), active accounts only. `dealershipId` is a fragment, so it can be a column of an outer query.
 */
export function dealershipLeadsSql(sql: Queryable, dealershipId: Fragment) {
  return sql`select m.user_id, m.dealership_id
               from dealership_members m join users u on u.id = m.user_id
              where m.dealership_id = ${dealershipId} and m.role = any(${[...LEAD_ROLES]}::text[])
                and u.disabled_at is null`;
}
