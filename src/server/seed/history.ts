// The demo's year of business, for the reports that look back (business intelligence, churn, revenue):
// visits that were cancelled, missed or completed without a review, more of them in recent months, and
// subscriptions of dealerships and salespeople with a payment per invoice since their trial ended. The demo
// accounts' own dealership and the first salespeople are left without a plan, so checkout works on them.

import { APPOINTMENT_TYPES } from "../../shared/constants";
import {
  type BillingInterval,
  chargeCents,
  FREE_TRIAL_DAYS,
  PLANS,
  type PlanId,
  salespersonLimit,
} from "../../shared/plans";
import type { Queryable } from "../db/client";
import { UNTRACKED_VISIT_EVIDENCE } from "../domains/appointments/statusTrail";
import { primaryLeadSql } from "../domains/manager/members";
import { insertBatched } from "./batches";
import type { rng } from "./words";
import { withIndexesAndKeysAfter } from "./writtenInBulk";

type Random = ReturnType<typeof rng>;

const DAY = 86_400_000;
/** Dealerships (by id order) and salespeople (by id order, after the demo one) kept free of plans. */
const PLAN_FREE_DEALERSHIPS = 5;
const PLAN_FREE_SALESPEOPLE = 30;
const SALESPERSON_SUBSCRIPTIONS_MAX = 120;

const CANCEL_REASONS = [
  "Bought a car elsewhere",
  "Schedule changed",
  "Found the model I wanted online",
  "Financing fell through",
];

