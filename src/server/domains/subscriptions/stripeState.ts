import type Stripe from "stripe";
import { isPlanId } from "../../../shared/plans";
import type { SessionUser } from "../../../shared/schemas/auth";
import type { CheckoutStart } from "../../../shared/schemas/subscriptions";
import type { Queryable } from "../../db/client";
import { type JobQueue, QUEUES } from "../../jobs/queue";

/** The period end of a subscription (on its items since Stripe's 2025 API versions). */
export function periodEnd(subscription: Stripe.Subscription): number | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter(Boolean);
  return ends.length > 0 ? Math.min(...ends) : null;
}

export const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

export const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The Stripe customer paying for this user's plans, made once: called outside any transaction, so concurrent
 * checkouts may both ask Stripe, and the idempotency key makes them get the same customer.
 */
export async function customerFor(sql: Queryable, stripe: Stripe, user: SessionUser): Promise<string> {
  const stored = () =>
    sql<{ id: string }[]>`select stripe_customer_id as id from stripe_customers where user_id = ${user.id}`;
  const [existing] = await stored();
  if (existing) return existing.id;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  const customer = await stripe.customers.create(
    { email: user.email, name, metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  // Concurrent checkouts of one user both get here with the same customer (the same idempotency key). Their rows
  // collide on the user and on the customer id; a conflict target would leave the other unique index's collision
  // raised (PostgreSQL arbitrates only the target), so none is named and either collision does nothing.
  await sql`insert into stripe_customers (user_id, stripe_customer_id) values (${user.id}, ${customer.id})
            on conflict do nothing`;
  const [kept] = await stored();
  return kept?.id ?? customer.id;
}

export type Expanded = Stripe.Subscription & {
  latest_invoice:
    | (Stripe.Invoice & { confirmation_secret?: Stripe.Invoice.ConfirmationSecret | null })
    | string
    | null;
  pending_setup_intent: Stripe.SetupIntent | string | null;
};

export const EXPAND = ["latest_invoice.confirmation_secret", "pending_setup_intent"];

export function secretOf(subscription: Expanded): Pick<CheckoutStart, "intent" | "clientSecret"> {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup !== "string" && setup.client_secret)
    return { intent: "setup", clientSecret: setup.client_secret };
  const invoice = subscription.latest_invoice;
  if (invoice && typeof invoice !== "string" && invoice.status === "open" && invoice.confirmation_secret)
    return { intent: "payment", clientSecret: invoice.confirmation_secret.client_secret };
  return { intent: "none", clientSecret: null };
}

/**
 * Writes Stripe's state of a subscription onto our row (the row named in its metadata). When the row is a dealer
 * group's, the group's plan sync (groupPlan.ts, `syncGroupPlan`) is queued in the same transaction through
 * `follow`, so whatever switched the group's plan on (a webhook, a trial at checkout, a resumed plan) ends the own
 * plans of the dealerships it covers; the sync itself passes null, and so queues nothing more.
 */
export async function writeState(
  tx: Queryable,
  localId: string,
  subscription: Stripe.Subscription,
  follow: { jobs: JobQueue } | null,
): Promise<void> {
  const item = subscription.items.data[0];
  // The price says which plan is in force: a plan change waiting for its payment leaves the items (and so the
  // plan) as they were until Stripe applies it.
  const pricePlan = item?.price?.metadata?.plan;
  const metadataPlan = subscription.metadata?.plan;
  const plan =
    pricePlan && isPlanId(pricePlan)
      ? pricePlan
      : metadataPlan && isPlanId(metadataPlan)
        ? metadataPlan
        : null;
  const interval = item?.price?.recurring?.interval;
  const [written] = await tx<{ groupId: number | null }[]>`
    update subscriptions set
      stripe_subscription_id = ${subscription.id},
      status = ${subscription.status},
      plan = coalesce(${plan}, plan),
      interval = coalesce(${interval === "month" || interval === "year" ? interval : null}, interval),
      seats = ${Math.max(item?.quantity ?? 1, 1)},
      current_period_end = ${toDate(periodEnd(subscription))},
      cancel_at_period_end = ${subscription.cancel_at_period_end},
      trial_end = ${toDate(subscription.trial_end)},
      canceled_at = ${toDate(subscription.canceled_at)},
      updated_at = now()
    where id = ${localId}
    returning group_id as "groupId"`;
  const groupId = written?.groupId;
  if (follow && groupId != null) await follow.jobs.send(QUEUES.groupPlanSync, { groupId }, { within: tx });
}
