// Who speaks for a dealership when something about it needs a person: the one place that says so, for in-app
// notices (notify.ts), alerts and scheduled reports. Today a dealership has at most one manager
// (dealerships.manager_id); every reader goes through here, so a change of who leads a dealership is made once.
import type { Fragment, Queryable } from "../../db/client";

/**
 * A statement yielding one row per account that leads the dealership `dealershipId` (`user_id`, with its
 * `dealership_id`), active accounts only. `dealershipId` is a fragment, so it can be a column of an outer query.
 */
export function dealershipLeadsSql(sql: Queryable, dealershipId: Fragment) {
  return sql`select d.manager_id as user_id, d.id as dealership_id
               from dealerships d join users u on u.id = d.manager_id
              where d.id = ${dealershipId} and u.disabled_at is null`;
}
