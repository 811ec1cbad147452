// Who speaks for a dealership when something about it needs a person: its owners and managers
// (dealership_members) and its dealer group's (dealer_group_members), the one place that says so for in-app notices (notify.ts), alerts, scheduled reports and
// the rules that ask whether a dealership has anyone else to decide (a dispute, a claim).
import { GROUP_LEAD_ROLES, LEAD_ROLES } from "../../../shared/constants";
import type { Fragment, Queryable } from "../../db/client";

/**
 * A statement yielding one row per account that leads the dealership `dealershipId` (`user_id`, with its
 * `dealership_id`): its own owners and managers and its dealer group's, active accounts only, each once.
 * `dealershipId` is a fragment, so it can be a column of an outer query. With `{ group: false }`, its own leads
 * only (what an administrator's handover replaces).
 */
export function dealershipLeadsSql(sql: Queryable, dealershipId: Fragment, { group = true } = {}) {
  const own = sql`select m.user_id, m.dealership_id
               from dealership_members m join users u on u.id = m.user_id
              where m.dealership_id = ${dealershipId} and m.role = any(${[...LEAD_ROLES]}::text[])
                and u.disabled_at is null`;
  if (!group) return own;
  return sql`${own}
             union
             select g.user_id, d.id
               from dealerships d
               join dealer_group_members g on g.group_id = d.group_id
               join users u on u.id = g.user_id
              where d.id = ${dealershipId} and g.role = any(${[...GROUP_LEAD_ROLES]}::text[])
                and u.disabled_at is null`;
}

/** The e-mail addresses of the dealership's leads (`dealershipId` a fragment, possibly null), as a text[] in order. */
export function leadEmailsSql(sql: Queryable, dealershipId: Fragment) {
  return sql`array(select u.email::text from (${dealershipLeadsSql(sql, dealershipId)}) l
                     join users u on u.id = l.user_id order by u.email)`;
}
