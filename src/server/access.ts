// Who may act on a salesperson, a dealership or an appointment: the one place that says so, as a SQL
// condition (for the WHERE of the statement that reads or changes the row, so ownership is never a check
// after fetching) and its TypeScript twin (for rows already in hand). Every service asks here.
//
// The policy, once:
// - a salesperson acts on their own profile, calendar and appointments;
// - a dealership's manager acts on the dealership and on every salesperson in it;
// - an administrator acts on every salesperson, dealership and appointment;
// - a customer acts on the appointments they booked;
// - a subscription belongs to its salesperson or to its dealership's manager (and administrators).
import type { SessionUser } from "../shared/schemas/auth";
import type { Queryable } from "./db/client";
import type { SalespersonFields } from "./db/rows";

export type Caller = Pick<SessionUser, "id" | "role" | "salespersonId" | "managedDealershipId">;

/** A row of `salespeople` as the rules need it. */
export type SalespersonRef = Pick<SalespersonFields, "id" | "dealershipId">;

export function isAdmin(caller: Caller | null): boolean {
  return caller?.role === "admin";
}

/** TypeScript twin of {@link staffSql}: the salesperson, their dealership's manager, or an admin. */
export function isStaffFor(caller: Caller | null, person: SalespersonRef): boolean {
  if (!caller) return false;
  return (
    isAdmin(caller) ||
    caller.salespersonId === person.id ||
    (caller.managedDealershipId !== null && caller.managedDealershipId === person.dealershipId)
  );
}

/** TypeScript twin of {@link dealershipStaffSql}: the dealership's manager, or an admin. */
export function managesDealership(caller: Caller | null, dealershipId: number | null): boolean {
  if (!caller) return false;
  return isAdmin(caller) || (dealershipId !== null && caller.managedDealershipId === dealershipId);
}

export type AppointmentSide = "customer" | "salesperson";

/**
 * Which side of an appointment the caller acts on: the customer who booked it, or the salesperson's side
 * (the salesperson, their manager, an admin). Null when it is not theirs.
 */
export function appointmentSide(
  caller: Caller | null,
  row: { customerId: string | null; salesperson: SalespersonRef },
): AppointmentSide | null {
  if (!caller) return null;
  if (row.customerId !== null && row.customerId === caller.id) return "customer";
  return isStaffFor(caller, row.salesperson) ? "salesperson" : null;
}

/**
 * SQL condition on a `salespeople` row (columns `<alias>.id`, `<alias>.dealership_id`): true exactly when
 * {@link isStaffFor} is.
 */
export function staffSql(sql: Queryable, caller: Caller | null, alias: string) {
  if (!caller) return sql`false`;
  if (isAdmin(caller)) return sql`true`;
  const id = sql(`${alias}.id`);
  const dealership = sql(`${alias}.dealership_id`);
  return sql`(${id} = ${caller.salespersonId} or ${dealership} = ${caller.managedDealershipId})`;
}

/** SQL condition on a `dealership_id` column: true exactly when {@link managesDealership} is. */
export function dealershipStaffSql(sql: Queryable, caller: Caller | null, column: string) {
  if (!caller) return sql`false`;
  if (isAdmin(caller)) return sql`true`;
  return sql`${sql(column)} = ${caller.managedDealershipId}`;
}

/**
 * SQL condition on an `appointments` row (`<alias>.customer_id`, `<alias>.salesperson_id`): the caller
 * booked it or is staff for its salesperson.
 */
export function appointmentSql(sql: Queryable, caller: Caller | null, alias: string) {
  if (!caller) return sql`false`;
  if (isAdmin(caller)) return sql`true`;
  return sql`(${sql(`${alias}.customer_id`)} = ${caller.id}
              or ${sql(`${alias}.salesperson_id`)} = ${caller.salespersonId}
              or ${sql(`${alias}.salesperson_id`)} in
                 (select id from salespeople where dealership_id = ${caller.managedDealershipId}))`;
}

/**
 * SQL condition on a `subscriptions` row (`<alias>.salesperson_id`, `<alias>.dealership_id`): a salesperson's
 * own plan, the plan of the dealership the caller manages, or any plan for an administrator. A manager does not
 * see what a salesperson of the team pays for themselves.
 */
export function subscriptionSql(sql: Queryable, caller: Caller | null, alias: string) {
  if (!caller) return sql`false`;
  if (isAdmin(caller)) return sql`true`;
  return sql`(${sql(`${alias}.salesperson_id`)} = ${caller.salespersonId}
              or ${sql(`${alias}.dealership_id`)} = ${caller.managedDealershipId})`;
}
