// CRM integrations: credentials sealed (bound to their row) and masked, never following a changed origin, the
// dealership rule, real connection tests (and SSRF refusals in every address form), signed deliveries of every
// event to a receiver on 127.0.0.1 exactly once, retries after a 500 with one log row per attempt (its status
// line, never the receiver's text), the error state, and a manual re-send.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { bindCrmSecrets, crmSecretBinding } from "../src/server/domains/crm/secrets";
import { CRM_JOB_EXPIRE_SECONDS } from "../src/server/domains/crm/service";
import { createLogger } from "../src/server/logger";
import { seedDatabase } from "../src/server/seed/demo";
import { CRM_FAILURES_BEFORE_ERROR } from "../src/shared/crm";
import { addDays, todayIn } from "../src/shared/time";
import { createHarness } from "./support/harness";
import { until } from "./support/until";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true", CRM_RETRY_DELAY_SECONDS: "1" });
await h.seed(0.05);

type Delivery = { event: string; deliveryId: string; body: string; signature: string; authorization: string };

/** A CRM webhook receiver on 127.0.0.1: records every request; `failNext` answers that many 500s first. */
async function startReceiver() {
  const received: Delivery[] = [];
  const state = { failNext: 0 };
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === "GET") {
      res.writeHead(req.headers.authorization ? 200 : 401).end("{}");
      return;
    }
    received.push({
      event: String(req.headers["x-knowbefore-event"]),
      deliveryId: String(req.headers["x-knowbefore-delivery"]),
      body: Buffer.concat(chunks).toString("utf8"),
      signature: String(req.headers["x-knowbefore-signature"]),
      authorization: String(req.headers.authorization),
    });
    if (state.failNext > 0) {
      state.failNext--;
      res.writeHead(500).end("receiver is down");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, state };
}

