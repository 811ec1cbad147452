import type Stripe from "stripe";
import { isPlanId } from "../../../shared/plans";
import type { Queryable } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { toDate, writeState } from "./stripeState";

// Webhooks ---------------------------------------------------------------------------------------------------

/** The table of each owner a subscription's metadata may name (ownerType, ownerId). */
const OWNER_TABLES = {
  salesperson: "salespeople",
  dealership: "dealerships",
  group: "dealer_groups",
} as const;

/**
 * Writes a subscription read from Stripe onto our row (made from its metadata if missing); null when it is not
 * one of ours. The caller holds the subscription's lock.
 */
export async function recordSubscription(
  deps: { jobs: JobQueue },
  tx: Queryable,
  subscription: Stripe.Subscription,
): Promise<string | null> {
  const stripeId = subscription.id;
  const meta = subscription.metadata ?? {};
  const [known] = await tx<{ id: string }[]>`
    select id from subscriptions where stripe_subscription_id = ${stripeId}`;
  let localId = known?.id ?? null;
  if (!localId) {
    const plan = meta.plan && isPlanId(meta.plan) ? meta.plan : null;
    const ownerId = Number(meta.ownerId);
    const uuid = /^[0-9a-f-]{36}$/i.test(meta.subscriptionId ?? "") ? meta.subscriptionId! : null;
    if (!plan || !uuid || !Number.isInteger(ownerId) || !(meta.ownerType && meta.ownerType in OWNER_TABLES))
      return null; // Not one of ours.
    const ownerType = meta.ownerType as keyof typeof OWNER_TABLES;
    const interval = subscription.items.data[0]?.price?.recurring?.interval === "year" ? "year" : "month";
    // A row a checkout reserved is kept (on conflict); one that is missing is made from the metadata.
    await tx`
      insert into subscriptions (id, user_id, salesperson_id, dealership_id, group_id, plan, interval, status, seats)
      select ${uuid}, (select id from users where id = ${meta.userId ?? null}::uuid),
             ${ownerType === "salesperson" ? ownerId : null}, ${ownerType === "dealership" ? ownerId : null},
             ${ownerType === "group" ? ownerId : null}, ${plan}, ${interval}, ${subscription.status}, 1
       where exists (select 1 from ${tx(OWNER_TABLES[ownerType])} where id = ${ownerId})
      on conflict (id) do nothing`;
    const [row] = await tx<{ id: string }[]>`select id from subscriptions where id = ${uuid}`;
    if (!row) return null;
    localId = row.id;
  }
  await tx`select 1 from subscriptions where id = ${localId} for update`;
  await writeState(tx, localId, subscription, deps);
  return localId;
}

/** The Stripe subscription an invoice belongs to, if any. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  return (typeof parent === "string" ? parent : parent?.id) ?? null;
}

/** Records an invoice read from Stripe as a payment row (paid, or failed until it is paid). */
export async function recordInvoice(
  tx: Queryable,
  invoice: Stripe.Invoice,
  localId: string,
  failed: boolean,
) {
  const line = invoice.lines?.data?.[0]?.period;
  const common = {
    stripe_invoice_id: invoice.id!,
    subscription_id: localId,
    currency: invoice.currency,
    invoice_number: invoice.number ?? null,
    period_start: toDate(line?.start ?? invoice.period_start),
    period_end: toDate(line?.end ?? invoice.period_end),
  };
  if (invoice.status === "paid") {
    await tx`
      insert into payments ${tx({
        ...common,
        status: "paid",
        amount_cents: invoice.amount_paid,
        paid_at: toDate(invoice.status_transitions?.paid_at) ?? new Date(),
      })}
      on conflict (stripe_invoice_id) do update set
        status = 'paid', amount_cents = excluded.amount_cents, paid_at = excluded.paid_at,
        invoice_number = excluded.invoice_number`;
  } else if (failed) {
    await tx`
      insert into payments ${tx({ ...common, status: "failed", amount_cents: invoice.amount_due, failed_at: new Date() })}
      on conflict (stripe_invoice_id) do update set failed_at = excluded.failed_at
        where payments.status = 'failed'`;
  }
}
