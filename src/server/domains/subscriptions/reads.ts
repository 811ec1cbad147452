import {
  type BillingInterval,
  chargeCents,
  FREE_DEALERSHIP_SALESPERSON_LIMIT,
  PLANS,
  type PlanId,
  salespersonLimit,
} from "../../../shared/plans";
import type { SessionUser } from "../../../shared/schemas/auth";
import type {
  BillingOverview,
  DealershipSubscriptionInfo,
  GroupBilling,
  PaymentRecord,
  SubscriptionDetail,
  SubscriptionSummary,
} from "../../../shared/schemas/subscriptions";
import { billedDealershipId, billedGroupId, dealershipScope, subscriptionSql } from "../../access";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { Authed } from "../../serviceContext";
import { openInvitationSql } from "../invitations/rules";
import { ACCESS_STATUSES, grantsAccess, paymentsConfig } from "./provider";
import { longDate } from "./stripeState";

// Rows -----------------------------------------------------------------------------------------------------

export type SubscriptionRow = Omit<
  SubscriptionSummary,
  "planName" | "audience" | "active" | "amountCents"
> & {
  stripeSubscriptionId: string | null;
  userId: string | null;
};

export function columns(sql: Queryable) {
  return sql`
    s.id, s.stripe_subscription_id as "stripeSubscriptionId", s.user_id as "userId",
    s.salesperson_id as "salespersonId", s.dealership_id as "dealershipId", s.group_id as "groupId", s.plan, s.interval, s.status,
    s.seats, s.current_period_end as "currentPeriodEnd", s.cancel_at_period_end as "cancelAtPeriodEnd",
    s.trial_end as "trialEnd", s.canceled_at as "canceledAt", s.created_at as "createdAt"`;
}

export function summary(row: SubscriptionRow): SubscriptionSummary {
  const plan = PLANS[row.plan];
  const { stripeSubscriptionId: _stripe, userId: _user, ...fields } = row;
  return {
    ...fields,
    planName: plan.name,
    audience: plan.audience,
    active: grantsAccess(row.status),
    amountCents: chargeCents(plan, row.interval, row.seats),
  };
}

/** Who a subscription is for: a salesperson, a dealership, or a dealer group (all its dealerships). */
export type Owner =
  | { kind: "salesperson"; id: number }
  | { kind: "dealership"; id: number }
  | { kind: "group"; id: number };

const OWNER_COLUMN: Record<Owner["kind"], string> = {
  salesperson: "s.salesperson_id",
  dealership: "s.dealership_id",
  group: "s.group_id",
};

export function ownerSql(sql: Queryable, owner: Owner) {
  return sql`${sql(OWNER_COLUMN[owner.kind])} = ${owner.id}`;
}

/** The owner's subscription that gives access now, else their newest one (for showing what happened). */
export async function currentRow(sql: Queryable, owner: Owner): Promise<SubscriptionRow | null> {
  const [row] = await sql<SubscriptionRow[]>`
    select ${columns(sql)} from subscriptions s
     where ${ownerSql(sql, owner)} and s.stripe_subscription_id is not null
     order by (s.status in ('trialing', 'active', 'past_due')) desc, s.created_at desc
     limit 1`;
  return row ?? null;
}

async function paymentsOf(sql: Queryable, subscriptionId: string): Promise<PaymentRecord[]> {
  return sql<PaymentRecord[]>`
    select id, invoice_number as "invoiceNumber", status, amount_cents as "amountCents", currency,
           period_start as "periodStart", period_end as "periodEnd", paid_at as "paidAt", failed_at as "failedAt"
      from payments where subscription_id = ${subscriptionId}
     order by coalesce(paid_at, failed_at, created_at) desc, id desc
     limit 100`;
}

export async function detail(sql: Queryable, row: SubscriptionRow): Promise<SubscriptionDetail> {
  return { ...summary(row), payments: await paymentsOf(sql, row.id) };
}

// A dealership's plan and limit ------------------------------------------------------------------------------

export type DealershipAllowance = {
  planId: PlanId | null;
  planName: string;
  status: string | null;
  /** What the plan charges a month, in cents (0 on the free allowance). */
  monthlyPriceCents: number;
  /** What the subscription charges each billing period, in cents (0 on the free allowance). */
  amountCents: number;
  /** The billing period; null on the free allowance. */
  interval: BillingInterval | null;
  /** Null: no limit. */
  limit: number | null;
  /** Whether the plan is the dealership's dealer group's subscription. */
  coveredByGroup: boolean;
};

/**
 * The subscription of the dealer group holding the dealership, when it gives access: it covers the dealership
 * then, whatever the dealership's own subscription says.
 */