/** What the documentation tells a receiver to do. */
function verify(secret: string, delivery: Delivery): boolean {
  const parts = Object.fromEntries(
    delivery.signature.split(",").map((p) => p.split("=") as [string, string]),
  );
  const expected = createHmac("sha256", secret).update(`${parts.t}.${delivery.body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const [A, B] = await h.sql<{ id: number; email: string; time_zone: string }[]>`
  select d.id, u.email, d.time_zone from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 2`;
const managerA = await h.signIn(A!.email, "manager");
const managerB = await h.signIn(B!.email, "manager");
const admin = await h.signIn("crm.admin@example.org", "admin");
const customer = await h.signIn("crm.buyer@example.org");
const [person] = await h.sql<{ id: number; email: string }[]>`
  select id, email from salespeople where dealership_id = ${A!.id} order by id limit 1`;
const seller = await h.signIn(person!.email, "salesperson");
const receiver = await startReceiver();

const API_KEY = "hs-live-7f3a9c2e11d84b6f";

async function create(manager: { cookie: string }, body: Record<string, unknown>) {
  return h.request("POST", "/api/crm/integrations", { cookie: manager.cookie, body });
}

describe("integrations", () => {
  it("validates by provider, seals credentials and never answers them", async () => {
    const noKey = await create(managerA, {
      crmProvider: "hubspot",
      integrationName: "HubSpot",
      apiEndpoint: receiver.url,
      credentials: {},
    });
    expect(noKey.status).toBe(400);
    expect(noKey.json.message).toContain("API key");
    const oauthWithoutPassword = await create(managerA, {
      crmProvider: "salesforce",
      integrationName: "SF",
      apiEndpoint: receiver.url,
      credentials: { username: "sync@dealer.example" },
    });
    expect(oauthWithoutPassword.status).toBe(400);
    const webhookUnsupported = await create(managerA, {
      crmProvider: "elead",
      integrationName: "Elead",
      apiEndpoint: receiver.url,
      credentials: { apiKey: "k" },
      webhookUrl: `${receiver.url}/hook`,
    });
    expect(webhookUnsupported.status).toBe(400);
    expect(webhookUnsupported.json.message).toContain("does not take webhooks");
    const badUrl = await create(managerA, {
      crmProvider: "hubspot",
      integrationName: "x",
      apiEndpoint: "ftp://crm.example.com",
      credentials: { apiKey: "k" },
    });
    expect(badUrl.status).toBe(400);

    const created = await create(managerA, {
      dealershipId: A!.id,
      crmProvider: "hubspot",
      integrationName: "HubSpot sales pipeline",
      apiEndpoint: receiver.url,
      authType: "api_key",
      credentials: { apiKey: API_KEY },
      webhookUrl: `${receiver.url}/hook`,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.credentials).toEqual({ apiKey: "••••4b6f", username: null, password: null });
    expect(created.json.signingSecret).toMatch(/^kbsec_/);
    expect(created.json.supportedEvents).toHaveLength(5);

    const [row] = await h.sql<
      Record<string, unknown>[]
    >`select * from crm_integrations where id = ${created.json.id}`;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(API_KEY);
    expect(stored).not.toContain(created.json.signingSecret);
    const listed = await h.request("GET", "/api/crm/integrations", { cookie: managerA.cookie });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(API_KEY);
    expect(listed.text).not.toContain(created.json.signingSecret);
    expect(listed.json.map((i: { id: number }) => i.id)).toContain(created.json.id);
    const audit = await h.sql`
      select 1 from audit_log where action = 'crm_integration.create' and entity_id = ${String(created.json.id)}`;
    expect(audit).toHaveLength(1);
  });

  it("keeps each dealership's integrations to its manager (and administrators)", async () => {
    const [mine] = (await h.request("GET", "/api/crm/integrations", { cookie: managerA.cookie })).json;
    const id = mine.id as number;
    const theirs = await h.request("GET", "/api/crm/integrations", { cookie: managerB.cookie });
    expect(theirs.json).toEqual([]);
    for (const [method, path] of [
      ["POST", `/api/crm/integrations/${id}/test`],
      ["GET", `/api/crm/integrations/${id}/logs`],
      ["PATCH", `/api/crm/integrations/${id}`],
      ["DELETE", `/api/crm/integrations/${id}`],
    ] as const) {
      const res = await h.request(method, path, {
        cookie: managerB.cookie,
        body: method === "PATCH" ? { integrationName: "mine now" } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const intoOther = await create(managerB, {
      dealershipId: A!.id,
      crmProvider: "webhook",
      integrationName: "x",
      apiEndpoint: receiver.url,
      credentials: { apiKey: "k" },
    });
    expect(intoOther.status).toBe(403);
    expect((await h.request("GET", "/api/crm/integrations", { cookie: customer.cookie })).status).toBe(403);
    expect((await h.request("GET", "/api/crm/providers", { cookie: seller.cookie })).status).toBe(403);
    expect((await h.request("GET", "/api/crm/providers")).status).toBe(401);
    const byAdmin = await h.request("GET", `/api/crm/integrations?dealershipId=${A!.id}`, {
      cookie: admin.cookie,
    });
    expect(byAdmin.json).toHaveLength(1);
    const providers = await h.request("GET", "/api/crm/providers", { cookie: managerA.cookie });
    expect(providers.json.hubspot).toMatchObject({ authType: "api_key", webhookSupport: true });
  });

  it("tests the connection with a real request: success with the status and time, or the network error", async () => {
    const [mine] = (await h.request("GET", "/api/crm/integrations", { cookie: managerA.cookie })).json;
    const ok = await h.request("POST", `/api/crm/integrations/${mine.id}/test`, { cookie: managerA.cookie });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, statusCode: 200 });
    expect(ok.json.message).toMatch(/answered HTTP 200 in \d+ ms/);

    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = await create(managerB, {
      crmProvider: "dealersocket",
      integrationName: "Nothing there",
      apiEndpoint: `http://127.0.0.1:${port}/api`,
      credentials: { apiKey: "k-123456" },
    });
    const res = await h.request("POST", `/api/crm/integrations/${refused.json.id}/test`, {
      cookie: managerB.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(false);
    expect(res.json.message).toContain("ECONNREFUSED");
    expect(res.json.statusCode).toBeNull();
  });

  it("refuses private and loopback destinations when they are not allowed (production)", async () => {
    const strict = await createHarness({ CRM_ALLOW_PRIVATE_TARGETS: "false", RATE_LIMIT_DISABLED: "true" });
    await seedDatabase(strict.sql, { scale: 0.02 });
    const [d] = await strict.sql<{ email: string }[]>`
      select u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 1`;
    const manager = await strict.signIn(d!.email, "manager");
    // An internal service on loopback, with something to hide in its error answer.
    const internal: string[] = [];
    const service = createServer((req, res) => {
      internal.push(String(req.url));
      res.writeHead(500).end("internal stack trace: db password hunter2");
    });
    await new Promise<void>((r) => service.listen(0, "127.0.0.1", r));
    afterAll(() => new Promise<void>((r) => service.close(() => r())));
    const port = (service.address() as AddressInfo).port;
    // Loopback forms first: before anything else is tried, nothing may have reached the service.
    for (const endpoint of [
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://127.0.0.1:${port}/`,
      "http://[::ffff:7f00:1]/",
      "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
      "http://[::ffff:10.1.2.3]/api",
      "http://[64:ff9b::7f00:1]/",
      receiver.url,
      "http://10.1.2.3/api",
      "http://[::1]:9/api",
      "http://localhost:9/api",
    ]) {
      const created = await strict.request("POST", "/api/crm/integrations", {
        cookie: manager.cookie,
        body: {
          crmProvider: "webhook",
          integrationName: "x",
          apiEndpoint: endpoint,
          credentials: { apiKey: "k" },
        },
      });
      const res = await strict.request("POST", `/api/crm/integrations/${created.json.id}/test`, {
        cookie: manager.cookie,
      });
      expect(res.json.success, endpoint).toBe(false);
      expect(res.json.message, endpoint).toMatch(/private or loopback/);
      expect(internal, endpoint).toEqual([]);
    }
  });

  it("sends stored credentials to another origin only when they are entered again with the change", async () => {
    const created = await create(managerB, {
      crmProvider: "hubspot",
      integrationName: "Moving CRM",
      apiEndpoint: `${receiver.url}/api`,
      credentials: { apiKey: "hs-moving-0001" },
      webhookUrl: `${receiver.url}/hook`,
    });
    expect(created.status, created.text).toBe(201);
    const path = `/api/crm/integrations/${created.json.id}`;
    const patch = (body: Record<string, unknown>) =>
      h.request("PATCH", path, { cookie: managerB.cookie, body });
    const elsewhere = "http://127.0.0.2:9";
    for (const body of [
      { apiEndpoint: `${elsewhere}/api` },
      { webhookUrl: `${elsewhere}/hook` },
      { apiEndpoint: receiver.url.replace("127.0.0.1", "localhost") },
    ]) {
      const moved = await patch(body);
      expect(moved.status, JSON.stringify(body)).toBe(400);
      expect(moved.json.code).toBe("CREDENTIALS_REQUIRED_FOR_NEW_ORIGIN");
    }
    const [row] = await h.sql<{ apiEndpoint: string; webhookUrl: string }[]>`
      select api_endpoint as "apiEndpoint", webhook_url as "webhookUrl" from crm_integrations
       where id = ${created.json.id}`;
    expect(row).toEqual({ apiEndpoint: `${receiver.url}/api`, webhookUrl: `${receiver.url}/hook` });

    // Another path on the same origin, or the webhook on the endpoint's origin, keeps the credentials.
    const samePlace = await patch({
      apiEndpoint: `${receiver.url}/v2`,
      webhookUrl: `${receiver.url}/v2/hook`,
    });
    expect(samePlace.status, samePlace.text).toBe(200);
    const withKey = await patch({
      webhookUrl: `${elsewhere}/hook`,
      credentials: { apiKey: "hs-moving-0002" },
    });
    expect(withKey.status, withKey.text).toBe(200);
    expect(withKey.json).toMatchObject({
      webhookUrl: `${elsewhere}/hook`,
      credentials: { apiKey: "••••0002" },
    });
    await h.request("DELETE", path, { cookie: managerB.cookie });
  });

  it("opens a sealed secret only in its own row, and still opens (then binds) one sealed before binding", async () => {
    const make = async (name: string, apiKey: string) => {
      const made = await create(managerB, {
        crmProvider: "webhook",
        integrationName: name,
        apiEndpoint: receiver.url,
        credentials: { apiKey },
      });
      expect(made.status, made.text).toBe(201);
      return made.json.id as number;
    };
    const source = await make("Source", "key-source-1111");
    const target = await make("Target", "key-target-2222");
    const testConnection = (id: number) =>
      h.request("POST", `/api/crm/integrations/${id}/test`, { cookie: managerB.cookie });
    expect((await testConnection(target)).json.success).toBe(true);

    await h.sql`
      update crm_integrations set credentials_encrypted = (
        select credentials_encrypted from crm_integrations where id = ${source}) where id = ${target}`;
    const copied = await testConnection(target);
    expect(copied.status).toBe(409);
    expect(copied.json.code).toBe("CREDENTIALS_UNREADABLE");

    // Values sealed before binding (no additional data) keep working, and are bound at the next start.
    const unbound = (plain: string) => h.deps.secrets.seal(plain);
    await h.sql`
      update crm_integrations set credentials_encrypted = ${unbound(JSON.stringify({ apiKey: "key-legacy-3333" }))},
             signing_secret_encrypted = ${unbound("kbsec_legacy")}
       where id = ${target}`;
    expect((await testConnection(target)).json.success).toBe(true);
    await bindCrmSecrets(h.sql, h.deps.secrets, createLogger("silent"));
    const [bound] = await h.sql<{ credentials: string; secret: string }[]>`
      select credentials_encrypted as credentials, signing_secret_encrypted as secret
        from crm_integrations where id = ${target}`;
    expect(bound!.credentials.startsWith("v2.")).toBe(true);
    expect(h.deps.secrets.open(bound!.secret, crmSecretBinding(target, "signing_secret_encrypted"))).toBe(
      "kbsec_legacy",
    );
    expect(
      JSON.parse(h.deps.secrets.open(bound!.credentials, crmSecretBinding(target, "credentials_encrypted"))),
    ).toEqual({ apiKey: "key-legacy-3333" });
    expect((await testConnection(target)).json.success).toBe(true);
    for (const id of [source, target])
      await h.request("DELETE", `/api/crm/integrations/${id}`, { cookie: managerB.cookie });
  });
});

