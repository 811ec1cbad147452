// A dealership's CRM that stalls, fails, refuses or drops connections: each delivery attempt ends at its deadline
// and is logged in this server's words, the retries back off (doubling) and stop after the last attempt, which
// says so in the log and puts the integration in error for its manager; an acknowledged delivery is never sent
// again when a pending retry comes round; the manager's connection test answers before the request's deadline.
// Waiting out the backoff is replaced by moving each retry's start time up, once its schedule has been checked.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { CRM_ATTEMPTS, CRM_GAVE_UP } from "../src/server/domains/crm/delivery";
import { CRM_TIMEOUT_MS } from "../src/server/domains/crm/service";
import { ANSWER_RESERVE_MS } from "../src/server/http/callTimeout";
import { createHarness } from "./support/harness";
import { until } from "./support/until";

const RETRY_DELAY_SECONDS = 1;
/** Shorter than a CRM's deadline: the connection test must still answer in its own words. */
const REQUEST_TIMEOUT_MS = 3000;

const h = await createHarness({
  RATE_LIMIT_DISABLED: "true",
  CRM_RETRY_DELAY_SECONDS: String(RETRY_DELAY_SECONDS),
  REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
});
await h.seed(0.05);

/** What the CRM does with each webhook POST, in turn (then 200): stall, drop the connection, or a status. */
type Behaviour = "stall" | "reset" | number;

/** A CRM on 127.0.0.1 whose behaviour the test sets; `close` and `reopen` make it refuse connections meanwhile. */
async function startCrm() {
  const posts: string[] = [];
  const plan: Behaviour[] = [];
  const state = { stallGets: false };
  const held = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    if (req.method === "GET") {
      if (state.stallGets) held.add(res);
      else res.writeHead(200).end("{}");
      return;
    }
    posts.push(String(req.headers["x-knowbefore-delivery"]));
    const behaviour = plan.shift() ?? 200;
    if (behaviour === "stall") held.add(res);
    else if (behaviour === "reset") req.socket.destroy();
    else res.writeHead(behaviour).end(behaviour === 200 ? '{"ok":true}' : "db01 unreachable, see ops");
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    posts,
    plan,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    reopen: () => listen(port),
  };
}

const [A] = await h.sql<{ id: number; email: string }[]>`
  select d.id, u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 1`;
const manager = await h.signIn(A!.email, "manager");
const customer = await h.signIn("crm.outages.buyer@example.org");
const [person] = await h.sql<{ id: number }[]>`
  select id from salespeople where dealership_id = ${A!.id} order by id limit 1`;
const crm = await startCrm();
const created = await h.request("POST", "/api/crm/integrations", {
  cookie: manager.cookie,
  body: {
    crmProvider: "hubspot",
    integrationName: "Flaky CRM",
    apiEndpoint: crm.url,
    credentials: { apiKey: "hs-flaky-0001" },
    webhookUrl: `${crm.url}/hook`,
  },
});
const integrationId = created.json.id as number;

/** A buyer's message to the salesperson: one lead.created delivery; answers its job and delivery id. */
async function newDelivery(message: string) {
  const sent = await h.request("POST", "/api/contact-salesperson", {
    cookie: customer.cookie,
    body: { salespersonId: person!.id, message, contactMethod: "email" },
  });
  expect(sent.status, sent.text).toBeLessThan(300);
  const [job] = await h.sql<{ id: string; deliveryId: string }[]>`
    select id, data->>'deliveryId' as "deliveryId" from pgboss.job
     where name = 'crm-delivery' and (data->>'integrationId')::int = ${integrationId}
       and data->'payload'->'data'->>'message' = ${message}`;
  return job!;
}

type Log = { attempt: number; status: string; errorDetails: string | null; processingMs: number; at: Date };
async function logsOf(deliveryId: string) {
  return h.sql<Log[]>`
    select attempt, status, error_details as "errorDetails", processing_time_ms as "processingMs", created_at as at
      from crm_sync_logs where delivery_id = ${deliveryId} order by attempt`;
}

async function jobState(id: string) {
  const [job] = await h.sql<{ state: string; startAfter: Date }[]>`
    select state, start_after as "startAfter" from pgboss.job where name = 'crm-delivery' and id = ${id}`;
  return job!;
}

/** Runs the job's waiting retry now instead of at its scheduled time. */
async function retryNow(id: string) {
  await h.sql`update pgboss.job set start_after = now() where name = 'crm-delivery' and id = ${id} and state = 'retry'`;
}

