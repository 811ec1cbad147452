// Who may act on a salesperson, a dealership or an appointment: the one place that says so, as a SQL
// condition (for the WHERE of the statement that reads or changes the row, so ownership is never a check
// after fetching) and its TypeScript twin (for rows already in hand). Every service asks here.
//
// The policy, once:
// - a salesperson acts on their own profile, calendar and appointments;
// - a dealership's leads (its owners and managers: `managedDealershipId`) act on the dealership and on every
//   salesperson in it; its staff handle the bookings of its salespeople ({@link handlesBookingsFor});
// - an administrator acts on every salesperson, dealership and appointment;
// - a customer acts on the appointments they booked;
// - a subscription belongs to its salesperson, to its dealership's owners or to its dealer group's owners (and
//   administrators): {@link billedDealershipId}, {@link billedGroupId};
// - a dealership's data as a whole (analytics, CRM, API keys, its plan) is its manager's, or any
//   dealership's (or the whole platform's) for an administrator: {@link dealershipScope}.
// - what buyers wrote about a team (feedback insights) is its manager's and administrators'; a salesperson
//   reads what was written about them: {@link feedbackScope}.
// - nobody decides about their own salesperson profile, whatever roles they hold: {@link refuseOwnDecision}.
import { salespersonProfileRefusal } from "../shared/schemas/accounts";
import type { SessionUser } from "../shared/schemas/auth";
import { appError } from "./appError";
import type { Queryable } from "./db/client";
import type { SalespersonFields } from "./db/rows";

export type Caller = Pick<
  SessionUser,
  | "id"
  | "role"
  | "salespersonId"
  | "managedDealershipId"
  | "dealershipId"
  | "dealershipRole"
  | "groupId"
  | "groupRole"
>;

/** A row of `salespeople` as the rules need it. */
export type SalespersonRef = Pick<SalespersonFields, "id" | "dealershipId">;

/** The one place the administrator role is named: a session's user or any account row with its role. */
export function isAdmin<T extends { role: string }>(
  account: T | null | undefined,
): account is T & { role: "admin" } {
  return account?.role === "admin";
}

/**
 * Nobody decides about themselves: a decision whose subject is a salesperson profile (a purchase claim, a
 * no-show dispute, a certification, ...) is not the decider's when their own account owns that profile,
 * whatever roles the account holds. `profile` is the subject's `salespeople` row (`id`, `user_id`).
 */
export function decidesOwnProfile(
  caller: Caller | null,
  profile: { id: number; userId: string | null },
): boolean {
  if (!caller) return false;
  return caller.salespersonId === profile.id || (profile.userId !== null && profile.userId === caller.id);
}

/** SQL twin of {@link decidesOwnProfile} on a `salespeople` row (`<alias>.user_id`). */
export function ownProfileSql(sql: Queryable, caller: Caller | null, alias: string) {
  if (!caller) return sql`false`;
  return sql`coalesce(${sql(`${alias}.user_id`)} = ${caller.id}, false)`;
}

export const OWN_DECISION_MESSAGE =
  "This is about your own salesperson profile: another manager or an administrator decides it, not you.";

/** Refuses (403 OWN_DECISION) a decision the caller would take about their own salesperson profile. */
export function refuseOwnDecision(caller: Caller | null, profile: { id: number; userId: string | null }) {
  if (decidesOwnProfile(caller, profile)) throw appError("FORBIDDEN", OWN_DECISION_MESSAGE, "OWN_DECISION");
}

/**
 * Refuses (409 HAS_SALESPERSON_PROFILE) to give `role` to an account that holds a salesperson profile: one
 * linked to it, or one at its address (which a portal sign-in would link). Role changes, promotions and
 * manager invitations all ask here.
 */
