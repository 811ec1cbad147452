// What an operator relies on: JSON log lines that carry the request id the answer names and never a secret,
// readiness that tells a load balancer the truth about the database and migrations, and a shutdown that
// lets requests in flight finish and then exits.
import { request as httpRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../src/server/app";
import { createDatabase } from "../src/server/db/client";
import { createHarness } from "./support/harness";
import { freePort, type ServerProcess, startServerProcess } from "./support/server-process";

type LogRecord = {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  err?: { stack: string };
  [field: string]: unknown;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const h = await createHarness({}, { captureLog: true });

/** The lines logged from `from` on, each parsed (a line that is not one JSON object fails the test). */
function logged(from: number): LogRecord[] {
  return h.logLines.slice(from).map((line) => {
    expect(line, "one JSON object per line").toMatch(/^\{.*\}$/);
    return JSON.parse(line) as LogRecord;
  });
}

describe("structured logs", () => {
  it("writes JSON lines that carry the request's id, which the answer echoes; forwarded ids are checked", async () => {
    // Security events cannot be stored for a while, so the sign-in service itself logs a warning mid-request.
    await h.sql`alter table security_events rename to security_events_away`;
    try {
      const { token: sessionToken, cookie } = await h.signIn("ops-customer@example.org");
      const email = "ops-visitor@example.org";

      let from = h.logLines.length;
      const login = await h.request("POST", "/api/auth/request-login", {
        body: { email },
        cookie,
        headers: { authorization: `Bearer ${sessionToken}` },
      });
      expect(login.status).toBe(200);
      const loginId = login.headers.get("x-request-id");
      expect(loginId).toMatch(UUID);
      const loginLines = logged(from);
      expect(loginLines.map((r) => r.msg)).toEqual([
        "could not record security event login_link_requested",
        expect.stringMatching(/^POST \/api\/auth\/request-login 200 [\d.]+ ms$/),
      ]);
      for (const line of loginLines) {
        expect(line.requestId).toBe(loginId);
        expect(Date.parse(line.time)).not.toBeNaN();
      }
      expect(loginLines[0]).toMatchObject({
        level: "warn",
        err: { stack: expect.stringMatching(/\n {4}at /) },
      });
      expect(loginLines[1]).toMatchObject({
        level: "info",
        method: "POST",
        path: "/api/auth/request-login",
        status: 200,
        durationMs: expect.any(Number),
      });

      // A load balancer's id is reused, on the answer and on every line of that request.
      const linkToken = new URL(h.smtp.lastLinkFor(email)!).searchParams.get("token")!;
      expect(linkToken).toBeTruthy();
      const forwarded = "lb-Req.0001_abcdef";
      from = h.logLines.length;
      const redeem = await h.request("POST", "/api/auth/redeem", {
        body: { token: linkToken },
        headers: { "x-request-id": forwarded },
      });
      expect(redeem.status).toBe(200);
      expect(redeem.headers.get("x-request-id")).toBe(forwarded);
      const redeemLines = logged(from);
      expect(redeemLines.length).toBeGreaterThanOrEqual(2);
      for (const line of redeemLines) expect(line.requestId).toBe(forwarded);

      // Ids that could carry anything else (spaces, markup, too short or long) are replaced with our own.
      for (const bad of [
        "short",
        "has spaces in it",
        "<script>alert(1)</script>",
        "x".repeat(129),
        "a\u00e9bcdefgh",
      ]) {
        from = h.logLines.length;
        const res = await h.request("GET", `/api/salesperson/auth/verify?token=${linkToken}`, {
          headers: { "x-request-id": bad },
        });
        const id = res.headers.get("x-request-id");
        expect(id, bad).toMatch(UUID);
        const lines = logged(from);
        expect(lines.length).toBeGreaterThanOrEqual(1);
        for (const line of lines) expect(line.requestId).toBe(id);
        // The query string (a token here) is not logged, only the path.
        expect(lines.at(-1)).toMatchObject({ path: "/api/salesperson/auth/verify" });
      }

      // tRPC too: the answer names the id the lines carry.
      from = h.logLines.length;
      const input = encodeURIComponent(JSON.stringify({ json: { token: linkToken } }));
      const trpc = await h.request("GET", `/trpc/auth.describeLink?input=${input}`, { cookie });
      const trpcId = trpc.headers.get("x-request-id");
      expect(trpcId).toMatch(UUID);
      const trpcLines = logged(from);
      expect(trpcLines.at(-1)).toMatchObject({ path: "/trpc/auth.describeLink", requestId: trpcId });

      // No secret sent in any request reached any line.
      const everything = h.logLines.join("\n");
      for (const secret of [sessionToken, linkToken, `Bearer ${sessionToken}`, cookie]) {
        expect(everything).not.toContain(secret);
      }
    } finally {
      await h.sql`alter table security_events_away rename to security_events`;
    }
  });

  it("names the request id on error answers and 404s too, and logs one access line each", async () => {
    for (const [path, status] of [
      ["/api/no-such-route", 404],
      ["/no-such-page", 404],
      ["/uploads/00000000-0000-0000-0000-000000000000.webp", 404],
    ] as const) {
      const from = h.logLines.length;
      const res = await h.request("GET", `${path}?secret=s3cr3t-in-query`);
      expect(res.status, path).toBe(status);
      const id = res.headers.get("x-request-id");
      expect(id, path).toMatch(UUID);
      const access = logged(from).filter((r) => r.path !== undefined);
      expect(access, path).toEqual([expect.objectContaining({ path, status, requestId: id })]);
    }
    expect(h.logLines.join("\n")).not.toContain("s3cr3t-in-query");
  });
});

describe("readiness", () => {
  it("answers ready when the database answers and every migration is applied, and needs no session", async () => {
    const res = await h.request("GET", "/api/ready");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ready", database: "ok", migrations: "current" });
    expect(res.headers.get("x-request-id")).toMatch(UUID);
    // Probes are frequent: never throttled.
    const burst = await Promise.all(Array.from({ length: 30 }, () => h.request("GET", "/api/ready")));
    expect(burst.map((r) => r.status)).toEqual(Array(30).fill(200));
    const health = await h.request("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("x-request-id")).toMatch(UUID);
  });

  it("answers 503 NOT_READY, without the database's own words, when the database cannot be reached", async () => {
    const closed = await freePort();
    const dead = createDatabase(`postgres://kb:s3cr3t@127.0.0.1:${closed}/kb`, { max: 1 });
    try {
      const app = createApp({ ...h.deps, sql: dead.sql }, { clientDir: "/nonexistent" });
      // A session cookie is not looked up by the probes, so a dead database does not matter to them.
      const headers = { cookie: "kb_session=whatever" };
      const ready = await app.request("/api/ready", { headers });
      expect(ready.status).toBe(503);
      const text = await ready.text();
      expect(JSON.parse(text)).toEqual({
        status: "not-ready",
        database: "unreachable",
        migrations: "unknown",
        message: "The database cannot be reached",
        code: "NOT_READY",
      });
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|s3cr3t|postgres|connect/i);
      expect(ready.headers.get("x-request-id")).toMatch(UUID);
      const health = await app.request("/api/health", { headers });
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
    } finally {
      await dead.end({ timeout: 1 });
    }
  });

  it("answers 503 NOT_READY while a migration of this release is not applied", async () => {
    const [last] = await h.sql<{ id: number; hash: string; created_at: string }[]>`
      delete from drizzle.__drizzle_migrations
       where id = (select max(id) from drizzle.__drizzle_migrations)
      returning id, hash, created_at`;
    expect(last).toBeDefined();
    try {
      const res = await h.request("GET", "/api/ready");
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        status: "not-ready",
        database: "ok",
        migrations: "pending",
        message: expect.stringMatching(/^Database migrations are not current \(\d+ of \d+ applied\)$/),
        code: "NOT_READY",
      });
    } finally {
      await h.sql`
        insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${last!.id}, ${last!.hash}, ${last!.created_at})`;
    }
    expect((await h.request("GET", "/api/ready")).status).toBe(200);
  });
});

