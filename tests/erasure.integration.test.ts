// Erasure touches its subject only: a customer whose e-mail is the tail of a manager's, whose phone field says
// `example.com` and whose name is a seeded salesperson's is erased without changing any other account,
// salesperson or dealership; afterwards no table, queued or archived job or CRM sync log holds what they typed,
// the Stripe customer is deleted and its subscription cancelled, and the answer counts every row changed.
// A Stripe failure erases nothing. A salesperson's export leaves out what third parties reported about them.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { ERASURE_RULES } from "../src/server/domains/compliance/erasureRules";
import { isLinked, NOT_PERSONAL, personalDataMap } from "../src/server/domains/compliance/personalData";
import { DEMO_ACCOUNTS } from "../src/server/seed/demo";
import { MISCONDUCT_CATEGORIES } from "../src/shared/reviews";
import { SLOT_TIMES } from "../src/shared/slots";
import { createHarness } from "./support/harness";
import { openDay } from "./support/openHours";
import { startStripeStandIn } from "./support/stripe-standin";
import { until } from "./support/until";

const standin = await startStripeStandIn();
const h = await createHarness({
  ...standin.env,
  RATE_LIMIT_DISABLED: "true",
  CRM_ALLOW_PRIVATE_TARGETS: "true",
  // A failed delivery waits an hour for its retry: the test reads it queued.
  CRM_RETRY_DELAY_SECONDS: "3600",
});
await h.seed(0.05);
const admin = await h.signIn("erasure.admin@example.org", "admin");
const MISCONDUCT_CATEGORY = MISCONDUCT_CATEGORIES[0]!.value;

// A CRM receiver that is down: every delivery fails, is logged with its payload and waits for a retry.
const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(503).end("down"));
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await standin.close();
});

const stripe = new Stripe(standin.secretKey, {
  host: "127.0.0.1",
  port: standin.port,
  protocol: "http",
  telemetry: false,
});

async function fileErasure(cookie: string) {
  const filed = await h.request("POST", "/api/compliance/gdpr-requests", {
    cookie,
    body: { requestType: "erasure" },
  });
  expect(filed.status).toBe(201);
  return filed.json.id as number;
}

function complete(id: number) {
  return h.request("PATCH", `/api/compliance/gdpr-requests/${id}`, {
    cookie: admin.cookie,
    body: { action: "complete", note: "Done" },
  });
}

/** A Stripe customer with a live subscription, recorded for the user as checkout records them. */
async function payingCustomer(userId: string, salespersonId: number) {
  const customer = await stripe.customers.create({ email: "billing@example.org" });
  const price = await stripe.prices.create({
    currency: "usd",
    unit_amount: 4900,
    recurring: { interval: "month" },
    product_data: { name: "Pro" },
  });
  const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
  standin.payInvoice(sub.id);
  await h.sql`insert into stripe_customers (user_id, stripe_customer_id) values (${userId}, ${customer.id})`;
  const [row] = await h.sql<{ id: string }[]>`
    insert into subscriptions (stripe_subscription_id, user_id, salesperson_id, plan, interval, status)
    values (${sub.id}, ${userId}, ${salespersonId}, 'salesperson', 'month', 'active') returning id`;
  return { customerId: customer.id, subscriptionId: sub.id, localId: row!.id };
}