export async function groupCover(
  sql: Queryable,
  dealershipId: number,
): Promise<{ groupId: number; row: SubscriptionRow } | null> {
  const [dealership] = await sql<{ groupId: number | null }[]>`
    select group_id as "groupId" from dealerships where id = ${dealershipId}`;
  if (!dealership?.groupId) return null;
  const row = await currentRow(sql, { kind: "group", id: dealership.groupId });
  return row && grantsAccess(row.status) ? { groupId: dealership.groupId, row } : null;
}

/**
 * Refuses (409) to give a dealership a plan of its own, by checkout, a resumed plan or a changed one, while its
 * dealer group's plan covers it: its own plan then ends with the period already paid (groupPlan.ts,
 * `endCoveredPlans`), and nobody pays twice for one dealership.
 */
export async function refuseWhileCovered(sql: Queryable, dealershipId: number): Promise<void> {
  if (await groupCover(sql, dealershipId))
    throw appError(
      "CONFLICT",
      "This dealership is covered by its dealer group's plan, so it needs no plan of its own. The group's owners manage that plan.",
      "COVERED_BY_GROUP_PLAN",
    );
}

/**
 * The places a group's plan has already given to its dealerships but `dealershipId`: their salespeople and open
 * invitations (an invitation holds its place, as assertTeamRoom counts it). Serialised per group, so two of its
 * dealerships adding people at once cannot both take the last seat.
 */
async function placesElsewhereInGroup(sql: Queryable, groupId: number, dealershipId: number) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`group-seats:${groupId}`}, 0))`;
  const [row] = await sql<{ n: number }[]>`
    select (select count(*) from salespeople s join dealerships d on d.id = s.dealership_id
             where d.group_id = ${groupId} and d.id <> ${dealershipId})
         + (select count(*) from invitations i join dealerships d on d.id = i.dealership_id
             where d.group_id = ${groupId} and d.id <> ${dealershipId} and i.role = 'salesperson'
               and ${openInvitationSql(sql, "i")}) as n`;
  return Number(row?.n ?? 0);
}

type PlanRow = { cover: Awaited<ReturnType<typeof groupCover>>; row: SubscriptionRow | null };

/** The subscription a dealership's plan is read from: its group's that gives access, else its own. */
async function planRow(sql: Queryable, dealershipId: number): Promise<PlanRow> {
  const cover = await groupCover(sql, dealershipId);
  return { cover, row: cover?.row ?? (await currentRow(sql, { kind: "dealership", id: dealershipId })) };
}

/**
 * How many salespeople the dealership may have, from its dealer group's subscription that gives access (the
 * seats the group shares, less those its other dealerships hold), else its own (or the free allowance without
 * one). Called inside the transaction that adds or moves a salesperson.
 */
export async function dealershipAllowance(
  sql: Queryable,
  dealershipId: number,
  found?: PlanRow,
): Promise<DealershipAllowance> {
  const { cover, row } = found ?? (await planRow(sql, dealershipId));
  if (!row || !grantsAccess(row.status)) {
    return {
      planId: null,
      planName: "Free",
      status: null,
      monthlyPriceCents: 0,
      amountCents: 0,
      interval: null,
      limit: FREE_DEALERSHIP_SALESPERSON_LIMIT,
      coveredByGroup: false,
    };
  }
  const plan = PLANS[row.plan];
  const shared = salespersonLimit(plan, row.seats);
  return {
    planId: plan.id,
    planName: plan.name,
    status: row.status,
    monthlyPriceCents: chargeCents(plan, "month", row.seats),
    amountCents: chargeCents(plan, row.interval, row.seats),
    interval: row.interval,
    limit:
      cover && shared !== null
        ? Math.max(shared - (await placesElsewhereInGroup(sql, cover.groupId, dealershipId)), 0)
        : shared,
    coveredByGroup: cover !== null,
  };
}

export async function teamSize(sql: Queryable, dealershipId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from salespeople where dealership_id = ${dealershipId}`;
  return row?.n ?? 0;
}

async function dealershipInfoFor(sql: Queryable, dealershipId: number): Promise<DealershipSubscriptionInfo> {
  const found = await planRow(sql, dealershipId);
  const { row } = found;
  const [allowance, seatsUsed] = await Promise.all([
    dealershipAllowance(sql, dealershipId, found),
    teamSize(sql, dealershipId),
  ]);
  return {
    dealershipId,
    plan: allowance.planId,
    planName: allowance.planName,
    status: row?.status ?? null,
    active: row ? grantsAccess(row.status) : false,
    salespersonLimit: allowance.limit,
    seatsUsed,
    coveredByGroup: allowance.coveredByGroup,
    subscription: row ? summary(row) : null,
  };
}