describe("deliveries", () => {
  it("delivers every event exactly once, signed, with the API key", async () => {
    const [mine] = (await h.request("GET", "/api/crm/integrations", { cookie: managerA.cookie })).json;
    // The signing secret was shown once at creation; read it back the way the server does, for the check.
    const secret = h.deps.secrets.open(
      (
        await h.sql<
          { s: string }[]
        >`select signing_secret_encrypted as s from crm_integrations where id = ${mine.id}`
      )[0]!.s,
      crmSecretBinding(mine.id, "signing_secret_encrypted"),
    );
    // Two free slots from the real slot grid: the seed books visits in the coming days too.
    let date = "";
    let free: string[] = [];
    for (let ahead = 2; free.length < 2 && ahead < 30; ahead++) {
      date = addDays(todayIn(A!.time_zone), ahead);
      const grid = await h.request("GET", `/api/appointments/salesperson/${person!.id}/${date}`);
      free = (grid.json.slots as { time: string; state: string }[])
        .filter((s) => s.state === "available")
        .map((s) => s.time);
    }
    expect(free.length).toBeGreaterThanOrEqual(2);
    const book = (time: string) =>
      h.request("POST", "/api/appointments", {
        cookie: customer.cookie,
        body: {
          salespersonId: person!.id,
          date,
          time,
          appointmentType: "Test Drive",
          customerName: "Casey Buyer",
          customerPhone: "(512) 555-0101",
          customerEmail: "crm.buyer@example.org",
        },
      });
    const first = await book(free[0]!);
    expect(first.status, first.text).toBe(201);
    const second = await book(free[1]!);
    expect(second.status, second.text).toBe(201);
    expect(
      (
        await h.request("PATCH", `/api/appointments/${second.json.id}/cancel`, {
          cookie: customer.cookie,
          body: { reason: "Plans changed" },
        })
      ).status,
    ).toBe(200);
    // The visit takes place (an outcome is recorded only once it has started): moved to yesterday.
    await h.sql`update appointments set starts_at = date_trunc('minute', now()) - interval '26 hours 7 minutes'
                 where id = ${first.json.id}`;
    const completed = await h.request("PATCH", `/api/appointments/${first.json.id}`, {
      cookie: seller.cookie,
      body: { status: "completed" },
    });
    expect(completed.status, completed.text).toBe(200);
    const rated = await h.request("POST", "/api/ratings-submit", {
      cookie: customer.cookie,
      body: {
        salespersonId: person!.id,
        appointmentId: first.json.id,
        overallRating: 5,
        helpfulnessRating: 5,
        pressureLevelRating: 5,
        communicationRating: 4,
        knowledgeRating: 4,
        comment: "Straight answers",
      },
    });
    expect(rated.status, rated.text).toBe(201);
    const lead = await h.request("POST", "/api/contact-salesperson", {
      cookie: customer.cookie,
      body: { salespersonId: person!.id, message: "Is the blue one still there?", contactMethod: "email" },
    });
    expect(lead.status, lead.text).toBeLessThan(300);

    const expected = [
      "appointment.created",
      "appointment.created",
      "appointment.cancelled",
      "appointment.completed",
      "rating.created",
      "lead.created",
    ];
    const got = await until(
      async () => receiver.received.filter((d) => d.event !== "undefined"),
      (list) => list.length >= expected.length,
    );
    // Every job has ended, so nothing more can arrive: each event was delivered exactly once.
    expect(await deliveriesSettled(mine.id)).toBe(0);
    expect(receiver.received.map((d) => d.event).sort()).toEqual([...expected].sort());
    expect(new Set(got.map((d) => d.deliveryId)).size).toBe(expected.length);
    for (const delivery of receiver.received) {
      expect(verify(secret, delivery)).toBe(true);
      expect(verify("wrong-secret", delivery)).toBe(false);
      expect(delivery.authorization).toBe(`Bearer ${API_KEY}`);
      const body = JSON.parse(delivery.body);
      expect(body).toMatchObject({ id: delivery.deliveryId, type: delivery.event, dealershipId: A!.id });
    }
    // The cancellation's delivery carries the appointment as the cancellation left it.
    const cancelledBody = JSON.parse(
      receiver.received.find((d) => d.event === "appointment.cancelled")!.body,
    );
    expect(cancelledBody.data).toMatchObject({
      appointmentId: second.json.id,
      status: "cancelled",
      cancelledBy: "customer",
      cancellationReason: "Plans changed",
      customerEmail: "crm.buyer@example.org",
      salespersonId: person!.id,
    });
    const leadBody = JSON.parse(receiver.received.find((d) => d.event === "lead.created")!.body);
    expect(leadBody.data).toMatchObject({
      message: "Is the blue one still there?",
      customerEmail: "crm.buyer@example.org",
    });
    const logs = await h.request("GET", `/api/crm/integrations/${mine.id}/logs`, { cookie: managerA.cookie });
    expect(logs.headers.get("x-total-count")).toBe(String(expected.length));
    // Each delivery job has its own time limit, so a stuck one cannot hold the worker's batch for long.
    const limits = await h.sql<{ seconds: number }[]>`
      select expire_seconds as seconds from pgboss.job
       where name = 'crm-delivery' and data->>'deliveryId' = any(${got.map((d) => d.deliveryId)})`;
    expect(limits.map((l) => l.seconds)).toEqual(got.map(() => CRM_JOB_EXPIRE_SECONDS));
    expect(logs.json.every((l: { status: string }) => l.status === "success")).toBe(true);
  });

  it("retries after a 500, logs every attempt, goes to error after repeated failures, and can re-send", async () => {
    const [mine] = (await h.request("GET", "/api/crm/integrations", { cookie: managerA.cookie })).json;
    receiver.received.length = 0;
    receiver.state.failNext = 1;
    const lead = await h.request("POST", "/api/contact-salesperson", {
      cookie: customer.cookie,
      body: { salespersonId: person!.id, message: "Second question", contactMethod: "phone" },
    });
    expect(lead.status).toBeLessThan(300);
    const attempts = await until(
      async () => receiver.received,
      (list) => list.length >= 2,
    );
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.deliveryId).toBe(attempts[1]!.deliveryId);
    const logs = await until(
      async () =>
        (
          await h.request("GET", `/api/crm/integrations/${mine.id}/logs?search=lead.created`, {
            cookie: managerA.cookie,
          })
        ).json as {
          status: string;
          attempt: number;
          responseCode: number | null;
          deliveryId: string;
          errorDetails: string | null;
          processingTime: number;
        }[],
      (list) => list.filter((l) => l.deliveryId === attempts[0]!.deliveryId).length >= 2,
    );
    const mineLogs = logs.filter((l) => l.deliveryId === attempts[0]!.deliveryId);
    expect(mineLogs.map((l) => [l.attempt, l.status, l.responseCode]).sort()).toEqual([
      [1, "failure", 500],
      [2, "success", 200],
    ]);
    // The status line only: what the receiver wrote in its answer stays out of the log.
    expect(mineLogs.find((l) => l.status === "failure")!.errorDetails).toBe("HTTP 500");
    // Measured in whole milliseconds, within the delivery's time limit.
    for (const log of mineLogs) {
      expect(Number.isInteger(log.processingTime), String(log.processingTime)).toBe(true);
      expect(log.processingTime).toBeLessThan(CRM_JOB_EXPIRE_SECONDS * 1000);
    }

    // A receiver that keeps failing: the integration goes to error with the last message.
    receiver.state.failNext = 1000;
    const before = receiver.received.length;
    await h.request("POST", "/api/contact-salesperson", {
      cookie: customer.cookie,
      body: { salespersonId: person!.id, message: "Third question", contactMethod: "email" },
    });
    type Listed = { syncStatus: string; errorMessage: string | null };
    const first = async (): Promise<Listed> =>
      (await h.request("GET", "/api/crm/integrations", { cookie: managerA.cookie })).json[0];
    const failing = await until(first, (i) => i.syncStatus === "error", 30_000);
    expect(receiver.received.length - before).toBeGreaterThanOrEqual(CRM_FAILURES_BEFORE_ERROR);
    expect(failing.errorMessage).toContain("HTTP 500");
    expect(failing.errorMessage).not.toContain("receiver is down");

    // The receiver is back: a manual re-send of the failed delivery goes through and the status recovers.
    receiver.state.failNext = 0;
    const failed = (
      await h.request("GET", `/api/crm/integrations/${mine.id}/logs?status=failure&search=lead.created`, {
        cookie: managerA.cookie,
      })
    ).json.find((l: { deliveryId: string }) => l.deliveryId !== attempts[0]!.deliveryId);
    const resend = await h.request("POST", `/api/crm/logs/${failed.id}/resend`, { cookie: managerA.cookie });
    expect(resend.status, resend.text).toBe(200);
    const recovered = await until(first, (i) => i.syncStatus === "active", 30_000);
    expect(recovered.errorMessage).toBeNull();
    const byOther = await h.request("POST", `/api/crm/logs/${failed.id}/resend`, { cookie: managerB.cookie });
    expect(byOther.status).toBe(404);
  });

  it("sends nothing to a paused integration: no new delivery is queued, and queued ones end unsent", async () => {
    const [mine] = (await h.request("GET", "/api/crm/integrations", { cookie: managerA.cookie })).json;
    const paused = await h.request("PATCH", `/api/crm/integrations/${mine.id}`, {
      cookie: managerA.cookie,
      body: { isActive: false },
    });
    expect(paused.json, paused.text).toMatchObject({ isActive: false, syncStatus: "paused" });
    const sentBefore = receiver.received.length;
    const logsBefore = await syncLogCount(mine.id);

    // An event of the paused integration's dealership queues no delivery at all.
    const lead = await h.request("POST", "/api/contact-salesperson", {
      cookie: customer.cookie,
      body: { salespersonId: person!.id, message: "Paused?", contactMethod: "email" },
    });
    expect(lead.status, lead.text).toBeLessThan(300);
    const [queued] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job
       where name = 'crm-delivery' and (data->>'integrationId')::int = ${mine.id}
         and data->'payload'->'data'->>'message' = 'Paused?'`;
    expect(queued!.n).toBe(0);

    // A delivery queued before the pause, and retries of earlier failures, run to their end without sending.
    const deliveryId = randomUUID();
    await h.deps.jobs.send("crm-delivery", {
      integrationId: mine.id,
      deliveryId,
      payload: {
        id: deliveryId,
        type: "lead.created",
        createdAt: new Date().toISOString(),
        dealershipId: A!.id,
        entityType: "lead",
        entityId: "0",
        data: {},
      },
    });
    await h.sql`
      update pgboss.job set start_after = now()
       where name = 'crm-delivery' and state in ('created', 'retry')
         and (data->>'integrationId')::int = ${mine.id}`;
    expect(await deliveriesSettled(mine.id)).toBe(0);
    const [ran] = await h.sql<{ state: string }[]>`
      select state from pgboss.job where name = 'crm-delivery' and data->>'deliveryId' = ${deliveryId}`;
    expect(ran?.state).toBe("completed");
    expect(receiver.received.length).toBe(sentBefore);
    expect(await syncLogCount(mine.id)).toBe(logsBefore);
  });
});

/** Waits until every delivery job of the integration has ended (no attempt left to run); answers how many have not. */
async function deliveriesSettled(integrationId: number) {
  return until(
    async () =>
      (
        await h.sql<{ n: number }[]>`
          select count(*)::int as n from pgboss.job
           where name = 'crm-delivery' and (data->>'integrationId')::int = ${integrationId}
             and state not in ('completed', 'failed', 'cancelled')`
      )[0]!.n,
    (n) => n === 0,
  );
}

async function syncLogCount(integrationId: number) {
  const [row] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from crm_sync_logs where integration_id = ${integrationId}`;
  return row!.n;
}