describe("deliveries to a CRM that fails", () => {
  it("ends each attempt at its deadline, backs off between them, and stops after the last, which the manager sees", async () => {
    // Attempt by attempt: no answer, a 503, no listener, a dropped connection, then 500s.
    crm.plan.push("stall", 503);
    const { id, deliveryId } = await newDelivery("Is the red one still there?");
    const expected: (RegExp | string)[] = [
      `No complete answer within ${CRM_TIMEOUT_MS / 1000} s`,
      "HTTP 503",
      `Connection refused by 127.0.0.1:${crm.port} (ECONNREFUSED)`,
      "The connection was reset (ECONNRESET)",
      "HTTP 500",
      `HTTP 500; ${CRM_GAVE_UP}`,
    ];
    expect(expected).toHaveLength(CRM_ATTEMPTS);
    for (let n = 1; n <= CRM_ATTEMPTS; n++) {
      const logs = await until(
        () => logsOf(deliveryId),
        (list) => list.length >= n,
        CRM_TIMEOUT_MS + 10_000,
      );
      expect(logs).toHaveLength(n);
      const log = logs[n - 1]!;
      expect(log).toMatchObject({ attempt: n, status: "failure", errorDetails: expected[n - 1] });
      if (n === 1) {
        // Ended by its own deadline, not much later.
        expect(log.processingMs).toBeGreaterThanOrEqual(CRM_TIMEOUT_MS);
        expect(log.processingMs).toBeLessThan(CRM_TIMEOUT_MS + 1000);
      }
      if (n === CRM_ATTEMPTS) break;
      // The retry is scheduled 1-2, 2-4, 4-8, ... times the delay after the failure.
      const job = await until(
        () => jobState(id),
        (j) => j.state === "retry",
      );
      expect(job.state).toBe("retry");
      const waitSeconds = (job.startAfter.getTime() - log.at.getTime()) / 1000;
      expect(waitSeconds).toBeGreaterThanOrEqual(RETRY_DELAY_SECONDS * 2 ** (n - 1));
      expect(waitSeconds).toBeLessThan(RETRY_DELAY_SECONDS * 2 ** n + 1);
      // Between the attempts the CRM stops listening for one, then drops the next connection, then answers 500s.
      if (n === 2) await crm.close();
      if (n === 3) {
        await crm.reopen();
        crm.plan.push("reset", 500, 500);
      }
      await retryNow(id);
    }

    // No attempt follows the last: the job has failed for good.
    const ended = await until(
      () => jobState(id),
      (j) => j.state === "failed",
    );
    expect(ended.state).toBe("failed");
    expect(crm.posts.filter((d) => d === deliveryId)).toHaveLength(CRM_ATTEMPTS - 1); // one attempt found no listener

    // What the manager sees: the integration in error, saying the event is not sent again; the log's last row too.
    const [listed] = (await h.request("GET", "/api/crm/integrations", { cookie: manager.cookie })).json;
    expect(listed).toMatchObject({ id: integrationId, syncStatus: "error" });
    expect(listed.errorMessage).toContain(`failed ${CRM_ATTEMPTS} times and will not be tried again`);
    expect(listed.errorMessage).not.toContain("db01");
    const page = await h.request("GET", `/api/crm/integrations/${integrationId}/logs?search=lead.created`, {
      cookie: manager.cookie,
    });
    const rows = (page.json as { deliveryId: string; errorDetails: string }[]).filter(
      (l) => l.deliveryId === deliveryId,
    );
    expect(rows).toHaveLength(CRM_ATTEMPTS);
    expect(rows[0]!.errorDetails).toContain(CRM_GAVE_UP);
    expect(page.text).not.toContain("db01");
  });

  it("never sends an acknowledged event again when its pending retry comes round after a re-send", async () => {
    crm.plan.push(500);
    const { id, deliveryId } = await newDelivery("Do you take trade-ins?");
    const [failed] = await until(
      () => logsOf(deliveryId),
      (list) => list.length >= 1,
    );
    expect(failed).toMatchObject({ attempt: 1, status: "failure" });
    // The first attempt's retry waits (an hour, here) while the manager sends the delivery again, which succeeds.
    await until(
      () => jobState(id),
      (j) => j.state === "retry",
    );
    await h.sql`update pgboss.job set start_after = now() + interval '1 hour' where name = 'crm-delivery' and id = ${id}`;
    const [log] = await h.sql<{ id: string }[]>`
      select id::text from crm_sync_logs where delivery_id = ${deliveryId} and attempt = 1`;
    const resent = await h.request("POST", `/api/crm/logs/${log!.id}/resend`, { cookie: manager.cookie });
    expect(resent.status, resent.text).toBe(200);
    const delivered = await until(
      () => logsOf(deliveryId),
      (list) => list.some((l) => l.status === "success"),
    );
    expect(delivered.map((l) => l.status)).toEqual(["failure", "success"]);

    // The original retry's time comes: it ends without sending or logging anything.
    await h.sql`update pgboss.job set start_after = now() where name = 'crm-delivery' and id = ${id}`;
    const ended = await until(
      () => jobState(id),
      (j) => j.state === "completed" || j.state === "failed",
    );
    expect(ended.state).toBe("completed");
    expect(crm.posts.filter((d) => d === deliveryId)).toHaveLength(2);
    expect(await logsOf(deliveryId)).toHaveLength(2);
  });
});

describe("the manager's connection test", () => {
  it("answers in this server's words before the request's deadline when the CRM does not answer", async () => {
    crm.state.stallGets = true;
    const started = performance.now();
    const tested = await h.request("POST", `/api/crm/integrations/${integrationId}/test`, {
      cookie: manager.cookie,
    });
    const ms = performance.now() - started;
    crm.state.stallGets = false;
    expect(tested.status, tested.text).toBe(200);
    expect(tested.json).toMatchObject({ success: false, statusCode: null });
    expect(tested.json.message).toMatch(
      new RegExp(`^Could not reach ${crm.url}: No complete answer within \\d+(\\.\\d)? s$`),
    );
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - ANSWER_RESERVE_MS - 300);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS);
  });
});