export async function seedBusinessHistory(
  sql: Queryable,
  options: { random: Random; now: number; salespeople: number[]; customers: string[] },
): Promise<{ appointments: number; subscriptions: number; payments: number }> {
  const r = options.random;
  const now = options.now;

  // Visits with every outcome. Day offsets lean recent (u^1.4), so bookings grow month over month.
  const visits: Record<string, unknown>[] = [];
  for (const salespersonId of options.salespeople) {
    const n = r.int(0, 3);
    for (let k = 0; k < n; k++) {
      const startsAt = new Date(now - (1 + Math.floor(359 * r.next() ** 1.4)) * DAY);
      startsAt.setUTCHours(r.int(14, 23), r.chance(0.5) ? 0 : 30, 0, 0);
      const roll = r.next();
      const status = roll < 0.4 ? "cancelled" : roll < 0.6 ? "no-show" : "completed";
      const customer = r.pick(options.customers);
      visits.push({
        salesperson_id: salespersonId,
        customer_id: customer,
        appointment_type: r.pick(APPOINTMENT_TYPES),
        starts_at: startsAt.toISOString(),
        status,
        customer_name: "Verified customer",
        customer_phone: "(555) 555-0100",
        created_at: new Date(startsAt.getTime() - r.int(1, 10) * DAY).toISOString(),
        completed_at: status === "completed" ? new Date(startsAt.getTime() + 3_600_000).toISOString() : null,
        visit_evidence: status === "completed" ? UNTRACKED_VISIT_EVIDENCE : null,
        cancelled_at:
          status === "cancelled"
            ? new Date(startsAt.getTime() - r.int(2, 48) * 3_600_000).toISOString()
            : null,
        cancelled_by: status === "cancelled" ? (r.chance(0.8) ? "customer" : "salesperson") : null,
        cancellation_reason: status === "cancelled" ? r.pick(CANCEL_REASONS) : null,
        demo: true,
      });
    }
  }
  // The visits' indexes built and foreign keys checked after them (writtenInBulk.ts).
  await withIndexesAndKeysAfter(sql, ["appointments"], () => insertBatched(sql, "appointments", visits));

  // Plans: about two thirds of the dealerships and a few salespeople, started over the last year.
  const dealers = await sql<{ id: number; manager_id: string | null; team: number }[]>`
    select d.id, ${primaryLeadSql(sql, sql`d.id`)} as manager_id,
           (select count(*)::int from salespeople s where s.dealership_id = d.id) as team
      from dealerships d order by d.id offset ${PLAN_FREE_DEALERSHIPS}`;
  const owners: {
    dealershipId: number | null;
    salespersonId: number | null;
    userId: string | null;
    plan: PlanId;
    /** The dealership's salespeople: its plan holds them all (Basic's fixed allowance, or enough seats). */
    team: number;
  }[] = [];
  const BASIC_LIMIT = salespersonLimit(PLANS["dealer-basic"], 1) ?? Number.POSITIVE_INFINITY;
  for (const d of dealers) {
    if (!r.chance(0.65)) continue;
    const roll = r.next();
    const drawn: PlanId =
      roll < 0.5 ? "dealer-basic" : roll < 0.85 ? "dealer-professional" : "dealer-enterprise";
    const plan = drawn === "dealer-basic" && d.team > BASIC_LIMIT ? "dealer-professional" : drawn;
    owners.push({ dealershipId: d.id, salespersonId: null, userId: d.manager_id, plan, team: d.team });
  }
  const candidates = options.salespeople.slice(PLAN_FREE_SALESPEOPLE);
  const wanted = Math.min(SALESPERSON_SUBSCRIPTIONS_MAX, Math.floor(candidates.length * 0.05));
  const chosen = new Set<number>();
  while (chosen.size < wanted) chosen.add(r.pick(candidates));
  for (const id of chosen)
    owners.push({
      dealershipId: null,
      salespersonId: id,
      userId: null,
      plan: r.chance(0.7) ? "salesperson" : "salesperson-professional",
      team: 0,
    });

  const subscriptions: Record<string, unknown>[] = [];
  const invoices: {
    subscription: number;
    paid: boolean;
    at: number;
    amount: number;
    start: number;
    end: number;
  }[] = [];
  owners.forEach((owner, index) => {
    const plan = PLANS[owner.plan];
    const interval: BillingInterval = r.chance(0.8) ? "month" : "year";
    const seats =
      plan.unit === "seat" ? Math.max(r.int(plan.minQuantity, plan.minQuantity + 15), owner.team) : 1;
    const created = now - Math.floor(365 * r.next() ** 0.8) * DAY - r.int(0, 23) * 3_600_000;
    const trialEnd = created + FREE_TRIAL_DAYS * DAY;
    const amount = chargeCents(plan, interval, seats);
    const roll = r.next();
    const canceledAt =
      roll < 0.12 && trialEnd < now - 20 * DAY ? trialEnd + Math.floor((now - trialEnd) * r.next()) : null;
    const pastDue = canceledAt === null && roll > 0.95 && trialEnd < now;
    const stepMonths = interval === "year" ? 12 : 1;
    const dues: number[] = [];
    for (let due = trialEnd; due <= now && (canceledAt === null || due < canceledAt); ) {
      dues.push(due);
      due = addMonths(due, stepMonths);
    }
    const last = dues.at(-1);
    const periodEnd = last === undefined ? trialEnd : addMonths(last, stepMonths);
    for (const [k, due] of dues.entries())
      invoices.push({
        subscription: index,
        paid: !(pastDue && k === dues.length - 1),
        at: due + r.int(0, 3) * 3_600_000,
        amount,
        start: due,
        end: addMonths(due, stepMonths),
      });
    subscriptions.push({
      stripe_subscription_id: `sub_demo_${String(index + 1).padStart(4, "0")}`,
      user_id: owner.userId,
      salesperson_id: owner.salespersonId,
      dealership_id: owner.dealershipId,
      plan: owner.plan,
      interval,
      status:
        canceledAt !== null ? "canceled" : trialEnd > now ? "trialing" : pastDue ? "past_due" : "active",
      seats,
      current_period_end: new Date(canceledAt ?? periodEnd).toISOString(),
      cancel_at_period_end: false,
      trial_end: new Date(trialEnd).toISOString(),
      canceled_at: canceledAt === null ? null : new Date(canceledAt).toISOString(),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(Math.min(now, canceledAt ?? dues.at(-1) ?? created)).toISOString(),
      demo: true,
    });
  });
  const inserted =
    subscriptions.length > 0
      ? await sql<{ id: string; stripe_subscription_id: string }[]>`
          insert into subscriptions ${sql(subscriptions as never)} returning id, stripe_subscription_id`
      : [];
  const idOf = new Map(inserted.map((row) => [row.stripe_subscription_id, row.id]));
  const payments = invoices.map((inv, i) => ({
    stripe_invoice_id: `in_demo_${String(i + 1).padStart(6, "0")}`,
    subscription_id: idOf.get(subscriptions[inv.subscription]!.stripe_subscription_id as string)!,
    status: inv.paid ? "paid" : "failed",
    amount_cents: inv.amount,
    currency: "usd",
    invoice_number: `KB-DEMO-${String(i + 1).padStart(5, "0")}`,
    period_start: new Date(inv.start).toISOString(),
    period_end: new Date(inv.end).toISOString(),
    paid_at: inv.paid ? new Date(inv.at).toISOString() : null,
    failed_at: inv.paid ? null : new Date(inv.at).toISOString(),
    created_at: new Date(inv.at).toISOString(),
    demo: true,
  }));
  await insertBatched(sql, "payments", payments);
  return { appointments: visits.length, subscriptions: subscriptions.length, payments: payments.length };
}

function addMonths(at: number, months: number): number {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}
