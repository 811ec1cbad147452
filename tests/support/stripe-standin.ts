// A small local stand-in of the Stripe API, so tests run the real `stripe` SDK offline (the SDK's host, port
// and protocol options point at it). It covers only what the app calls, and only as far as the app relies on it:
//
//   customers        create, retrieve, delete
//   prices           list by lookup_keys, create (with product_data, kept as a product with its name)
//   subscriptions    create (default_incomplete, trial_period_days, expand of latest_invoice.confirmation_secret
//                    and pending_setup_intent), retrieve, update (cancel_at_period_end, items, metadata,
//                    payment_behavior pending_if_incomplete), cancel
//   invoices         retrieve, list by subscription
//   payment_intents  retrieve;   setup_intents  retrieve
//
// POSTs honour Idempotency-Key (the same key answers the first response again). Nothing here charges, prorates
// or schedules: tests move a subscription along with the control methods (payInvoice, failInvoice, renew,
// endPeriod), which also return the webhook events Stripe would send, and `sign` makes their Stripe-Signature
// header with the SDK's own test helper. Optionally every state change is delivered to a webhook URL.
//
// Outages: `fault` makes matching requests fail with a 500 (nothing done), stall (never answered, nothing done)
// or lose their answer (carried out, then never answered), as Stripe's own incidents and a cut network do.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Json = Record<string, unknown>;
type Obj = Json & { id: string; object: string };

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** `a[b][0][c]=1` form bodies and query strings as nested objects (arrays for numeric keys). */
export function parseForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node: Json | unknown[] = out;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? "");
      const container = node as Record<string, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Json;
      }
    });
  }
  return out;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export type StandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** An outage of some requests: `path` is a prefix of the request's path (e.g. "/v1/subscriptions"). */
export type StandInFault = {
  mode: "fail" | "stall" | "lose";
  method?: "GET" | "POST" | "DELETE";
  path: string;
  /** Parameters the request must carry, e.g. `{ email }` for one customer's creation only. */
  match?: Record<string, string>;
  /** How many matching requests it takes; without it, every one until `clearFaults`. */
  times?: number;
};