/** A dealer group's name, and what its plan's quantity is counted from: its dealerships and their salespeople. */
export async function groupFigures(sql: Queryable, groupId: number) {
  const [row] = await sql<{ name: string; dealerships: number; salespeople: number }[]>`
    select g.name,
           (select count(*)::int from dealerships d where d.group_id = g.id) as dealerships,
           (select count(*)::int from salespeople s join dealerships d on d.id = s.dealership_id
             where d.group_id = g.id) as salespeople
      from dealer_groups g where g.id = ${groupId}`;
  if (!row) throw appError("NOT_FOUND", "Dealer group not found", "GROUP_NOT_FOUND");
  return row;
}

async function groupBilling(sql: Queryable, groupId: number): Promise<GroupBilling> {
  const [figures, row] = await Promise.all([
    groupFigures(sql, groupId),
    currentRow(sql, { kind: "group", id: groupId }),
  ]);
  return {
    groupId,
    groupName: figures.name,
    dealerships: figures.dealerships,
    salespeople: figures.salespeople,
    current: row ? await detail(sql, row) : null,
  };
}

/**
 * Refuses to delete a salesperson or a dealership while one of its subscriptions gives access: deleting would
 * drop our rows while the payment provider keeps the subscription (and its charges) going. Called inside the
 * deleting transaction, after the owner's row is locked.
 */
export async function refuseWhileSubscribed(sql: Queryable, owner: Owner, name: string): Promise<void> {
  const [row] = await sql<Pick<SubscriptionRow, "plan" | "cancelAtPeriodEnd" | "currentPeriodEnd">[]>`
    select s.plan, s.cancel_at_period_end as "cancelAtPeriodEnd", s.current_period_end as "currentPeriodEnd"
      from subscriptions s
     where ${ownerSql(sql, owner)} and s.status in ${sql(ACCESS_STATUSES)}
     order by s.created_at desc limit 1`;
  if (!row) return;
  const plan = PLANS[row.plan].name;
  throw appError(
    "CONFLICT",
    row.cancelAtPeriodEnd && row.currentPeriodEnd
      ? `${name} still has the ${plan} plan until ${longDate(row.currentPeriodEnd)}: it can be deleted once the subscription has ended.`
      : `Cancel the subscription first: ${name} has the ${plan} plan, which is still being charged.`,
    "SUBSCRIPTION_ACTIVE",
  );
}

// Reading ----------------------------------------------------------------------------------------------------

export async function billingOverview(ctx: Authed): Promise<BillingOverview> {
  const { salespersonId } = ctx.user;
  const ownedDealershipId = billedDealershipId(ctx.user);
  const ownedGroupId = billedGroupId(ctx.user);
  const salesperson =
    salespersonId === null ? null : await currentRow(ctx.sql, { kind: "salesperson", id: salespersonId });
  const dealershipRow =
    ownedDealershipId === null
      ? null
      : await currentRow(ctx.sql, { kind: "dealership", id: ownedDealershipId });
  return {
    payments: paymentsConfig(ctx),
    salesperson:
      salespersonId === null ? null : { current: salesperson ? await detail(ctx.sql, salesperson) : null },
    dealership:
      ownedDealershipId === null
        ? null
        : {
            ...(await dealershipInfoFor(ctx.sql, ownedDealershipId)),
            current: dealershipRow ? await detail(ctx.sql, dealershipRow) : null,
          },
    group: ownedGroupId === null ? null : await groupBilling(ctx.sql, ownedGroupId),
  };
}

export async function ownedRow(sql: Queryable, caller: SessionUser, id: string, lock = false) {
  const [row] = await sql<SubscriptionRow[]>`
    select ${columns(sql)} from subscriptions s
     where s.id = ${id} and ${subscriptionSql(sql, caller, "s")}
     ${lock ? sql`for update` : sql``}`;
  if (!row) throw appError("NOT_FOUND", "Subscription not found", "SUBSCRIPTION_NOT_FOUND");
  return row;
}

export async function subscriptionById(ctx: Authed, { id }: { id: string }): Promise<SubscriptionDetail> {
  return detail(ctx.sql, await ownedRow(ctx.sql, ctx.user, id));
}

export async function dealershipInfo(
  ctx: Authed,
  { dealershipId }: { dealershipId: number },
): Promise<DealershipSubscriptionInfo> {
  const scope = await dealershipScope(ctx.sql, ctx.user, dealershipId);
  if (scope.kind === "platform") throw new Error("a named dealership resolves to itself");
  return dealershipInfoFor(ctx.sql, scope.dealershipId);
}