export async function refuseSalespersonProfile(
  sql: Queryable,
  account: { id: string; email: string },
  role: "customer" | "manager" | "admin",
) {
  const [profile] = await sql`
    select 1 as found from salespeople where user_id = ${account.id} or email = ${account.email} limit 1`;
  if (profile) throw appError("CONFLICT", salespersonProfileRefusal(role), "HAS_SALESPERSON_PROFILE");
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

/**
 * TypeScript twin of {@link bookingStaffSql}: who handles a salesperson's bookings (sees who booked, records an
 * outcome, shows the check-in code): {@link isStaffFor}, and whoever works for their dealership in any role.
 */
export function handlesBookingsFor(caller: Caller | null, person: SalespersonRef): boolean {
  if (!caller) return false;
  return (
    isStaffFor(caller, person) ||
    (caller.dealershipId !== null && caller.dealershipId === person.dealershipId)
  );
}

/** The dealership whose plan the caller buys and sees: their own, when they own it. */
export function billedDealershipId(caller: Caller | null): number | null {
  return caller?.dealershipRole === "owner" ? caller.dealershipId : null;
}

/** The dealer group whose one plan the caller buys and sees: their own group, when they are one of its owners. */
export function billedGroupId(caller: Caller | null): number | null {
  return caller?.groupRole === "group_owner" ? caller.groupId : null;
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
  return handlesBookingsFor(caller, row.salesperson) ? "salesperson" : null;
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

/** SQL twin of {@link handlesBookingsFor} on a `salespeople` row (`<alias>.id`, `<alias>.dealership_id`). */
export function bookingStaffSql(sql: Queryable, caller: Caller | null, alias: string) {
  if (!caller) return sql`false`;
  if (isAdmin(caller)) return sql`true`;
  return sql`(${sql(`${alias}.id`)} = ${caller.salespersonId} or ${sql(`${alias}.dealership_id`)} = ${caller.dealershipId})`;
}

/**
 * Whether a salesperson is shown to the public (browse, profile, booking): listed (salesperson_listed,
 * src/server/db/functions: an independent, or a profile its dealership's manager has confirmed, so nobody is
 * listed, booked or sent to a dealership's CRM on their own word) and not stopped ({@link stoppedProfilesSql}).
 * The rank indexes browse walks are partial on salesperson_listed, which a query states so the planner uses them.
 * `alias` is a `salespeople` row.
 */
export function publiclyListedSql(sql: Queryable, alias: string) {
  return sql`(salesperson_listed(${sql(`${alias}.dealership_id`)}, ${sql(`${alias}.verified_at`)})
              and ${sql(`${alias}.id`)} not in ${stoppedProfilesSql(sql)})`;
}

/**
 * The profiles of accounts an administrator has stopped (suspended, or erased), and self-registrations whose
 * e-mail address is not confirmed yet: never listed, shown or booked (docs/product/admin.md#suspension,
 * docs/product/onboarding.md#salespeople-joining-on-their-own). A handful of ids, which PostgreSQL reads once
 * per statement as a hashed set, so the browse walks keep their index-only plans (the id is in every browse
 * index and term).
 */
export function stoppedProfilesSql(sql: Queryable) {
  return sql`(select sp.id from salespeople sp join users u on u.id = sp.user_id where u.disabled_at is not null
              union all select pr.salesperson_id from pending_registrations pr)`;
}

/**
 * Who reads a profile through a public path: anyone sees a listed one; an unlisted one (a registration its
 * dealership has not confirmed) only the salesperson, that dealership's manager and administrators, and to
 * everyone else it does not exist (404).
 */
export type PublicViewer = { visibleTo: Caller | null };

export function visibleSql(sql: Queryable, alias: string, viewer: PublicViewer | undefined) {
  if (!viewer) return sql`true`;
  return sql`(${publiclyListedSql(sql, alias)} or ${staffSql(sql, viewer.visibleTo, alias)})`;
}

/** SQL condition on a `dealership_id` column: true exactly when {@link managesDealership} is. */
export function dealershipStaffSql(sql: Queryable, caller: Caller | null, column: string) {
  if (!caller) return sql`false`;
  if (isAdmin(caller)) return sql`true`;
  return sql`${sql(column)} = ${caller.managedDealershipId}`;
}

/**
 * SQL condition on an `appointments` row (`<alias>.customer_id`, `<alias>.salesperson_id`): the caller
 * booked it or handles its salesperson's bookings ({@link handlesBookingsFor}).
 *
 * A branch that cannot hold for this caller (no salesperson profile, no dealership) is left out of the text, not
 * given a null to compare with. Each kind of caller then has a statement of its own whose plan PostgreSQL keeps:
 * with the branches always there, a customer's null made a plan for its values cheaper than the kept one, so every
 * statement with this condition was planned again at every call (0.2-0.6 ms, as much as running it).
 */
export function appointmentSql(sql: Queryable, caller: Caller | null, alias: string) {
  if (!caller) return sql`false`;
  if (isAdmin(caller)) return sql`true`;
  const salesperson = sql(`${alias}.salesperson_id`);
  return sql`(${sql(`${alias}.customer_id`)} = ${caller.id}
              ${caller.salespersonId === null ? sql`` : sql`or ${salesperson} = ${caller.salespersonId}`}
              ${
                caller.dealershipId === null
                  ? sql``
                  : sql`or ${salesperson} in (select id from salespeople where dealership_id = ${caller.dealershipId})`
              })`;
}

/**
 * SQL condition on a `subscriptions` row (`<alias>.salesperson_id`, `<alias>.dealership_id`, `<alias>.group_id`):
 * a salesperson's own plan, the plan of the dealership the caller owns, the plan of the dealer group the caller
 * owns, or any plan for an administrator. A manager does not see what a salesperson of the team pays for
 * themselves, nor a group's managers and staff what the group pays.
 */
export function subscriptionSql(sql: Queryable, caller: Caller | null, alias: string) {
  if (!caller) return sql`false`;
  if (isAdmin(caller)) return sql`true`;
  return sql`(${sql(`${alias}.salesperson_id`)} = ${caller.salespersonId}
              or ${sql(`${alias}.dealership_id`)} = ${billedDealershipId(caller)}
              or ${sql(`${alias}.group_id`)} = ${billedGroupId(caller)})`;
}

/** Whose dealership data a call covers: the whole platform (administrators only) or one dealership. */
export type DealershipScope =
  | { kind: "platform" }
  | { kind: "dealership"; dealershipId: number; dealershipName: string };

/**
 * The dealership a caller works on when they ask for `asked` (or for none): an administrator gets the one
 * they name, or the platform when they name none; a manager gets their own dealership whether they name it
 * or not; anyone else, and a manager naming another dealership, is refused with one error. Resolves to a
 * dealership exactly when {@link managesDealership} holds for it. A named dealership that does not exist
 * answers 404 (only administrators can tell, since anyone else is refused first).
 */
export async function dealershipScope(
  sql: Queryable,
  caller: Caller | null,
  asked: number | null | undefined,
): Promise<DealershipScope> {
  let id = asked ?? null;
  if (!isAdmin(caller)) {
    const own = caller?.managedDealershipId ?? null;
    if (own === null || (id !== null && id !== own))
      throw appError(
        "FORBIDDEN",
        "This is for the dealership's manager and administrators: you can work on your own dealership only",
        "NOT_YOUR_DEALERSHIP",
      );
    id = own;
  }
  if (id === null) return { kind: "platform" };
  const [row] = await sql<{ name: string }[]>`select name from dealerships where id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  return { kind: "dealership", dealershipId: id, dealershipName: row.name };
}

/** SQL condition on a `dealership_id` column: the rows a resolved {@link dealershipScope} covers. */
export function dealershipScopeSql(sql: Queryable, scope: DealershipScope, column: string) {
  return scope.kind === "platform" ? sql`true` : sql`${sql(column)} = ${scope.dealershipId}`;
}

/** Whose reviews a feedback report covers: one dealership or the platform, narrowed to one salesperson or not. */
export type FeedbackScope = { dealership: DealershipScope; salespersonId: number | null };

/**
 * The reviews a caller may read as feedback (docs/product/analytics.md#feedback-insights): a dealership's manager
 * reads their team's, one salesperson of it or all; an administrator any dealership's, or the platform's; a
 * salesperson who manages nothing reads their own only (naming anyone else, or a dealership, is refused). A
 * salesperson named outside the dealership in scope is refused as not theirs.
 */
export async function feedbackScope(
  sql: Queryable,
  caller: Caller | null,
  asked: { dealershipId?: number | undefined; salespersonId?: number | undefined },
): Promise<FeedbackScope> {
  if (!isAdmin(caller) && caller?.managedDealershipId == null) {
    const own = caller?.salespersonId ?? null;
    if (own === null || asked.dealershipId !== undefined || (asked.salespersonId ?? own) !== own)
      throw appError("FORBIDDEN", "You can see the feedback about yourself only", "NOT_YOUR_FEEDBACK");
    return { dealership: { kind: "platform" }, salespersonId: own };
  }
  const dealership = await dealershipScope(sql, caller, asked.dealershipId);
  if (asked.salespersonId === undefined) return { dealership, salespersonId: null };
  const [person] = await sql<{ dealership_id: number | null }[]>`
    select dealership_id from salespeople where id = ${asked.salespersonId}`;
  if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  if (dealership.kind === "dealership" && person.dealership_id !== dealership.dealershipId)
    throw appError(
      "FORBIDDEN",
      "That salesperson is not on the team of the dealership you work on",
      "NOT_YOUR_SALESPERSON",
    );
  return { dealership, salespersonId: asked.salespersonId };
}