export async function startStripeStandIn(
  options: { webhookSecret?: string; webhookUrl?: string; secretKey?: string } = {},
) {
  const secretKey = options.secretKey ?? "sk_test_standin";
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const store = {
    customers: new Map<string, Obj>(),
    prices: new Map<string, Obj>(),
    products: new Map<string, Obj>(),
    subscriptions: new Map<string, Obj>(),
    invoices: new Map<string, Obj>(),
    paymentIntents: new Map<string, Obj>(),
    setupIntents: new Map<string, Obj>(),
  };
  const idempotent = new Map<string, { status: number; body: unknown }>();
  /** Every call the SDK made, for tests that assert what was sent (proration, idempotency keys) and when. */
  type Call = { method: string; path: string; params: Json; idempotencyKey: string | null; at: number };
  const calls: Call[] = [];
  const faults: StandInFault[] = [];
  /** The fault the request falls under, counting it against the fault's `times`. */
  function faultFor(method: string, path: string, params: Json): StandInFault["mode"] | null {
    const index = faults.findIndex(
      (f) =>
        (!f.method || f.method === method) &&
        path.startsWith(f.path) &&
        Object.entries(f.match ?? {}).every(([key, value]) => params[key] === value),
    );
    const found = faults[index];
    if (!found) return null;
    if (found.times !== undefined && --found.times <= 0) faults.splice(index, 1);
    return found.mode;
  }
  const signer = new Stripe(secretKey);
  /** Run while each request is held, before it is answered (a test looks at the database meanwhile). */
  const probe: { current: ((request: { method: string; path: string }) => Promise<void>) | null } = {
    current: null,
  };

  function get(map: Map<string, Obj>, id: string, what: string): Obj {
    const found = map.get(id);
    if (!found) throw new StripeError(404, `No such ${what}: '${id}'`, "resource_missing");
    return found;
  }

  function event(type: string, object: Obj): Stripe.Event {
    return {
      id: newId("evt"),
      object: "event",
      type,
      created: now(),
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
  }

  function sign(payload: string, timestamp = now()): string {
    return signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
  }

  async function deliver(events: Stripe.Event[]) {
    if (!options.webhookUrl) return;
    for (const e of events) {
      const payload = JSON.stringify(e);
      await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": sign(payload) },
        body: payload,
      }).catch(() => {});
    }
  }

  function subscriptionPrice(sub: Obj) {
    const item = (sub.items as { data: Obj[] }).data[0]!;
    return { item, price: item.price as Obj, quantity: Number(item.quantity) };
  }

  /** An invoice for the subscription's current period: paid at once when it costs nothing. */
  function makeInvoice(sub: Obj, amount: number): Obj {
    const { item } = subscriptionPrice(sub);
    const invoice: Obj = {
      id: newId("in"),
      object: "invoice",
      customer: sub.customer,
      currency: "usd",
      number: `KB-${String(store.invoices.size + 1).padStart(4, "0")}`,
      amount_due: amount,
      amount_paid: 0,
      status: "open",
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      lines: {
        object: "list",
        data: [{ period: { start: item.current_period_start, end: item.current_period_end } }],
      },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      status_transitions: {
        finalized_at: now(),
        paid_at: null,
        voided_at: null,
        marked_uncollectible_at: null,
      },
      created: now(),
    };
    if (amount === 0) {
      invoice.status = "paid";
      (invoice.status_transitions as Json).paid_at = now();
      invoice.confirmation_secret = null;
    } else {
      const intent: Obj = {
        id: newId("pi"),
        object: "payment_intent",
        amount,
        currency: "usd",
        customer: sub.customer,
        status: "requires_payment_method",
        last_payment_error: null,
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString("hex")}`;
      store.paymentIntents.set(intent.id, intent);
      invoice.payment_intent_id = intent.id;
      invoice.confirmation_secret = { client_secret: intent.client_secret, type: "payment_intent" };
    }
    store.invoices.set(invoice.id, invoice);
    return invoice;
  }

  function expandSubscription(sub: Obj, expand: string[]): Obj {
    const out = structuredClone(sub);
    const wants = (path: string) => expand.some((e) => e === path || e.startsWith(`${path}.`));
    if (wants("latest_invoice") && typeof out.latest_invoice === "string") {
      const invoice = structuredClone(get(store.invoices, out.latest_invoice, "invoice"));
      if (!expand.includes("latest_invoice.confirmation_secret")) delete invoice.confirmation_secret;
      out.latest_invoice = invoice;
    }
    if (wants("pending_setup_intent") && typeof out.pending_setup_intent === "string")
      out.pending_setup_intent = get(store.setupIntents, out.pending_setup_intent, "setup_intent");
    return out;
  }

  function listOf(data: Obj[], url: string) {
    return { object: "list", data, has_more: false, url };
  }

  function handle(method: string, path: string, params: Json): unknown {
    const parts = path.split("/").filter(Boolean); // ["v1", resource, id?, action?]
    const [, resource, id] = parts;
    const expand = ((params.expand as string[] | undefined) ?? []).map(String);

    if (resource === "customers") {
      if (method === "POST" && !id) {
        const customer: Obj = {
          id: newId("cus"),
          object: "customer",
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
          created: now(),
        };
        store.customers.set(customer.id, customer);
        return customer;
      }
      if (method === "GET" && id) return get(store.customers, id, "customer");
      if (method === "DELETE" && id) {
        get(store.customers, id, "customer");
        store.customers.delete(id);
        return { id, object: "customer", deleted: true };
      }
    }

    if (resource === "prices") {
      if (method === "GET" && !id) {
        const keys = (params.lookup_keys as string[] | undefined) ?? [];
        const data = [...store.prices.values()].filter(
          (p) => keys.length === 0 || keys.includes(String(p.lookup_key)),
        );
        return listOf(data, "/v1/prices");
      }
      if (method === "POST" && !id) {
        const recurring = params.recurring as Json | undefined;
        const productData = params.product_data as Json | undefined;
        const product: Obj = {
          id: newId("prod"),
          object: "product",
          name: productData?.name ?? null,
          metadata: productData?.metadata ?? {},
        };
        store.products.set(product.id, product);
        const price: Obj = {
          id: newId("price"),
          object: "price",
          active: true,
          currency: params.currency,
          unit_amount: Number(params.unit_amount),
          recurring: { interval: recurring?.interval ?? "month", interval_count: 1 },
          lookup_key: params.lookup_key ?? null,
          product: product.id,
          metadata: params.metadata ?? {},
        };
        if (price.lookup_key) {
          for (const other of store.prices.values())
            if (other.lookup_key === price.lookup_key) other.lookup_key = null;
        }
        store.prices.set(price.id, price);
        return price;
      }
    }

    if (resource === "subscriptions") {
      if (method === "POST" && !id) {
        get(store.customers, String(params.customer), "customer");
        const items = (params.items as Json[] | undefined) ?? [];
        if (items.length !== 1) throw new StripeError(400, "The stand-in takes exactly one item");
        const price = get(store.prices, String(items[0]!.price), "price");
        const quantity = Number(items[0]!.quantity ?? 1);
        const trialDays = params.trial_period_days ? Number(params.trial_period_days) : 0;
        const start = now();
        const interval = (price.recurring as Json).interval === "year" ? 365 : 30;
        const end = trialDays > 0 ? start + trialDays * DAY : start + interval * DAY;
        const sub: Obj = {
          id: newId("sub"),
          object: "subscription",
          customer: params.customer,
          status: trialDays > 0 ? "trialing" : "incomplete",
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          trial_end: trialDays > 0 ? end : null,
          metadata: params.metadata ?? {},
          payment_behavior: params.payment_behavior,
          items: {
            object: "list",
            data: [
              {
                id: newId("si"),
                object: "subscription_item",
                price,
                quantity,
                current_period_start: start,
                current_period_end: end,
              },
            ],
          },
          latest_invoice: null,
          pending_setup_intent: null,
          created: start,
        };
        const invoice = makeInvoice(sub, trialDays > 0 ? 0 : Number(price.unit_amount) * quantity);
        sub.latest_invoice = invoice.id;
        if (trialDays > 0) {
          const setup: Obj = {
            id: newId("seti"),
            object: "setup_intent",
            customer: params.customer,
            status: "requires_payment_method",
            last_setup_error: null,
          };
          setup.client_secret = `${setup.id}_secret_${randomBytes(8).toString("hex")}`;
          store.setupIntents.set(setup.id, setup);
          sub.pending_setup_intent = setup.id;
        }
        store.subscriptions.set(sub.id, sub);
        void deliver([event("customer.subscription.created", sub)]);
        return expandSubscription(sub, expand);
      }
      if (method === "GET" && id)
        return expandSubscription(get(store.subscriptions, id, "subscription"), expand);
      if (method === "POST" && id) {
        const sub = get(store.subscriptions, id, "subscription");
        if (sub.status === "canceled") throw new StripeError(400, "A canceled subscription can't be updated");
        if (params.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = params.cancel_at_period_end === "true";
        if (params.metadata) sub.metadata = { ...(sub.metadata as Json), ...(params.metadata as Json) };
        const items = params.items as Json[] | undefined;
        if (items?.[0]) {
          const { item } = subscriptionPrice(sub);
          if (items[0].id !== item.id)
            throw new StripeError(400, `No such subscription item: '${items[0].id}'`);
          const price = items[0].price ? get(store.prices, String(items[0].price), "price") : item.price;
          const quantity = items[0].quantity ? Number(items[0].quantity) : Number(item.quantity);
          sub.last_proration_behavior = params.proration_behavior ?? "create_prorations";
          // pending_if_incomplete: an increase waits for its invoice (paid with payInvoice) before it applies;
          // the difference stands in for the proration. In a trial, or for a decrease, it applies at once.
          const increase =
            Number((price as Json).unit_amount) * quantity -
            Number((item.price as Json).unit_amount) * Number(item.quantity);
          if (params.payment_behavior === "pending_if_incomplete") {
            const pendingOnly = Object.keys(params).filter(
              (k) => !["items", "proration_behavior", "payment_behavior", "expand"].includes(k),
            );
            if (pendingOnly.length > 0)
              throw new StripeError(400, `pending_if_incomplete does not take: ${pendingOnly.join(", ")}`);
          }
          if (
            params.payment_behavior === "pending_if_incomplete" &&
            sub.status !== "trialing" &&
            increase > 0
          ) {
            sub.pending_update = {
              subscription_items: [{ id: item.id, price, quantity }],
              expires_at: now() + DAY,
            };
            sub.latest_invoice = makeInvoice(sub, increase).id;
          } else {
            item.price = price;
            item.quantity = quantity;
          }
        }
        void deliver([event("customer.subscription.updated", sub)]);
        return expandSubscription(sub, expand);
      }
      if (method === "DELETE" && id) {
        const sub = get(store.subscriptions, id, "subscription");
        Object.assign(sub, { status: "canceled", canceled_at: now(), ended_at: now() });
        void deliver([event("customer.subscription.deleted", sub)]);
        return sub;
      }
    }

    if (resource === "invoices") {
      if (method === "GET" && id) {
        const invoice = structuredClone(get(store.invoices, id, "invoice"));
        delete invoice.confirmation_secret;
        return invoice;
      }
      if (method === "GET" && !id) {
        const data = [...store.invoices.values()].filter(
          (i) =>
            !params.subscription ||
            (i.parent as { subscription_details: { subscription: string } }).subscription_details
              .subscription === params.subscription,
        );
        return listOf(data, "/v1/invoices");
      }
    }
    if (resource === "payment_intents" && method === "GET" && id)
      return get(store.paymentIntents, id, "payment_intent");
    if (resource === "setup_intents" && method === "GET" && id)
      return get(store.setupIntents, id, "setup_intent");

    throw new StripeError(
      404,
      `Unrecognized request URL (${method} ${path}): the stand-in does not cover it`,
    );
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(body));
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      return;
    }
    const raw = method === "GET" || method === "DELETE" ? url.search.slice(1) : await readBody(req);
    const params = parseForm(raw);
    const key = method === "POST" ? ((req.headers["idempotency-key"] as string | undefined) ?? null) : null;
    calls.push({ method, path: url.pathname, params, idempotencyKey: key, at: performance.now() });
    if (probe.current) await probe.current({ method, path: url.pathname });
    const fault = faultFor(method, url.pathname, params);
    if (fault === "fail") {
      send(res, 500, {
        error: { type: "api_error", message: "An unknown error occurred (stand-in outage)" },
      });
      return;
    }
    // Held without an answer; the client's deadline ends it (and close() every connection left).
    if (fault === "stall") return;
    if (key && idempotent.has(`${url.pathname}:${key}`)) {
      const first = idempotent.get(`${url.pathname}:${key}`)!;
      if (fault !== "lose") send(res, first.status, first.body);
      return;
    }
    let status = 200;
    let body: unknown;
    try {
      body = handle(method, url.pathname, params);
    } catch (error) {
      const e = error instanceof StripeError ? error : new StripeError(500, String(error));
      status = e.status;
      body = { error: { type: "invalid_request_error", message: e.message, code: e.code } };
    }
    if (key) idempotent.set(`${url.pathname}:${key}`, { status, body });
    if (fault !== "lose") send(res, status, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  // Control: what Stripe would do on its own, returning the events it would send. ------------------------------

  function latestInvoice(subId: string) {
    const sub = get(store.subscriptions, subId, "subscription");
    return { sub, invoice: get(store.invoices, String(sub.latest_invoice), "invoice") };
  }

  /** The card paid the open invoice: invoice paid, intent succeeded, subscription active. */
  function payInvoice(subId: string): Stripe.Event[] {
    const { sub, invoice } = latestInvoice(subId);
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due });
    (invoice.status_transitions as Json).paid_at = now();
    if (invoice.payment_intent_id)
      get(store.paymentIntents, String(invoice.payment_intent_id), "pi").status = "succeeded";
    sub.status = "active";
    const pending = sub.pending_update as { subscription_items: Json[] } | null | undefined;
    if (pending) {
      const { item } = subscriptionPrice(sub);
      Object.assign(item, {
        price: pending.subscription_items[0]!.price,
        quantity: pending.subscription_items[0]!.quantity,
      });
      sub.pending_update = null;
    }
    return [event("invoice.paid", invoice), event("customer.subscription.updated", sub)];
  }

  /** The card was declined: the invoice stays open; a renewal makes the subscription past_due. */
  function failInvoice(subId: string, message = "Your card was declined."): Stripe.Event[] {
    const { sub, invoice } = latestInvoice(subId);
    if (invoice.payment_intent_id) {
      const intent = get(store.paymentIntents, String(invoice.payment_intent_id), "pi");
      Object.assign(intent, { status: "requires_payment_method", last_payment_error: { message } });
    }
    if (sub.status === "active") sub.status = "past_due";
    return [event("invoice.payment_failed", invoice), event("customer.subscription.updated", sub)];
  }

  /** The next period starts with a new open invoice (pay or fail it next). */
  function renew(subId: string): Stripe.Event[] {
    const sub = get(store.subscriptions, subId, "subscription");
    const { item, price, quantity } = subscriptionPrice(sub);
    const length = Number(item.current_period_end) - Number(item.current_period_start);
    item.current_period_start = item.current_period_end;
    item.current_period_end = Number(item.current_period_end) + length;
    if (sub.status === "trialing") sub.status = "active";
    const invoice = makeInvoice(sub, Number(price.unit_amount) * quantity);
    sub.latest_invoice = invoice.id;
    return [event("invoice.created", invoice), event("customer.subscription.updated", sub)];
  }

  /** The period is over: a subscription set to cancel at its end is canceled. */
  function endPeriod(subId: string): Stripe.Event[] {
    const sub = get(store.subscriptions, subId, "subscription");
    if (!sub.cancel_at_period_end) return renew(subId);
    Object.assign(sub, { status: "canceled", canceled_at: now(), ended_at: now() });
    return [event("customer.subscription.deleted", sub)];
  }

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    store,
    calls,
    probe,
    /** Starts an outage of the matching requests (see StandInFault). */
    fault: (fault: StandInFault) => faults.push({ ...fault }),
    clearFaults: () => faults.splice(0),
    /** The app's environment for this stand-in. */
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    },
    event,
    sign,
    deliver,
    payInvoice,
    failInvoice,
    renew,
    endPeriod,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
