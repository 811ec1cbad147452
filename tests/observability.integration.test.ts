// What an operator scrapes and traces, from a real server process: GET /metrics in Prometheus's text format with
// the documented series after some traffic, behind its bearer token on the app's port and on a loopback-only
// METRICS_PORT; a request sent with a `traceparent` reaches an OTLP collector stand-in as a span of that trace,
// its access line carrying the trace id, an outbound fetch of it a CLIENT span that sends the trace on; the
// OTEL_BSP_* variables tune the batches; and with no OTLP endpoint, no trace anywhere
// (docs/operations/observability.md).
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { connect, createServer as createTcpServer } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedDatabase } from "../src/server/seed/demo";
import { openDay } from "./support/openHours";
import { type ServerProcess, startServerProcess } from "./support/server-process";

const TOKEN = randomBytes(24).toString("hex");
const TRACE_ID = randomBytes(16).toString("hex");
const PARENT_SPAN_ID = randomBytes(8).toString("hex");

/** A free port of 127.0.0.1 among 4650-4699 (the ones these tests may use), skipping `taken`. */
async function portInRange(taken: readonly number[] = []): Promise<number> {
  for (let port = 4650; port < 4700; port++) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createTcpServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port among 4650-4699");
}

/** Polls `check` until it answers something other than undefined, at most `timeoutMs`. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The access line of the request `answer` answers, from the server's JSON log (written as the answer goes). */
async function accessLine(of: ServerProcess, answer: { headers: Headers }): Promise<Record<string, unknown>> {
  const requestId = answer.headers.get("x-request-id");
  const line = await until("the access line", async () =>
    of
      .stdout()
      .split("\n")
      .find((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"durationMs"')),
  );
  return JSON.parse(line);
}

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number };
type OtlpAttribute = { key: string; value: { stringValue?: string; intValue?: string | number } };

/**
 * The OTLP/HTTP collector stand-in: keeps every span POSTed to /v1/traces (the exporter sends JSON). With
 * `holdFirst`, the answer to the first POST waits for `release()`, so that export stays in flight meanwhile.
 * It also stands in for an OpenID provider the server calls out to: any other request is kept with its
 * `traceparent`, and answered an empty object.
 */
async function startCollector(port: number, { holdFirst = false } = {}) {
  const spans: (OtlpSpan & { attributes: OtlpAttribute[] })[] = [];
  const outbound: { path: string; traceparent: string | string[] | undefined }[] = [];
  let posts = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url !== "/v1/traces")
        outbound.push({ path: req.url ?? "", traceparent: req.headers.traceparent });
      if (req.method === "POST" && req.url === "/v1/traces") {
        posts++;
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
        if (holdFirst && posts === 1) {
          void held.then(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
          return;
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    outbound,
    posts: () => posts,
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const serverUrl = inject("pgServerUrl");
const database = `obs_${randomBytes(6).toString("hex")}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
let sql: postgres.Sql;
let collector: Awaited<ReturnType<typeof startCollector>>;
let server: ServerProcess;
let metricsPort: number;

beforeAll(async () => {
  await admin.unsafe(`create database ${database} template template_kb`);
  sql = postgres(`${serverUrl}/${database}`, { max: 2, onnotice: () => {} });
  await seedDatabase(sql, { scale: 0.01, passwordCost: 1024 });
  collector = await startCollector(await portInRange());
  const port = await portInRange();
  metricsPort = await portInRange([port]);
  server = await startServerProcess(
    {
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // Spans leave only in the shutdown's flush: the test sees that the shutdown sends them.
      OTEL_BSP_SCHEDULE_DELAY: "600000",
      // Sign-in with Google asks this "provider" for its configuration: an outbound fetch to trace.
      GOOGLE_CLIENT_ID: "knowbefore",
      GOOGLE_CLIENT_SECRET: "a-client-secret-for-tests",
      GOOGLE_ISSUER: collector.url,
      ADMIN_PASSWORD_SCRYPT_N: "1024",
      LOG_LEVEL: "info",
    },
    { database, port },
  );
}, 120_000);

afterAll(async () => {
  await server?.dispose();
  await sql?.end();
  await collector?.close();
  await Promise.race([
    admin.unsafe(`drop database if exists ${database} with (force)`).catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 10_000)),
  ]);
  await admin.end({ timeout: 1 });
}, 60_000);

async function call(
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; port?: number } = {},
) {
  const headers: Record<string, string> = { origin: server.origin, ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`http://127.0.0.1:${options.port ?? server.port}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

const scrape = () => call("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });

/** The value of one series (name with its labels exactly as the text shows them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  it("answers the named series in Prometheus's text format after some traffic", async () => {
    expect((await call("/api/salespeople?limit=5")).status).toBe(200);
    expect((await call("/api/no-such-route/12345")).status).toBe(404);
    const trpc = await call(`/trpc/salespeople.list?input=${encodeURIComponent('{"json":{}}')}`);
    expect(trpc.status).toBe(200);
    const refused = await call("/api/admin/login", {
      method: "POST",
      body: { email: "nobody@example.org", password: "wrong-password", adminCode: "KB-DEMO-2026" },
    });
    expect(refused.status).toBe(401);

    // A customer signs in by link and books a slot; the same slot again is a conflict.
    const asked = await call("/api/auth/request-login", {
      method: "POST",
      body: { email: "metrics.buyer@example.org" },
    });
    expect(asked.status, asked.text).toBe(200);
    const linkToken = new URL(JSON.parse(asked.text).magicLink).searchParams.get("token");
    const redeemed = await call("/api/auth/redeem", { method: "POST", body: { token: linkToken } });
    expect(redeemed.status).toBe(200);
    const session = redeemed.headers.get("set-cookie")!.match(/kb_session=([^;]+)/)![1]!;
    const [person] = await sql<{ id: number; time_zone: string }[]>`
      select id, time_zone from salespeople where dealership_id is not null order by id limit 1`;
    const day = openDay(person!.time_zone, 3);
    const grid = await call(`/api/appointments/salesperson/${person!.id}/${day}`);
    const slot = (JSON.parse(grid.text).slots as { state: string; time: string }[]).find(
      (s) => s.state === "available",
    );
    const booking = {
      salespersonId: person!.id,
      date: day,
      time: slot!.time,
      appointmentType: "Test Drive",
      customerName: "Metrics Buyer",
      customerPhone: "(512) 555-0101",
    };
    const auth = { authorization: `Bearer ${session}` };
    expect((await call("/api/appointments", { method: "POST", body: booking, headers: auth })).status).toBe(
      201,
    );
    expect((await call("/api/appointments", { method: "POST", body: booking, headers: auth })).status).toBe(
      409,
    );

    // The booking's notice goes out as a job (logged, without SMTP_URL): counted once its job is done.
    const text = await until("the booking notice's delivery", async () => {
      const answer = await scrape();
      return sample(answer.text, 'outbound_deliveries_total{kind="email",result="ok"}')
        ? answer.text
        : undefined;
    });
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");

    // Requests by route template and status, never by raw path; tRPC by procedure.
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/salespeople",status="200"}'),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="trpc:salespeople.list",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/appointments/salesperson/:id/:date",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/salespeople",status="200"}',
      ),
    ).toBeGreaterThan(0);
    expect(text).not.toMatch(/route="[^"]*(12345|no-such-route)/);
    expect(text).not.toMatch(/route="\/metrics"/);

    expect(sample(text, 'sign_ins_total{method="password",result="failed"}')).toBe(1);
    expect(sample(text, 'sign_ins_total{method="magic_link",result="ok"}')).toBe(1);
    expect(sample(text, 'bookings_total{result="booked"}')).toBe(1);
    expect(sample(text, 'bookings_total{result="conflict"}')).toBe(1);

    // Node's own series.
    for (const series of [
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "process_resident_memory_bytes",
      "nodejs_active_handles_total",
    ])
      expect(sample(text, series), series).toBeGreaterThan(0);
    expect(text).toContain("# TYPE nodejs_gc_duration_seconds histogram");

    // Pools: their configured size, this process's connections (browse opened one), the probe.
    for (const pool of ["sql", "browseSql", "searchSql"]) {
      expect(sample(text, `db_pool_max_connections{pool="${pool}"}`)).toBeGreaterThan(1);
      expect(sample(text, `db_pool_probe_seconds{pool="${pool}"}`)).toBeGreaterThan(0);
    }
    const browseOpen =
      (sample(text, 'db_pool_connections{pool="browseSql",state="in_use"}') ?? 0) +
      (sample(text, 'db_pool_connections{pool="browseSql",state="idle"}') ?? 0);
    expect(browseOpen).toBeGreaterThan(0);

    // Job queues: every queue by state, and the age of its oldest due job.
    for (const state of ["created", "retry", "active"])
      expect(sample(text, `job_queue_depth{queue="crm-delivery",state="${state}"}`)).toBe(0);
    const oldest = sample(text, 'job_queue_oldest_waiting_seconds{queue="appointment-notice"}');
    expect(Number.isFinite(oldest), "a number for the queue's oldest waiting job").toBe(true);
  });

  it("is a 404 without the token or with a wrong one, and scrapes are not access-logged", async () => {
    const before = server.stdout().split("\n").length;
    expect((await call("/metrics")).status).toBe(404);
    expect((await call("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(404);
    expect((await call("/metrics", { headers: { authorization: TOKEN } })).status).toBe(404);
    expect((await scrape()).status).toBe(200);
    const logged = server
      .stdout()
      .split("\n")
      .slice(before - 1);
    expect(logged.filter((line) => line.includes("/metrics"))).toEqual([]);
  });

  it("answers on METRICS_PORT at 127.0.0.1 without a token, and is not bound to other addresses", async () => {
    const answer = await call("/metrics", { port: metricsPort });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("# TYPE http_request_duration_seconds histogram");
    expect((await call("/", { port: metricsPort })).status).toBe(404);
    // 127.0.0.2 is loopback too, but not the address the listener is bound to.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ host: "127.0.0.2", port: metricsPort });
      socket.once("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });
});

describe("traces", () => {
  it("a request with a traceparent is a server span of that trace, and its log lines carry the trace id", async () => {
    const traceparent = `00-${TRACE_ID}-${PARENT_SPAN_ID}-01`;
    const answer = await call("/api/salespeople?limit=3", { headers: { traceparent } });
    expect(answer.status).toBe(200);

    // The access line of that request, in the JSON log, carries the trace and the server span.
    const logged = await accessLine(server, answer);
    expect(logged.traceId).toBe(TRACE_ID);
    expect(logged.spanId).toMatch(/^[0-9a-f]{16}$/);

    // An outbound fetch inside a request (the provider's discovery) is a CLIENT span, child of the request's
    // span, and carries the trace on in its own `traceparent`.
    const signInTrace = randomBytes(16).toString("hex");
    await call("/api/auth/oidc/google/start", {
      headers: { traceparent: `00-${signInTrace}-${PARENT_SPAN_ID}-01` },
    });
    const discovery = collector.outbound.find((r) => r.path === "/.well-known/openid-configuration");
    expect(discovery?.traceparent).toMatch(new RegExp(`^00-${signInTrace}-[0-9a-f]{16}-01$`));

    // Spans leave in batches; the shutdown flushes the last batch before the process exits.
    expect(collector.spans.filter((s) => s.traceId === TRACE_ID)).toEqual([]);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const span = collector.spans.find((s) => s.traceId === TRACE_ID);
    expect(span).toMatchObject({
      name: "GET /api/salespeople",
      kind: 2, // SERVER
      parentSpanId: PARENT_SPAN_ID,
      spanId: logged.spanId,
    });
    const attributes = Object.fromEntries(
      span!.attributes.map((a) => [a.key, a.value.stringValue ?? Number(a.value.intValue)]),
    );
    expect(attributes).toMatchObject({
      "http.request.method": "GET",
      "http.route": "/api/salespeople",
      "http.response.status_code": 200,
      "url.path": "/api/salespeople",
      "url.scheme": "http",
      "server.address": "127.0.0.1",
      "user_agent.original": "node",
    });
    const signInServer = collector.spans.find((s) => s.traceId === signInTrace && s.kind === 2);
    const signInClient = collector.spans.find((s) => s.traceId === signInTrace && s.kind === 3); // CLIENT
    expect(signInServer?.parentSpanId).toBe(PARENT_SPAN_ID);
    expect(signInClient?.parentSpanId).toBe(signInServer?.spanId);
    expect(discovery?.traceparent).toBe(`00-${signInTrace}-${signInClient?.spanId}-01`);
    const trpcSpan = collector.spans.find((s) => s.name === "GET trpc:salespeople.list");
    expect(Object.fromEntries(trpcSpan!.attributes.map((a) => [a.key, a.value.stringValue]))).toMatchObject({
      "rpc.system": "trpc",
      "rpc.method": "salespeople.list",
    });
  });

  it("the OTEL_BSP_* variables tune the batches: spans beyond OTEL_BSP_MAX_QUEUE_SIZE wait for no export", async () => {
    const held = await startCollector(await portInRange(), { holdFirst: true });
    const tuned = await startServerProcess(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: held.url,
        OTEL_BSP_SCHEDULE_DELAY: "600000",
        // A batch of one span leaves at once; while it is in flight, one more span may wait and the rest are dropped.
        OTEL_BSP_MAX_QUEUE_SIZE: "1",
        OTEL_BSP_MAX_EXPORT_BATCH_SIZE: "1",
        LOG_LEVEL: "info",
      },
      { database, port: await portInRange() },
    );
    try {
      // The first span (the start-up's health check, or whatever the server traced first) is sent at once, not
      // after the delay, and left unanswered: its export stays in flight.
      await until("the first export", async () => (held.posts() > 0 ? true : undefined));
      // Four requests meanwhile: each answers at once, and the queue keeps one span at most (with the default
      // of 2,048 every one would be exported). Another span the server makes meanwhile only takes the place.
      const sent = Array.from({ length: 4 }, () => randomBytes(16).toString("hex"));
      for (const traceId of sent) {
        const answer = await fetch(`http://127.0.0.1:${tuned.port}/api/salespeople?limit=1`, {
          headers: { traceparent: `00-${traceId}-${PARENT_SPAN_ID}-01` },
          signal: AbortSignal.timeout(5_000),
        });
        expect(answer.status).toBe(200);
      }
      held.release();
      tuned.child.kill("SIGTERM");
      expect(await tuned.exited).toBe(0);
      const exported = held.spans.map((s) => `${s.name} ${s.traceId}`);
      expect(
        sent.filter((traceId) => exported.some((span) => span.endsWith(traceId))).length,
        `exported: ${exported.join(", ")}`,
      ).toBeLessThanOrEqual(1);
      // Everything that was not dropped did leave: the held export and what waited, at the shutdown's flush.
      expect(held.spans.length, `exported: ${exported.join(", ")}`).toBe(2);
    } finally {
      await tuned.dispose();
      await held.close();
    }
  });

  it("without an OTLP endpoint: no trace fields in the log, and nothing sent", async () => {
    const posts = collector.posts();
    const plain = await startServerProcess({ LOG_LEVEL: "info" }, { database, port: await portInRange() });
    try {
      const answer = await fetch(`http://127.0.0.1:${plain.port}/api/salespeople?limit=3`, {
        headers: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN_ID}-01` },
      });
      expect(answer.status).toBe(200);
      expect(await accessLine(plain, answer)).not.toHaveProperty("traceId");
      expect(plain.stdout()).not.toContain("traceId");
      expect(plain.stdout()).not.toContain("tracing:");
      plain.child.kill("SIGTERM");
      expect(await plain.exited).toBe(0);
      expect(collector.posts()).toBe(posts);
    } finally {
      await plain.dispose();
    }
  });
});