describe("graceful shutdown", () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.dispose();
  }, 60_000);

  it("on SIGTERM refuses new connections, lets a request in flight finish with 200, and exits 0 within the bound", async () => {
    const SHUTDOWN_TIMEOUT_MS = 5000;
    server = await startServerProcess({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    const { port, origin } = server;

    // A request whose body arrives slowly: the server is handling it (waiting to read it) across the signal.
    const body = JSON.stringify({ email: "slow-visitor@example.org" });
    const half = Math.floor(body.length / 2);
    let slowRequest: ReturnType<typeof httpRequest> | undefined;
    const answer = new Promise<{ status: number; text: string; requestId: string | undefined }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/auth/request-login",
            agent: false,
            headers: {
              origin,
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                text: Buffer.concat(chunks).toString(),
                requestId: res.headers["x-request-id"] as string | undefined,
              }),
            );
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, half));
        slowRequest = req;
      },
    );
    await new Promise((r) => setTimeout(r, 500));

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 700));
    // The listener is closed: a new connection is refused while the request above is still in flight.
    const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => null,
      (error: { cause?: { code?: string } }) => error.cause?.code ?? "failed",
    );
    expect(refused).toBe("ECONNREFUSED");
    expect(server.child.exitCode).toBeNull();

    slowRequest!.end(body.slice(half));
    const finished = await answer;
    expect(finished.status, finished.text).toBe(200);
    expect(JSON.parse(finished.text).message).toMatch(/sign-in link/);
    expect(finished.requestId).toMatch(UUID);

    const code = await server.exited;
    const took = Date.now() - signalled;
    expect(code).toBe(0);
    expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 3000);

    // Its output: JSON lines, the slow request's lines under its id, one line when done.
    const lines = server
      .stdout()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogRecord);
    expect(lines.map((r) => r.msg)).toContain(`SIGTERM: shutting down (at most ${SHUTDOWN_TIMEOUT_MS} ms)`);
    expect(lines.at(-1)?.msg).toMatch(/^shutdown complete in \d+ ms$/);
    expect(lines.some((r) => r.msg.startsWith("mode: development"))).toBe(true);
    expect(lines.filter((r) => r.requestId === finished.requestId).at(-1)).toMatchObject({
      path: "/api/auth/request-login",
      status: 200,
    });
    expect(server.stderr()).toBe("");
  }, 120_000);
});