/** Every text-like column of every table the app and its queue own, searched for one pattern. */
async function holders(pattern: string): Promise<string[]> {
  const columns = await h.sql<{ schema: string; table: string; column: string }[]>`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema in ('public', 'pgboss') and t.table_type = 'BASE TABLE'
       and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY') or c.udt_name = 'citext')`;
  const hits: string[] = [];
  for (const { schema, table, column } of columns) {
    const [row] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from ${h.sql(schema)}.${h.sql(table)} where ${h.sql(column)}::text ~* ${pattern}`;
    if (row!.n > 0) hits.push(`${schema}.${table}.${column}: ${row!.n}`);
  }
  return hits;
}

/** Other people's rows, whole, to compare before and after. */
async function othersSnapshot(subjectId: string) {
  return {
    users: await h.sql`
      select id, email::text, first_name, last_name, phone, city, disabled_at from users
       where id <> ${subjectId} order by id`,
    salespeople: await h.sql`select to_jsonb(s) - 'updated_at' as row from salespeople s order by id`,
    dealerships: await h.sql`select to_jsonb(d) as row from dealerships d order by id`,
  };
}

describe("erasure", () => {
  it("every table tied to a person has an erasure rule or holds no personal data", () => {
    const tables = personalDataMap();
    const missing = tables.filter((t) => isLinked(t) && !(t.name in ERASURE_RULES)).map((t) => t.name);
    expect(missing).toEqual([]);
    const unaccounted = tables
      .filter((t) => !(t.name in ERASURE_RULES) && !(t.name in NOT_PERSONAL))
      .map((t) => t.name);
    expect(unaccounted).toEqual([]);
  });

  it("changes only the subject's rows, leaves nothing they typed anywhere, and settles their payments", async () => {
    const email = "ee@example.com";
    const typedName = "Samwise Q. Rivera-Okonkwo";
    const typedPhone = "+1 (212) 867.53.09";
    const typedNotes = "Bring the trade-in papers QZX-4471";
    const person = await h.signIn(email);
    await h.sql`update users set first_name = 'Sam', last_name = 'Rivera', phone = 'example.com'
                 where id = ${person.userId}`;
    const manager = await h.signIn(DEMO_ACCOUNTS.manager, "manager");
    const [dealership] = await h.sql<{ id: number; name: string }[]>`
      select d.id, d.name from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
       where u.email = ${DEMO_ACCOUNTS.manager}`;
    const [seller] = await h.sql<{ id: number; timeZone: string }[]>`
      select id, time_zone as "timeZone" from salespeople
       where dealership_id = ${dealership!.id} and email <> ${DEMO_ACCOUNTS.salesperson} order by id limit 1`;
    // Bookable: a dealership's salesperson its manager has verified.
    await h.sql`update salespeople set verified_at = coalesce(verified_at, now()) where id = ${seller!.id}`;
    const [samRivera] = await h.sql<{ id: number }[]>`
      select id from salespeople where email = ${DEMO_ACCOUNTS.salesperson}`;

    // A second customer whose phone field holds the dealership's name.
    const namesake = await h.signIn("ny.buyer@example.org");
    await h.sql`update users set phone = ${dealership!.name} where id = ${namesake.userId}`;
    // A weekly report sent to them (as if they had led the dealership), and the manager's of the same week.
    await h.sql`
      insert into weekly_reports (dealership_id, user_id, week_start, sent_at)
      values (${dealership!.id}, ${person.userId}, '2024-07-01', now()),
             (${dealership!.id}, ${manager.userId}, '2024-07-01', now())`;

    const integration = await h.request("POST", "/api/crm/integrations", {
      cookie: manager.cookie,
      body: {
        dealershipId: dealership!.id,
        crmProvider: "hubspot",
        integrationName: "Pipeline",
        apiEndpoint: receiverUrl,
        authType: "api_key",
        credentials: { apiKey: "hs-test-key-0001" },
        webhookUrl: `${receiverUrl}/hook`,
      },
    });
    expect(integration.status, integration.text).toBe(201);

    // The booking, through the app: its notification, notice jobs and CRM delivery are written with it.
    const date = openDay(seller!.timeZone, 4);
    let booked: { status: number; json: { id: number } } | undefined;
    for (const time of SLOT_TIMES) {
      booked = await h.request("POST", "/api/appointments", {
        cookie: person.cookie,
        body: {
          salespersonId: seller!.id,
          date,
          time,
          appointmentType: "Test Drive",
          customerName: typedName,
          customerPhone: typedPhone,
          customerEmail: email,
          notes: typedNotes,
        },
      });
      if (booked.status === 201) break;
    }
    expect(booked?.status, JSON.stringify(booked?.json)).toBe(201);
    const appointmentId = booked!.json.id;
    // Another customer books the same salesperson: their notice is not the subject's and stays as it is.
    const bystander = await h.signIn("bystander@example.org");
    let theirs: { status: number; json: { id: number } } | undefined;
    for (const time of SLOT_TIMES) {
      theirs = await h.request("POST", "/api/appointments", {
        cookie: bystander.cookie,
        body: {
          salespersonId: seller!.id,
          date,
          time,
          appointmentType: "Car Viewing",
          customerName: "Robin Bystander",
          customerPhone: "(212) 555-0199",
        },
      });
      if (theirs.status === 201) break;
    }
    expect(theirs?.status, JSON.stringify(theirs?.json)).toBe(201);
    const noticeOf = async (id: number) =>
      h.sql<{ body: string }[]>`
        select body from notifications
         where salesperson_id = ${seller!.id} and type = 'appointment_requested'
           and link = ${`/salesperson-dashboard?tab=appointments&appointment=${id}`}`;
    const bystanderNotice = await noticeOf(theirs!.json.id);
    expect(bystanderNotice).toEqual([
      { body: expect.stringMatching(/^Robin Bystander booked a Car Viewing on /) },
    ]);
    expect(await noticeOf(appointmentId)).toEqual([
      {
        body: expect.stringMatching(
          new RegExp(`^${typedName.replace(/[.]/g, "\\.")} booked a Test Drive on `),
        ),
      },
    ]);
    // A visit of theirs marked no-show, which they dispute in their own words.
    const [missed] = await h.sql<{ id: number }[]>`
      insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                                customer_phone, customer_email)
      values (${seller!.id}, ${person.userId}, 'Test Drive', now() - interval '1 day', 'no-show', ${typedName},
              ${typedPhone}, ${email})
      returning id`;
    const disputed = await h.request("POST", `/api/visits/${missed!.id}/dispute`, {
      cookie: person.cookie,
      body: { statement: "I was there, ticket QZX-4471 at the desk" },
    });
    expect(disputed.status, disputed.text).toBe(201);
    const message = await h.request("POST", "/api/contact-salesperson", {
      cookie: person.cookie,
      body: { salespersonId: seller!.id, message: `Call me about ${typedNotes}`, contactMethod: "email" },
    });
    expect(message.status, `${message.text} ${seller!.id}`).toBe(201);
    const contact = await h.request("POST", "/api/contact", {
      cookie: person.cookie,
      body: { name: typedName, email, subject: "other", message: `My number is ${typedPhone}` },
    });
    expect(contact.status).toBe(201);
    const claim = await h.request("POST", "/api/purchase-claims", {
      cookie: person.cookie,
      body: { salespersonId: seller!.id, vehicle: "2024 Civic, stock QZX-4471" },
    });
    expect(claim.status, claim.text).toBe(201);

    // The failed first delivery is logged with its payload; the job waits for its retry, and one is archived.
    const appointmentKey = String(appointmentId);
    const messageKey = String(message.json.messageId);
    const logged = await until(
      () => h.sql`
        select 1 from crm_sync_logs
         where (entity_type = 'appointment' and entity_id = ${appointmentKey})
            or (entity_type = 'message' and entity_id = ${messageKey})`,
      (rows) => rows.length === 2,
    );
    expect(logged).toHaveLength(2);
    const waiting = await until(
      () => h.sql`
        select id from pgboss.job j where name = 'crm-delivery' and state = 'retry'
           and ((j.data->'payload'->>'entityType' = 'appointment' and j.data->'payload'->>'entityId' = ${appointmentKey})
                or (j.data->'payload'->>'entityType' = 'message' and j.data->'payload'->>'entityId' = ${messageKey}))`,
      (rows) => rows.length === 2,
    );
    expect(waiting).toHaveLength(2);
    // The booking's delivery has finished (pg-boss keeps a finished job, with its data, until its deletion time).
    await h.sql`
      update pgboss.job set state = 'failed', completed_on = now()
       where name = 'crm-delivery' and data->'payload'->>'entityType' = 'appointment'
         and data->'payload'->>'entityId' = ${appointmentKey}`;

    const { customerId, subscriptionId, localId } = await payingCustomer(person.userId, seller!.id);
    await h.sql`
      insert into audit_log (actor_user_id, actor_role, action, entity_type, entity_id, after, ip_address)
      values (${admin.userId}, 'admin', 'user.update', 'user', ${person.userId},
              ${h.sql.json({ email, firstName: "Sam", lastName: "Rivera", phone: "example.com" })}, '10.1.1.1')`;
    // A Google account linked to theirs, under the address it vouched for.
    await h.sql`
      insert into linked_identities (user_id, provider, subject, email)
      values (${person.userId}, 'google', 'google-subject-QZX-4471', ${email})`;
    await h.sql`
      insert into login_tokens (id, email, purpose, expires_at)
      values ('erasure-token-subject', ${email}, 'customer', now() + interval '1 hour'),
             ('erasure-token-manager', ${DEMO_ACCOUNTS.manager}, 'customer', now() + interval '1 hour')`;
    await h.sql`
      insert into rate_limit_buckets (key, tokens) values
        (${`login:email:customer:${email}`}, 1), (${`login:email:customer:${DEMO_ACCOUNTS.manager}`}, 1),
        ('login:email:customer:see@example.com', 1)`;
    await h.sql`
      insert into login_throttles (key, failures) values
        (${`admin:acct:${email}`}, 1), (${`admin:pair:${email}|10.0.0.9`}, 1),
        (${`admin:acct:${DEMO_ACCOUNTS.manager}`}, 1), ('admin:pair:see@example.com|10.0.0.9', 1)`;

    // The address as a whole word (morgan.lee@example.com ends with it and must stay).
    const addressPattern = "(^|[^a-z0-9._%+-])ee@example\\.com";
    const typed = [typedName, typedPhone.replace(/[+().]/g, "\\$&"), "QZX-4471"];
    for (const needle of [addressPattern, ...typed])
      expect((await holders(needle)).length, needle).toBeGreaterThan(0);
    const before = await othersSnapshot(person.userId);
    const tokensBefore = await h.sql`select id from login_tokens order by id`;

    const requestId = await fileErasure(person.cookie);
    const namesakeRequest = await fileErasure(namesake.cookie);
    const done = await complete(requestId);
    expect(done.status, done.text).toBe(200);
    const namesakeDone = await complete(namesakeRequest);
    expect(namesakeDone.status, namesakeDone.text).toBe(200);

    // Nobody else changed: not the manager whose address ends like the subject's, not the salesperson who
    // shares the subject's name, not the dealership named in the other customer's phone field.
    const after = await othersSnapshot(person.userId);
    const namesakeRow = (rows: { id: string }[]) => rows.filter((u) => u.id !== namesake.userId);
    expect(namesakeRow(after.users as never)).toEqual(namesakeRow(before.users as never));
    expect(after.salespeople).toEqual(before.salespeople);
    expect(after.dealerships).toEqual(before.dealerships);
    const [sam] = await h.sql<{ name: string; email: string }[]>`
      select name, email::text from salespeople where id = ${samRivera!.id}`;
    expect(sam).toEqual({ name: "Sam Rivera", email: DEMO_ACCOUNTS.salesperson });
    expect((await h.sql`select id from login_tokens order by id`).map((r) => r.id)).toEqual(
      tokensBefore.map((r) => r.id).filter((id) => id !== "erasure-token-subject"),
    );
    expect(
      (await h.sql`select key from rate_limit_buckets where key like 'login:email:%' order by key`).map(
        (r) => r.key,
      ),
    ).toEqual([`login:email:customer:${DEMO_ACCOUNTS.manager}`, "login:email:customer:see@example.com"]);
    expect((await h.sql`select key from login_throttles order by key`).map((r) => r.key)).toEqual([
      `admin:acct:${DEMO_ACCOUNTS.manager}`,
      "admin:pair:see@example.com|10.0.0.9",
    ]);

    // Nothing they typed or are known by is left in any table, queued or finished job, or sync log.
    for (const needle of [addressPattern, ...typed]) expect(await holders(needle), needle).toEqual([]);
    const [user] =
      await h.sql`select email::text, first_name, last_name, phone from users where id = ${person.userId}`;
    expect(user).toEqual({
      email: `erased-${person.userId}@erased.invalid`,
      first_name: null,
      last_name: null,
      phone: null,
    });
    expect(
      await h.sql`select 1 from pgboss.job where name = 'crm-delivery' and state in ('created', 'retry')
                        and data->'payload'->>'entityId' = ${String(appointmentId)}`,
    ).toEqual([]);
    const [journal] = await h.sql`select 1 as n from erasure_journal where user_id = ${person.userId}`;
    expect(journal).toEqual({ n: 1 });

    // Stripe: the customer is gone and the subscription cancelled, there and here.
    expect(standin.store.customers.has(customerId)).toBe(false);
    expect(standin.store.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    const [local] = await h.sql`select status, user_id from subscriptions where id = ${localId}`;
    expect(local).toEqual({ status: "canceled", user_id: null });

    // The answer says what changed, table by table.
    const account = done.json.responseData.anonymised as Record<string, number>;
    expect(account).toMatchObject({
      users: 1,
      appointments: 2,
      visit_disputes: 1,
      messages: 1,
      contact_messages: 1,
      purchase_claims: 1,
      stripe_customers: 1,
      subscriptions: 1,
      login_tokens: 1,
      rate_limit_buckets: 1,
      login_throttles: 2,
      erasure_journal: 1,
      weekly_reports: 1,
    });
    expect(
      await h.sql`select user_id from weekly_reports where dealership_id = ${dealership!.id} order by user_id`,
    ).toEqual([{ user_id: manager.userId }]);
    // Both deliveries' logs; the salesperson's notices of the booking and the message.
    expect(account.crm_sync_logs).toBe(2);
    expect(account.notifications).toBe(2);
    // The waiting delivery deleted and the finished one redacted at least (notices and reminders the workers
    // have not sent yet come on top).
    expect(account["pgboss.job"]).toBeGreaterThanOrEqual(2);
    for (const table of Object.keys(account))
      expect(table in ERASURE_RULES || table.startsWith("pgboss.") || table in NOT_PERSONAL, table).toBe(
        true,
      );
    // The salesperson still sees that a booking was made, without who made it; the other customer's notice at
    // the same salesperson is untouched.
    expect(await noticeOf(appointmentId)).toEqual([
      { body: expect.stringMatching(/^Erased user booked a Test Drive on /) },
    ]);
    expect(await noticeOf(theirs!.json.id)).toEqual(bystanderNotice);
  }, 60_000);

  it("a Stripe failure erases nothing and says so", async () => {
    const person = await h.signIn("stripe.down@example.org");
    await h.sql`update users set first_name = 'Dana', last_name = 'Down' where id = ${person.userId}`;
    const [seller] = await h.sql<{ id: number }[]>`select id from salespeople order by id limit 1`;
    await payingCustomer(person.userId, seller!.id);
    const requestId = await fileErasure(person.cookie);
    await standin.close();
    const refused = await complete(requestId);
    expect(refused.status).toBe(502);
    expect(refused.json.code).toBe("ERASURE_PAYMENT_FAILED");
    expect(refused.json.message).toMatch(/nothing was erased/);
    const [user] = await h.sql`select email::text, first_name from users where id = ${person.userId}`;
    expect(user).toEqual({ email: "stripe.down@example.org", first_name: "Dana" });
    const [customer] =
      await h.sql`select count(*)::int as n from stripe_customers where user_id = ${person.userId}`;
    expect(customer).toEqual({ n: 1 });
    const [request] = await h.sql`select status from gdpr_requests where id = ${requestId}`;
    expect(request).toEqual({ status: "pending" });
  }, 60_000);
});

describe("the accused's export", () => {
  it("leaves out third parties' reports about them, keeps their own, and counts the others by status", async () => {
    const [accused, other] = await h.sql<{ id: number; email: string }[]>`
      select id, email::text from salespeople where email <> ${DEMO_ACCOUNTS.salesperson} order by id limit 2`;
    const seller = await h.signIn(accused!.email, "salesperson");
    const buyer = await h.signIn("witness.buyer@example.org");
    const thirdParty = "On 3 March he shouted at me and my daughter at the Elm Street lot, ticket 88-QV";
    const filed = await h.request("POST", "/api/misconduct-reports", {
      cookie: buyer.cookie,
      body: {
        salespersonId: accused!.id,
        category: MISCONDUCT_CATEGORY,
        description: thirdParty,
        incidentDate: "2026-03-03",
        anonymous: false,
      },
    });
    expect(filed.status, filed.text).toBe(201);
    const own = "A colleague took my customer's deposit without a receipt, twice";
    const theirs = await h.request("POST", "/api/misconduct-reports", {
      cookie: seller.cookie,
      body: { salespersonId: other!.id, category: MISCONDUCT_CATEGORY, description: own, anonymous: false },
    });
    expect(theirs.status, theirs.text).toBe(201);

    const request = await h.request("POST", "/api/compliance/gdpr-requests", {
      cookie: seller.cookie,
      body: { requestType: "access" },
    });
    expect((await complete(request.json.id)).status).toBe(200);
    const data = await h.request("GET", `/api/compliance/gdpr-requests/${request.json.id}/export`, {
      cookie: seller.cookie,
    });
    expect(data.status).toBe(200);
    expect(data.text).not.toContain("Elm Street");
    expect(data.text).not.toContain("2026-03-03");
    const rows = data.json.tables.misconduct_reports.rows as { description: string }[];
    expect(rows.map((r) => r.description)).toEqual([own]);
    const [open] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from misconduct_reports
       where salesperson_id = ${accused!.id} and status = 'open' and reporter_user_id is distinct from ${seller.userId}`;
    expect(open!.n).toBeGreaterThan(0);
    expect(data.json.aboutYou.misconduct_reports.open).toBe(open!.n);
  });
});
